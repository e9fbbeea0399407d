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

/** The value under `key`, made the newest entry: what is used goes last, so the least recently used goes first. */
export function getRecent<K, V>(map: Map<K, V>, key: K): V | undefined {
  if (!map.has(key)) return undefined;
  const value = map.get(key)!;
  map.delete(key);
  map.set(key, value);
  return value;
}
