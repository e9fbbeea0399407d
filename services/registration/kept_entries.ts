/**
 * Entries as this process last read or committed them, for writers whose atomic checks every entry it relies on:
 * a stale one costs a lost race, never a wrong write, and the try after a lost race reads anew.
 *
 * - Seat counters: every writer of a section's counter in this process commits it while holding the section's
 *   queue (seat_batches.ts, drop.ts), so the counter it committed is the current one unless another process
 *   wrote since. A hot section's decisions thus skip one read each.
 * - What a registration decision reads of the keys that seldom move — the semester's window, the section's
 *   settings, the course's conditions and rule students, the student's record, holds count, transcript totals
 *   and semester version (decide.ts). A decision about to refuse reads them anew as well, since a refusal commits
 *   nothing that would validate them. In a rush a student's later decisions read one key (their registration in
 *   the section) instead of nine, from the KV whose one thread every commit queues on.
 */
import { db, keyId } from "../db/kv.ts";
import { keepBounded } from "../../utils/bounded_map.ts";

/** Entries kept (four per student, a few per section); a full table forgets the one least recently kept. */
const KEPT_MAX = 50_000;
const kept = new WeakMap<Deno.Kv, Map<string, Deno.KvEntryMaybe<unknown>>>();

function table(): Map<string, Deno.KvEntryMaybe<unknown>> {
  let map = kept.get(db());
  if (!map) kept.set(db(), map = new Map());
  return map;
}

export function keepEntry(entry: Deno.KvEntryMaybe<unknown>) {
  const map = table();
  const id = keyId(entry.key);
  // Set anew, so that the entries' order is the order they were last kept in.
  keepBounded(map, id, entry, KEPT_MAX);
}

export function forgetEntry(key: Deno.KvKey) {
  table().delete(keyId(key));
}

/** The entry as kept here, else as read now (and not kept: only a commit says it is current). */
export async function keptEntry<T>(key: Deno.KvKey): Promise<Deno.KvEntryMaybe<T>> {
  return (table().get(keyId(key)) as Deno.KvEntryMaybe<T> | undefined) ?? await db().get<T>(key);
}

/**
 * The entries of `keys`, in order: the `seldom` ones as kept here when `anew` is false (a first try), the rest —
 * and every one on a later try — from KV in one read, the seldom ones then kept; `kept` says whether any came
 * from here (and so is known current only once a commit that checks it succeeds).
 */
export async function keptEntries(
  keys: readonly { key: Deno.KvKey; seldom: boolean }[],
  anew: boolean,
): Promise<{ entries: Deno.KvEntryMaybe<unknown>[]; kept: boolean }> {
  const map = table();
  const out: (Deno.KvEntryMaybe<unknown> | undefined)[] = keys.map(({ key, seldom }) =>
    seldom && !anew ? map.get(keyId(key)) : undefined
  );
  const missing = out.flatMap((entry, i) => entry === undefined ? [i] : []);
  if (missing.length) {
    const read = await db().getMany<unknown[]>(missing.map((i) => keys[i].key));
    missing.forEach((i, n) => {
      out[i] = read[n];
      if (keys[i].seldom) keepEntry(read[n]);
    });
  }
  return { entries: out as Deno.KvEntryMaybe<unknown>[], kept: missing.length < keys.length };
}
