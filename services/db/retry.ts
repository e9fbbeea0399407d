/**
 * The one bounded retry of optimistic writes (ARCHITECTURE §4). A write reads, builds an atomic that check()s
 * what it read, and commits; when another writer got in first the commit fails and the write runs again, after
 * a short random wait that grows with each try so that racing writers spread out. After its last try it gives
 * up with 409 `errors.busy`: contention shows as "try again", never as a hang or a 500.
 *
 * `serialized` lines up the writers of one key within this process, so that they wait for each other instead of
 * spending their tries on each other; a lost race then means another process (or Deploy isolate) won.
 */
import { conflict } from "../../utils/errors.ts";
import { keyId } from "./kv.ts";

/** What a try returns when its commit lost a race: run it again. */
export const RETRY: unique symbol = Symbol("retry");

export interface RetryOptions<R> {
  /** Tries before giving up; default 10. Writers of keys that many processes share often need more. */
  attempts?: number;
  /** What to return instead of the 409 when every try lost (a fallback that is always correct). */
  otherwise?: () => R | Promise<R>;
}

const DEFAULT_ATTEMPTS = 10;
/** The wait after try n is random below min(2^n, this) ms. */
const MAX_WAIT_MS = 50;

/** Runs `attempt(n)` (n = 1, 2, …) until it returns something other than RETRY, at most `attempts` times. */
let onLostRace: (() => void) | null = null;

/** Telemetry's hook (services/operations/metrics.ts counts commit conflicts); the KV layer knows no telemetry. */
export function observeLostRaces(listener: (() => void) | null): void {
  onLostRace = listener;
}

export async function untilCommitted<R>(
  attempt: (n: number) => Promise<R | typeof RETRY>,
  opts: RetryOptions<R> = {},
): Promise<R> {
  const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
  for (let n = 1; n <= attempts; n++) {
    let result: R | typeof RETRY;
    try {
      result = await attempt(n);
    } catch (error) {
      // Processes sharing one SQLite file may see "database is locked" instead of waiting: a lost race too.
      if (!(error instanceof TypeError && error.message.includes("locked"))) throw error;
      result = RETRY;
    }
    if (result !== RETRY) return result;
    onLostRace?.();
    if (n < attempts) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** n, MAX_WAIT_MS)));
    }
  }
  if (opts.otherwise) return await opts.otherwise();
  throw conflict("errors.busy");
}

const queues = new Map<string, Promise<unknown>>();

/** Runs tasks for the same key one after another in this process (a failed task does not stop the next). */
export function serialized<R>(key: Deno.KvKey, task: () => Promise<R>): Promise<R> {
  const name = keyId(key);
  const run = (queues.get(name) ?? Promise.resolve()).then(task);
  const tail = run.then(() => {}, () => {});
  queues.set(name, tail);
  tail.then(() => queues.get(name) === tail && queues.delete(name));
  return run;
}
