/**
 * What the public form needs besides the applicant's own values: the programs open for applications and the
 * citizenships offered (any ISO 3166 two-letter code is accepted; these are the usual ones), named in the
 * page's language. The programs are kept in this process (db/cached_value.ts) under the structure's version
 * keys, whose versions are read at most once a second, so the public page under load from anyone almost never
 * reads KV.
 */
import type { Program } from "../academic/model.ts";
import { cachedValue } from "../db/cached_value.ts";
import { db } from "../db/kv.ts";
import { STRUCTURE_VERSION_KEYS } from "../students/structure.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface Choice {
  value: string;
  label: string;
}

const CITIZENSHIPS = [
  "GE",
  "AM",
  "AZ",
  "UA",
  "TR",
  "RU",
  "BY",
  "KZ",
  "UZ",
  "IL",
  "IR",
  "IQ",
  "IN",
  "EG",
  "NG",
  "DE",
  "FR",
  "GB",
  "US",
  "PL",
];

const citizenshipCache = new Map<Lang, Choice[]>();

export function citizenshipChoices(lang: Lang): Choice[] {
  let choices = citizenshipCache.get(lang);
  if (!choices) {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    const [home, ...rest] = CITIZENSHIPS.map((code) => ({ value: code, label: names.of(code) ?? code }));
    choices = [home, ...rest.sort((a, b) => a.label.localeCompare(b.label, lang))];
    citizenshipCache.set(lang, choices);
  }
  return choices;
}

const openPrograms = cachedValue<Record<Lang, Choice[]>>({
  name: "admission_programs",
  versionKeys: STRUCTURE_VERSION_KEYS,
  maxAgeMs: 60_000,
  async load() {
    const programs: Program[] = [];
    for await (const e of db().list<Program>({ prefix: ["programs"] })) programs.push(e.value);
    const active = programs.filter((p) => p.status === "active").sort((a, b) => a.code.localeCompare(b.code));
    const label = (lang: Lang) =>
      active.map((p) => ({
        value: String(p.id),
        label: `${p.code} — ${lang === "en" ? p.nameEn : p.nameKa}`,
      }));
    return { ka: label("ka"), en: label("en") };
  },
});

/** The version keys are read at most this often; in between, the copy this process holds is used as it is. */
const CHECK_EVERY_MS = 1000;
let checkedAt = 0;

const versions = new WeakMap<Choice[], number>();
let lastVersion = 0;

/** A name for this list of choices, new whenever the programs were loaded anew: a cache key for the markup. */
export function choicesVersion(choices: Choice[]): number {
  let version = versions.get(choices);
  if (version === undefined) versions.set(choices, version = ++lastVersion);
  return version;
}

/** Active programs, by code, labelled "code — name" in `lang`. */
export async function programChoices(lang: Lang): Promise<Choice[]> {
  const now = Date.now();
  const held = now - checkedAt < CHECK_EVERY_MS ? openPrograms.peek() : undefined;
  if (held) return held[lang];
  checkedAt = now;
  return (await openPrograms.get())[lang];
}
