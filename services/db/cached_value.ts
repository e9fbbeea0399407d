/**
 * A value many requests read and few people write (semesters, rooms, the structure lists, the side menu, the
 * authorization parameters, the chat's people): kept in this process instead of read from KV on every request,
 * and correct across processes sharing the KV (ARCHITECTURE §10: one person's requests may land on different
 * instances). Like db/snapshot.ts it is kept by version keys: every `get` reads their versionstamps (one
 * `getMany`, far cheaper than the load it saves) and loads anew when one moved, so a read that starts after a
 * write finished — in this process or another — sees it.
 *
 * Writers move the first version key (`["meta", "cache_version", name]` unless the source names its own) by
 * handing their write to `after`, or calling `changed` once it committed; a source whose data is written by
 * others lists their version keys too (the lessons' version for the sections built from them). `maxAgeMs`
 * bounds what a write that did not move a key (a bulk import, a restore) can leave behind. Tied to the open KV,
 * so a test's fresh store never sees another store's copy.
 */
import { db } from "./kv.ts";

export interface CachedValue<T> {
  /** The value as of version keys read after the call began. */
  get(): Promise<T>;
  /**
   * The value as of this process's last `get`, for synchronous readers that awaited one first (the shell
   * renders synchronously, after its middleware's `get`); undefined before any.
   */
  peek(): T | undefined;
  /** Awaits a write, then moves the version and drops the copy (after, so a racing read cannot keep old data). */
  after<R>(write: Promise<R>): Promise<R>;
  /** Moves the version (every process loads anew at its next `get`) and drops this process's copy. */
  changed(): Promise<void>;
}

export interface CachedValueSource<T> {
  /** Names the default version key `["meta", "cache_version", name]`. */
  name: string;
  load(): Promise<T>;
  /** Version keys to compare instead of the default one (≤ 10); `changed` moves the first. */
  versionKeys?: Deno.KvKey[];
  /** Loads anew after this long even when no version key moved (a write that could not move one). */
  maxAgeMs: number;
}

export const cacheVersionKey = (name: string): Deno.KvKey => ["meta", "cache_version", name];

interface Held<T> {
  kv: Deno.Kv;
  stamps: string;
  at: number;
  value: Promise<T>;
}

export function cachedValue<T>(source: CachedValueSource<T>): CachedValue<T> {
  const versionKeys = source.versionKeys ?? [cacheVersionKey(source.name)];
  let held: Held<T> | null = null;
  // What peek answers: the last load that finished, kept while a newer one runs.
  let shown: { kv: Deno.Kv; value: T } | null = null;

  async function get(): Promise<T> {
    const kv = db();
    const stamps = (await kv.getMany(versionKeys)).map((e) => e.versionstamp ?? "-").join();
    const current = held;
    if (
      current && current.kv === kv && current.stamps === stamps && Date.now() - current.at <= source.maxAgeMs
    ) {
      return current.value;
    }
    const entry: Held<T> = { kv, stamps, at: Date.now(), value: source.load() };
    entry.value.then((value) => {
      if (held === entry) shown = { kv, value };
    }, () => held === entry && (held = null));
    held = entry;
    return entry.value;
  }

  async function changed(): Promise<void> {
    await db().set(versionKeys[0], Date.now());
    held = null;
  }

  return {
    get,
    peek() {
      return shown?.kv === db() ? shown.value : undefined;
    },
    async after<R>(write: Promise<R>): Promise<R> {
      try {
        return await write;
      } finally {
        await changed();
      }
    },
    changed,
  };
}
