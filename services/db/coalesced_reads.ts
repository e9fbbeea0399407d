/**
 * Reads of single keys made together go to KV together, as `getMany`s of up to ten keys. A signed-in page
 * begins with five such reads at once (the edited texts' version, the menu's, the authorization parameters', the
 * bell's count, the consent decision), and concurrent requests add theirs: on a file each read is a round trip
 * to the SQLite thread, and measured under 50 concurrent callers five reads in one `getMany` took 345 µs against
 * 580–750 µs as five `get`s. A key asked by several callers at once (the same version keys, the seats of the
 * sections everyone's first page shows, a person's session on their parallel requests) is read once: KV's cost
 * grows with the keys read (measured under 20 concurrent callers: 27 µs for one key, 57–87 µs for six, 86–128 µs
 * for ten).
 *
 * "Together" is one pass of the event loop: reads go out from a `setImmediate`, which runs once the loop has
 * polled its I/O and run what that brought, so every request that arrived in the pass has reached its first reads
 * by then. A microtask would send each request's reads alone, as Deno.serve starts each request in its own task:
 * at 50 connections on /my-devices that was 0.25 `getMany`s and 1.1 keys a request; from an immediate, 0.11 and
 * 0.6, and 21% less CPU a request (a read is a hop to the SQLite thread, which mostly takes the main thread's
 * core while it reads). An idle server pays a few microseconds: its request's reads go in the same pass.
 * Immediates are that cheap from Deno 2.7 on. Before, they were 1-ms timers (2.5, measured 1.1 ms each: Deno
 * Deploy's runtime) or, in 2.6.0–2.6.1, waited for every active timer (denoland/deno#31642): there "together"
 * is one turn of microtasks.
 *
 * On a local file, reads asked while earlier ones are at KV also wait for them: SQLite serves one read at a time
 * on its own thread, so they would only queue behind them, and going together afterwards they cost one round
 * trip, each shared key once. A remote KV (Deno Deploy, KV Connect) serves reads in parallel: there each pass's
 * reads go at once.
 *
 * Nothing a caller relies on changes: each caller's keys are read by one `getMany`, one consistent snapshot,
 * taken after every merged call began, so a read still sees every write finished before it (ARCHITECTURE §10's
 * rule). Reads with options (eventual consistency) and larger `getMany`s go alone; when a merged read fails (a
 * malformed key), each caller's keys are read again alone, so the error reaches only the caller it belongs to.
 */
import { setImmediate } from "node:timers";

const MAX_KEYS = 10;

interface Waiter {
  keys: Deno.KvKey[];
  resolve(entries: Deno.KvEntryMaybe<unknown>[]): void;
  reject(error: unknown): void;
}

/** Callers whose keys go in one `getMany`: each key once, at most MAX_KEYS of them. */
interface Batch {
  waiters: { waiter: Waiter; slots: number[] }[];
  keys: Deno.KvKey[];
  slotByName: Map<string, number>;
}

export interface CoalesceOptions {
  /** Hold reads asked while earlier ones are at KV until those come back (a local SQLite file). */
  oneAtATime: boolean;
  /** When reads asked together leave: at the end of the event loop's pass where this runtime makes that cheap. */
  sendAt?: "pass-end" | "turn-end";
}

/** Whether this runtime runs an immediate at the end of the pass, in microseconds (see above). */
export function cheapImmediates(version = Deno.version.deno): boolean {
  const [major, minor] = version.split(".").map(Number);
  return major > 2 || (major === 2 && minor >= 7);
}

/** Makes `kv`'s option-less `get` and `getMany` go to KV together (see above); returns `kv`. */
export function coalesceReads(kv: Deno.Kv, options: CoalesceOptions = { oneAtATime: true }): Deno.Kv {
  const sendAt = options.sendAt ?? (cheapImmediates() ? "pass-end" : "turn-end");
  const atBatchEnd = sendAt === "pass-end" ? (send: () => void) => setImmediate(send) : queueMicrotask;
  const get = kv.get.bind(kv);
  const getMany = kv.getMany.bind(kv);
  /** Asked and not yet sent, in the order asked. */
  let asked: Waiter[] = [];
  let batchEndQueued = false;
  let atKv = false;

  function batchEnded() {
    batchEndQueued = false;
    if (!(options.oneAtATime && atKv)) send();
  }

  function send() {
    if (asked.length === 0) return;
    const batches = packed(asked);
    asked = [];
    atKv = true;
    const done = () => {
      atKv = false;
      // What was asked while these were at KV goes now, together.
      if (options.oneAtATime) send();
    };
    // readBatch answers every waiter and does not fail; were it to, the reads after it must still go.
    Promise.all(batches.map(readBatch)).then(done, done);
  }

  function read(keys: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<unknown>[]> {
    if (keys.length === 0 || keys.length > MAX_KEYS) return getMany(keys);
    if (!batchEndQueued) {
      batchEndQueued = true;
      atBatchEnd(batchEnded);
    }
    return new Promise((resolve, reject) => asked.push({ keys, resolve, reject }));
  }

  /** Never settles with an error: each waiter gets its own answer. */
  async function readBatch({ waiters, keys }: Batch): Promise<void> {
    if (waiters.length === 1 && keys.length === waiters[0].waiter.keys.length) {
      const { waiter } = waiters[0];
      await getMany(waiter.keys).then(waiter.resolve, waiter.reject);
      return;
    }
    let entries: Deno.KvEntryMaybe<unknown>[];
    try {
      entries = await getMany(keys);
    } catch {
      await Promise.all(
        waiters.map(({ waiter }) => getMany(waiter.keys).then(waiter.resolve, waiter.reject)),
      );
      return;
    }
    const given = new Set<number>();
    for (const { waiter, slots } of waiters) {
      try {
        waiter.resolve(slots.map((slot) => {
          if (!given.has(slot)) {
            given.add(slot);
            return entries[slot];
          }
          // A second caller of the same key gets its own copy of the value, which it may change.
          return ownCopy(entries[slot]);
        }));
      } catch (error) {
        waiter.reject(error); // a value that cannot be copied fails its caller, never the reads after it
      }
    }
  }

  Object.assign(kv, {
    get: (key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) =>
      options ? get(key, options) : read([key]).then((entries) => entries[0]),
    getMany: (keys: Deno.KvKey[], options?: { consistency?: Deno.KvConsistencyLevel }) =>
      options ? getMany(keys, options) : read(keys),
  });
  return kv;
}

/** The waiters in as few batches as their keys fit, each waiter's keys in one batch (first fit, in order). */
function packed(waiters: Waiter[]): Batch[] {
  const batches: Batch[] = [];
  for (const waiter of waiters) {
    const names = waiter.keys.map(keyName);
    const fits = (b: Batch) =>
      b.keys.length + names.length <= MAX_KEYS || b.keys.length + added(b, names) <= MAX_KEYS;
    const batch = batches.find(fits) ??
      batches[batches.push({ waiters: [], keys: [], slotByName: new Map() }) - 1];
    batch.waiters.push({ waiter, slots: waiter.keys.map((key, i) => slotOf(batch, key, names[i])) });
  }
  return batches;
}

/** How many keys a batch would gain (the keys it holds already, or the caller names twice, are read once). */
function added(batch: Batch, names: (string | null)[]): number {
  let count = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name !== null && (batch.slotByName.has(name) || names.indexOf(name) < i)) continue;
    count++;
  }
  return count;
}

function slotOf(batch: Batch, key: Deno.KvKey, name: string | null): number {
  if (name !== null) {
    const known = batch.slotByName.get(name);
    if (known !== undefined) return known;
    batch.slotByName.set(name, batch.keys.length);
  }
  return batch.keys.push(key) - 1;
}

/** A name for a key of strings and numbers (the keys read on every request); null for any other key. */
function keyName(key: Deno.KvKey): string | null {
  let name = "";
  for (const part of key) {
    if (typeof part === "string") name += `s${part.length}:${part}`;
    else if (typeof part === "number" && !Object.is(part, -0)) name += `n${part};`;
    else return null;
  }
  return name;
}

function ownCopy(entry: Deno.KvEntryMaybe<unknown>): Deno.KvEntryMaybe<unknown> {
  const { value } = entry;
  if (value === null || typeof value !== "object" || value instanceof Deno.KvU64) return entry;
  return { key: entry.key, value: copyOf(value), versionstamp: entry.versionstamp } as Deno.KvEntry<unknown>;
}

/** Plain records are copied here (structuredClone costs more for the small ones read on every request). */
function copyOf(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyOf);
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  // A record KV hands back has only its own plain fields.
  for (const name in value) copy[name] = copyOf((value as Record<string, unknown>)[name]);
  return copy;
}
