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
import { kvSnapshot } from "../db/snapshot.ts";
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

const collators: Record<Lang, Intl.Collator> = { ka: new Intl.Collator("ka"), en: new Intl.Collator("en") };

const snapshot = kvSnapshot({ versionKeys: [HR_VERSION_KEY, COUNTER_KEY], load, maxAgeMs: MAX_AGE_MS });

/** The snapshot as of now: the held one if still fresh, else one read anew (concurrent callers share it). */
export function hrSnapshot(): Promise<HrSnapshot> {
  return snapshot.get();
}

/** Marks every process's snapshot stale after an edit (creates advance the counter themselves). */
export async function hrChanged(): Promise<void> {
  await db().set(HR_VERSION_KEY, Date.now());
}

async function load(kv: Deno.Kv): Promise<HrSnapshot> {
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
  return { records, haystacks, sorted };
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
