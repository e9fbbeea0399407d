/**
 * A value many requests read and few people write (semesters, rooms, the structure lists, the side menu, the
 * authorization parameters): kept in this process for a few seconds instead of read from KV on every request.
 * A write in this process replaces or drops the copy at once; another process's write shows within the time to
 * live. Tied to the open KV, so a test's fresh store never sees another store's copy.
 */
import { db } from "./kv.ts";

export interface CachedValue<T> {
  get(): Promise<T>;
  /** The value as last loaded for this KV, for synchronous readers (the shell renders synchronously). */
  peek(): T | undefined;
  /** Keeps a value this process just wrote. */
  set(value: T): void;
  invalidate(): void;
  /** Awaits a write, then drops the copy (after, so a read racing the write cannot re-cache old data). */
  after<R>(write: Promise<R>): Promise<R>;
}

export function cachedValue<T>(ttlMs: number, load: () => Promise<T>): CachedValue<T> {
  let cached: { kv: Deno.Kv; at: number; value: Promise<T>; resolved?: T } | null = null;
  const remember = (kv: Deno.Kv, value: Promise<T>) => {
    const entry: NonNullable<typeof cached> = { kv, at: Date.now(), value };
    value.then((v) => (entry.resolved = v), () => cached === entry && (cached = null));
    cached = entry;
  };
  return {
    get() {
      const kv = db();
      if (!cached || cached.kv !== kv || Date.now() - cached.at > ttlMs) remember(kv, load());
      return cached!.value;
    },
    peek() {
      const kv = db();
      if (!cached || cached.kv !== kv) return undefined;
      // A stale copy is still served, and refreshed in the background.
      if (Date.now() - cached.at > ttlMs) this.get().catch(() => {});
      return cached.resolved;
    },
    set(value) {
      cached = { kv: db(), at: Date.now(), value: Promise.resolve(value), resolved: value };
    },
    invalidate() {
      cached = null;
    },
    async after<R>(write: Promise<R>): Promise<R> {
      try {
        return await write;
      } finally {
        cached = null;
      }
    },
  };
}
