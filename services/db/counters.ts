/**
 * Counters: a whole number at a key (0 while absent) that a write moves in the same atomic as what it counts —
 * an unread badge with its items, a log's head with its entry, a collection's id counter with the record, a
 * timetable slot with the lesson that takes it. The atomic checks the value the write read, so two writers can
 * never both move the same old value: the later one fails its commit and retries (db/retry.ts).
 */

/** The number a counter entry holds; 0 when absent or holding anything else. */
export function counterValue(entry: Deno.KvEntryMaybe<unknown>): number {
  return Number.isSafeInteger(entry.value) ? entry.value as number : 0;
}

/**
 * Adds to `atomic` the check of `entry` (as read) and its value moved by `by`, never below `floor` (an unread
 * count below zero would be shown as a badge). Returns the new value.
 */
export function moveCounter(
  atomic: Deno.AtomicOperation,
  entry: Deno.KvEntryMaybe<unknown>,
  by: number,
  opts: { floor?: number } = {},
): number {
  const next = Math.max(counterValue(entry) + by, opts.floor ?? -Infinity);
  atomic.check(entry).set(entry.key, next);
  return next;
}
