/**
 * The HR records held in memory for the lists (/hr is the staff's landing page; reading ~500 records from KV
 * costs ~5 ms, filtering them in memory microseconds). A snapshot is fresh while two keys keep their
 * versionstamps: the collection's id counter, which every create advances in its own atomic (demo data too,
 * through reserveIds), and `["meta", "hr_version"]`, which `updateHr` sets right after its commit. That one
 * step is not atomic with the edit, so another process may list the old row for the moment in between; a
 * snapshot is also never older than a minute, which bounds even a process that died in that moment.
 */
import type { HrPerson } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import type { StoredRecord } from "../db/records.ts";
import type { Lang } from "../../utils/i18n.ts";

type HrRecord = StoredRecord<HrPerson, number>;

export const HR_VERSION_KEY: Deno.KvKey = ["meta", "hr_version"];
const COUNTER_KEY: Deno.KvKey = ["counters", "hr"];
const MAX_AGE_MS = 60_000;

export interface HrSnapshot {
  records: HrRecord[];
  /** Lower-case names in both scripts, email and position, for the text filter. */
  haystacks: Map<number, string>;
  /** Records by last and first name in a language's script, made on first use. */
  sorted(lang: Lang): HrRecord[];
}

interface Held extends HrSnapshot {
  kv: Deno.Kv;
  stamps: string;
  at: number;
}

let held: Held | null = null;
let loading: { kv: Deno.Kv; stamps: string; promise: Promise<Held> } | null = null;

const collators: Record<Lang, Intl.Collator> = { ka: new Intl.Collator("ka"), en: new Intl.Collator("en") };

/** The snapshot as of now: the held one if still fresh, else one read anew (concurrent callers share it). */
export async function hrSnapshot(): Promise<HrSnapshot> {
  const kv = db();
  const [version, counter] = await kv.getMany([HR_VERSION_KEY, COUNTER_KEY]);
  const stamps = `${version.versionstamp}|${counter.versionstamp}`;
  // The connection is part of the identity: tests open fresh :memory: stores whose versionstamps repeat.
  if (held && held.kv === kv && held.stamps === stamps && Date.now() - held.at < MAX_AGE_MS) return held;
  if (!loading || loading.kv !== kv || loading.stamps !== stamps) {
    const promise = load(kv, stamps).then((snapshot) => {
      held = snapshot;
      return snapshot;
    }).finally(() => {
      if (loading?.promise === promise) loading = null;
    });
    loading = { kv, stamps, promise };
  }
  return await loading.promise;
}

/** Marks every process's snapshot stale after an edit (creates advance the counter themselves). */
export async function hrChanged(): Promise<void> {
  held = null;
  await db().set(HR_VERSION_KEY, Date.now());
}

async function load(kv: Deno.Kv, stamps: string): Promise<Held> {
  const records: HrRecord[] = [];
  for await (const entry of kv.list<HrPerson>({ prefix: ["hr"] })) {
    records.push({ id: entry.key[1] as number, value: entry.value, versionstamp: entry.versionstamp });
  }
  const haystacks = new Map(records.map(({ id, value: p }) => [
    id,
    [p.firstNameKa, p.lastNameKa, p.firstNameEn, p.lastNameEn, p.email, p.position].join(" ").toLowerCase(),
  ]));
  const orders: Partial<Record<Lang, HrRecord[]>> = {};
  const sorted = (lang: Lang) => (orders[lang] ??= sortByName(records, lang));
  return { kv, stamps, at: Date.now(), records, haystacks, sorted };
}

function sortByName(records: HrRecord[], lang: Lang): HrRecord[] {
  const collator = collators[lang];
  const [last, first] = lang === "en"
    ? ["lastNameEn", "firstNameEn"] as const
    : ["lastNameKa", "firstNameKa"] as const;
  return [...records].sort((a, b) =>
    collator.compare(a.value[last], b.value[last]) || collator.compare(a.value[first], b.value[first]) ||
    a.id - b.id
  );
}
