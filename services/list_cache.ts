/**
 * Small collections that many pages read and few people write (semesters, rooms): kept in this process for a
 * few seconds instead of listed from KV on every request. A write in this process drops the copy at once;
 * another process's write shows within the time to live. Tied to the open KV, so a test's fresh store never
 * sees another store's copy.
 */
import { db } from "./db.ts";

export interface CachedList<T> {
  get(): Promise<T>;
  invalidate(): void;
  /** Awaits a write, then drops the copy (after, so a read racing the write cannot re-cache old data). */
  after<R>(write: Promise<R>): Promise<R>;
}

export function cachedList<T>(ttlMs: number, load: () => Promise<T>): CachedList<T> {
  let cached: { kv: Deno.Kv; at: number; value: Promise<T> } | null = null;
  return {
    get() {
      const kv = db();
      if (!cached || cached.kv !== kv || Date.now() - cached.at > ttlMs) {
        const value = load();
        cached = { kv, at: Date.now(), value };
        value.catch(() => (cached = null));
      }
      return cached.value;
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
