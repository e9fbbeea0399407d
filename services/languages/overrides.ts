/**
 * Translations edited on the language screen override the shipped locale files of this application (the
 * `admin_side`) for everyone at once. Edits live in KV (`["translations", side, lang, key]`, written by
 * languages/mod.ts) and every edit adds 1 to `["meta", "translations_version"]` (a KvU64) in the same atomic.
 *
 * Every request translates synchronously, so each process keeps a snapshot of the admin side's ka and en
 * edits, listed again only when the version key moved. Every signed-in page reads the key before it renders
 * (routes/_middleware.ts: one KV read), so it shows an edit made through any instance at once; public pages
 * and API messages read it at most once a second in the background (they show another instance's edit within
 * about a second). A write in this process refreshes the snapshot before it answers.
 */
import { db } from "../db/kv.ts";
import type { Lang } from "../../utils/i18n.ts";
import { logEvent } from "../operations/log.ts";
import { inBackground } from "../../utils/background.ts";

export const TRANSLATIONS_VERSION_KEY: Deno.KvKey = ["meta", "translations_version"];
export const ADMIN_SIDE = "admin_side";
const FRESH_MS = 1000;

export interface OverrideSnapshot {
  /** 0: nothing was ever edited. */
  version: number;
  /** Flat key → text; empty texts (keys found but not translated yet) are left out. */
  byLang: Record<Lang, Record<string, string>>;
  /** Whether a language has any edit (asked on every request). */
  edited: Record<Lang, boolean>;
}

const EMPTY: OverrideSnapshot = { version: 0, byLang: { ka: {}, en: {} }, edited: { ka: false, en: false } };

let current: { kv: Deno.Kv; snapshot: OverrideSnapshot; checkedAt: number } | null = null;
let loading: Promise<OverrideSnapshot> | null = null;

async function load(kv: Deno.Kv): Promise<OverrideSnapshot> {
  const stored = (await kv.get<Deno.KvU64>(TRANSLATIONS_VERSION_KEY)).value;
  const version = stored ? Number(stored.value) : 0;
  if (current?.kv === kv && current.snapshot.version === version) {
    current.checkedAt = Date.now();
    return current.snapshot;
  }
  const byLang: OverrideSnapshot["byLang"] = { ka: {}, en: {} };
  for (const lang of ["ka", "en"] as const) {
    for await (const entry of kv.list<string>({ prefix: ["translations", ADMIN_SIDE, lang] })) {
      if (entry.value) byLang[lang][entry.key[3] as string] = entry.value;
    }
  }
  const edited = { ka: Object.keys(byLang.ka).length > 0, en: Object.keys(byLang.en).length > 0 };
  const snapshot = { version, byLang, edited };
  current = { kv, snapshot, checkedAt: Date.now() };
  return snapshot;
}

/** Reads the edits now (at start-up, and after a write in this process). */
export function refreshTranslationOverrides(): Promise<OverrideSnapshot> {
  const kv = db();
  const run = load(kv).finally(() => {
    if (loading === run) loading = null;
  });
  loading = run;
  return run;
}

/** The snapshot for a synchronous render; a stale one is served while a fresh one loads. */
export function translationOverrides(now = Date.now()): OverrideSnapshot {
  let kv: Deno.Kv;
  try {
    kv = db();
  } catch {
    return EMPTY; // no store open (build scripts, unit tests of pure code)
  }
  if (current?.kv !== kv) {
    if (!loading) inBackground(refreshTranslationOverrides());
    return EMPTY;
  }
  if (now - current.checkedAt > FRESH_MS && !loading) {
    current.checkedAt = now; // one refresh at a time, even if it fails
    inBackground(
      refreshTranslationOverrides(),
      (error) => logEvent("error", "translations_refresh_failed", { error }),
    );
  }
  return current.snapshot;
}
