/**
 * What a registration decision reads of the keys that seldom move — the semester's window, the section's
 * settings, the course's conditions and rule students, the student's record, holds count, transcript totals
 * and semester version — as this process last read or committed them. Every one of them is checked by the
 * decision's atomic, so an entry another writer has moved since costs a lost race, never a wrong decision: the
 * try after a lost race reads them all from KV, and so does a decision about to refuse (a refusal commits
 * nothing that would validate what it relied on). In a registration rush a student's later decisions thus read
 * one key (their registration in the section) instead of nine, from the KV whose one thread every decision's
 * commit queues on.
 */
import { db, keyId } from "../db/kv.ts";

/** Entries kept (four per student and a few per section); a full table forgets its oldest entry. */
const KEPT_MAX = 50_000;
const kept = new WeakMap<Deno.Kv, Map<string, Deno.KvEntryMaybe<unknown>>>();

function table(): Map<string, Deno.KvEntryMaybe<unknown>> {
  let map = kept.get(db());
  if (!map) kept.set(db(), map = new Map());
  return map;
}

function keep(entry: Deno.KvEntryMaybe<unknown>) {
  const map = table();
  const id = keyId(entry.key);
  // Set anew, so that the entries' order is the order they were last seen in.
  map.delete(id);
  if (map.size >= KEPT_MAX) map.delete(map.keys().next().value!);
  map.set(id, entry);
}

/**
 * The entries of `keys`, in order: the `seldom` ones from this process's last view when it has one and
 * `anew` is false (a first try), the rest — and every one on a later try — from KV in one read; `kept` says
 * whether any came from here (and so is known current only once a commit that checks it succeeds).
 */
export async function decisionEntries(
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
      if (keys[i].seldom) keep(read[n]);
    });
  }
  return { entries: out as Deno.KvEntryMaybe<unknown>[], kept: missing.length < keys.length };
}

/** A seldom-moving entry as a commit of this process left it (a decision moves the student's version). */
export function rememberDecisionEntry(entry: Deno.KvEntryMaybe<unknown>) {
  keep(entry);
}
