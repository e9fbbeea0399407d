/**
 * Append-only logs: entries `[...prefix, n]` numbered 1, 2, … without gaps, and a head key holding the last n
 * (a counter, db/counters.ts). An append checks the head, so two appends can never take the same n, and commits
 * whatever else it moves (an unread count, its audit entry) in the same atomic. A person's notifications and
 * mailbox items, the students' change log; the finance ledger is meant to be one too.
 */
import { addAudit } from "./audit_log.ts";
import { moveCounter } from "./counters.ts";
import { db, KV_LIMITS } from "./kv.ts";
import { RETRY, serialized, untilCommitted } from "./retry.ts";

/** Adds the next entry after `head` (as read) to `atomic`, with the head's advance; returns its number. */
export function addLogEntry<T>(
  atomic: Deno.AtomicOperation,
  head: Deno.KvEntryMaybe<unknown>,
  prefix: Deno.KvKey,
  build: (n: number) => T,
  opts: { expireIn?: number } = {},
): { n: number; value: T } {
  const n = moveCounter(atomic, head, 1);
  const value = build(n);
  atomic.set([...prefix, n], value, opts.expireIn === undefined ? undefined : { expireIn: opts.expireIn });
  return { n, value };
}

export interface AppendOptions<T> {
  /** The entries' key prefix: entry n is `[...prefix, n]`. */
  prefix: Deno.KvKey;
  /** The key holding the last n. */
  head: Deno.KvKey;
  /** The entry numbered n; called again on a retry, so without effects. */
  build(n: number): T;
  /** Counters the entry moves in the same atomic, e.g. an unread count by 1 (at most 9). */
  counters?: { key: Deno.KvKey; by: number }[];
  /** Audits the append as a "create" of the entry, under `entity`/`entityId(n)`. */
  audit?: { actor: number | string | null; entity: string; entityId(n: number): string | number };
  /** Tries before the 409 (db/retry.ts); logs that many processes append to need more than the default. */
  attempts?: number;
  /**
   * Appends only while this key is unset, and sets it to the entry's n in the same atomic, with 1 added to each
   * `tally` (KvU64): a task that runs again (a queue's redelivery after a crash) appends nothing twice.
   */
  once?: { key: Deno.KvKey; tally?: Deno.KvKey[] };
}

export interface Appended<T> {
  n: number;
  value: T;
  versionstamp: string;
}

/** Appends one entry. Appenders of one log in this process take turns, so they do not spend tries on each other. */
export async function appendToLog<T>(opts: Omit<AppendOptions<T>, "once">): Promise<Appended<T>> {
  return (await append(opts))!;
}

/** Appends one entry unless `once.key` is already set (then null: it was appended before). */
export function appendToLogOnce<T>(
  opts: AppendOptions<T> & Required<Pick<AppendOptions<T>, "once">>,
): Promise<Appended<T> | null> {
  return append(opts);
}

function append<T>(opts: AppendOptions<T>): Promise<Appended<T> | null> {
  const counters = opts.counters ?? [];
  const once = opts.once;
  const keys = [opts.head, ...counters.map((c) => c.key), ...(once ? [once.key] : [])];
  if (keys.length > KV_LIMITS.keysPerGetMany) {
    throw new RangeError("appendToLog: at most 9 counters (8 with once)");
  }
  return serialized(opts.head, () =>
    untilCommitted(async () => {
      const [head, ...read] = await db().getMany(keys);
      const marker = once ? read[counters.length] : null;
      if (marker && marker.versionstamp !== null) return null;
      const atomic = db().atomic();
      const { n, value } = addLogEntry(atomic, head, opts.prefix, opts.build);
      counters.forEach((counter, i) => moveCounter(atomic, read[i], counter.by));
      if (once && marker) {
        atomic.check(marker).set(once.key, n);
        for (const key of once.tally ?? []) atomic.sum(key, 1n);
      }
      if (opts.audit) {
        const { actor, entity, entityId } = opts.audit;
        addAudit(atomic, {
          entity,
          entityId: entityId(n),
          actor,
          action: "create",
          before: null,
          after: value,
        });
      }
      const result = await atomic.commit();
      return result.ok ? { n, value, versionstamp: result.versionstamp } : RETRY;
    }, { attempts: opts.attempts }));
}
