/**
 * The seed's writer: unconditional sets in atomics filled up to KV's limits, two commits in flight.
 *
 * Why not `bulkSet` (db/kv.ts): it sizes every value with `node:v8` `serialize`, which costs ~30 µs a value — about
 * 18 s of the large data set's 750,000 writes — and commits one atomic at a time. This writer uses a cheap upper
 * bound of the serialized size instead (strings counted as two bytes a character, numbers as nine), so a batch
 * can never exceed a limit, and lets SQLite commit one batch while the next is built.
 */
import { db, KV_LIMITS, valueSize } from "../db/kv.ts";

/** Fractions of KV's per-atomic limits that a batch may fill (the bounds below already overestimate). */
const BATCH = {
  mutations: KV_LIMITS.mutationsPerAtomic,
  bytes: Math.floor(KV_LIMITS.bytesPerAtomic * 0.9),
  keyBytes: Math.floor(KV_LIMITS.keyBytesPerAtomic * 0.9),
} as const;
const IN_FLIGHT = 2;

export class BulkWriter {
  #kv = db();
  #atomic = this.#kv.atomic();
  #count = 0;
  #bytes = 0;
  #keyBytes = 0;
  #pending: Promise<unknown>[] = [];
  /** Totals, for the seed's log. */
  mutations = 0;
  commits = 0;

  /** Queues the sets; resolves once they are committed or in a commit under way (call `close()` at the end). */
  async write(entries: Iterable<readonly [Deno.KvKey, unknown]>): Promise<void> {
    for (const [key, value] of entries) {
      const keyBytes = keyBound(key);
      let bytes = keyBytes + valueBound(value);
      // The bound may overestimate a large value; only then is the exact (slow) size worth computing.
      if (bytes - keyBytes > KV_LIMITS.valueBytes) {
        const exact = valueSize(value);
        if (exact > KV_LIMITS.valueBytes) throw new Error(`value of ${String(key)} is ${exact} bytes`);
        bytes = keyBytes + exact;
      }
      if (
        this.#count + 1 > BATCH.mutations || this.#bytes + bytes > BATCH.bytes ||
        this.#keyBytes + keyBytes > BATCH.keyBytes
      ) {
        await this.#flush();
      }
      this.#atomic.set(key, value);
      this.#count++;
      this.#bytes += bytes;
      this.#keyBytes += keyBytes;
    }
  }

  /** Commits what is queued and waits for every commit. */
  async close(): Promise<void> {
    await this.#flush();
    await Promise.all(this.#pending.splice(0));
  }

  async #flush(): Promise<void> {
    if (this.#count === 0) return;
    const commit = this.#atomic.commit();
    // Marked handled now; a failure still surfaces where the promise is awaited below or in close().
    commit.catch(() => {});
    this.#pending.push(commit);
    this.mutations += this.#count;
    this.commits++;
    this.#atomic = this.#kv.atomic();
    this.#count = this.#bytes = this.#keyBytes = 0;
    if (this.#pending.length >= IN_FLIGHT) await this.#pending.shift();
  }
}

/** Upper bound of a key's encoded size: UTF-8 takes at most 3 bytes per UTF-16 unit, plus tag and end. */
function keyBound(key: Deno.KvKey): number {
  let size = 0;
  for (const part of key) {
    if (typeof part === "string") size += 2 + 3 * part.length;
    else if (part instanceof Uint8Array) size += 2 + 2 * part.byteLength;
    else if (typeof part === "bigint") size += 2 + part.toString(16).length;
    else size += 10;
  }
  return size;
}

/** Upper bound of the V8 serialization of plain data (what KV stores). */
function valueBound(value: unknown): number {
  switch (typeof value) {
    case "string":
      return 6 + 2 * value.length;
    case "number":
    case "bigint":
      return 10;
    case "boolean":
    case "undefined":
      return 1;
    case "object": {
      if (value === null) return 1;
      if (value instanceof Uint8Array) return 10 + value.byteLength;
      let size = 12;
      if (Array.isArray(value)) {
        for (const item of value) size += valueBound(item);
        return size;
      }
      for (const k in value) size += 6 + 2 * k.length + valueBound((value as Record<string, unknown>)[k]);
      return size;
    }
    default:
      throw new Error(`cannot store a ${typeof value} in KV`);
  }
}
