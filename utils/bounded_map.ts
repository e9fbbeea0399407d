/**
 * A Map used as a bounded memo: entries in the order they were last kept (or last used), the oldest dropped
 * when a new one would exceed the bound. Every in-process memo of the app keeps its size this one way.
 */

/** Keeps `value` under `key` as the newest entry, first dropping the oldest when `map` already holds `max`. */
export function keepBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * The value under `key`, made the newest entry: what is used goes last, so the least recently used goes first.
 * Moving it costs in proportion to the entries held (V8 rebuilds the table: measured 60 ns at 32 entries, 0.7 µs
 * at 500, 2.5 µs at 2,000), so a large memo read on every request reads with `get` and evicts in insertion
 * order (framework/memoized_router.ts).
 */
export function getRecent<K, V>(map: Map<K, V>, key: K): V | undefined {
  if (!map.has(key)) return undefined;
  const value = map.get(key)!;
  map.delete(key);
  map.set(key, value);
  return value;
}
