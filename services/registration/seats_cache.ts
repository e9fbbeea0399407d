/**
 * The last seat counter this process committed, per section. Every writer of a section's counter in this process
 * commits it while holding the section's queue (db/retry.ts `serialized`), so the entry it wrote is the current
 * one unless another process wrote since — and then the next commit's check fails, the entry is forgotten and
 * the decision reads the counter again. A hot section's decisions thus skip one KV read each.
 */
import { db } from "../db/kv.ts";
import { keys, type SectionSeats } from "./model.ts";

const held = new WeakMap<Deno.Kv, Map<string, Deno.KvEntryMaybe<SectionSeats>>>();

function table(): Map<string, Deno.KvEntryMaybe<SectionSeats>> {
  let map = held.get(db());
  if (!map) held.set(db(), map = new Map());
  return map;
}

/** The counter as last committed here, else as read now. Call it while holding the section's queue. */
export async function seatsEntry(sectionId: string): Promise<Deno.KvEntryMaybe<SectionSeats>> {
  return table().get(sectionId) ?? await db().get<SectionSeats>(keys.seats(sectionId));
}

export function rememberSeats(sectionId: string, value: SectionSeats, versionstamp: string) {
  table().set(sectionId, { key: keys.seats(sectionId), value, versionstamp });
}

export function forgetSeats(sectionId: string) {
  table().delete(sectionId);
}
