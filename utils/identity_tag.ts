/**
 * A number naming one object for as long as it lives: a cache key for markup rendered from a shared value that
 * is replaced, never changed in place (the lists services keep for a few seconds). A new copy gets a new number.
 */
const tags = new WeakMap<object, number>();
let last = 0;

export function identityTag(value: object): number {
  let tag = tags.get(value);
  if (tag === undefined) tags.set(value, tag = ++last);
  return tag;
}

/**
 * `derive(source)` computed once per source object (and key), so that its result keeps one identity too. What
 * follows the key is handed to `derive` on a miss only: the key must name everything in it the result depends on.
 */
export function memoByIdentity<S extends object, R, C extends unknown[] = []>(
  derive: (source: S, key: string, ...context: C) => R,
) {
  const memo = new WeakMap<S, Map<string, R>>();
  return (source: S, key = "", ...context: C): R => {
    let byKey = memo.get(source);
    if (!byKey) memo.set(source, byKey = new Map());
    let result = byKey.get(key);
    if (result === undefined) byKey.set(key, result = derive(source, key, ...context));
    return result;
  };
}

/**
 * Freezes a list and its items in place, keeping its type (islands' props take plain arrays): shared copies stay
 * as made, which is what lets framework/serialize.ts write a frozen list's JSON once (it checks the list only).
 */
export function frozen<T>(list: T[]): T[] {
  for (const item of list) if (typeof item === "object" && item !== null) Object.freeze(item);
  Object.freeze(list);
  return list;
}
