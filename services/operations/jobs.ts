/**
 * Background jobs: the one way to run work outside the request that causes it (ARCHITECTURE §4). Jobs travel on
 * KV's queue (`kv.enqueue` / `kv.listenQueue`: a SQLite file's queue locally, durable on Deno Deploy).
 *
 * - Idempotency: every job has a key. Enqueueing a key a second time does nothing (`["jobs_seen", key]`, checked
 *   null in the enqueue's atomic); a job that finished is not run again when the queue redelivers it
 *   (`["jobs_done", key]`). Delivery is at least once: a job whose process died mid-way runs again, so a job's
 *   own writes must tolerate that (check what they already did, or be one atomic).
 * - Retries: a job that throws is enqueued again after a growing delay (backoff below), up to its maxAttempts.
 * - Dead letters: after the last attempt the job lands in `["jobs_dead", id]` with its error; an administrator
 *   sees the list (GET /api/system/jobs/dead) and retries one, which enqueues it afresh with attempt 1.
 *
 * Each domain defines its jobs with `defineJob` in its own module; job_list.ts imports them all, so every
 * process knows every job before it listens.
 */
import { db } from "../db/kv.ts";
import { nextUlid } from "../db/ids.ts";
import { logEvent } from "./log.ts";
import { countJob, setQueueDepth } from "./metrics.ts";
import { inSpan } from "./tracing.ts";

export interface JobDefinition<P> {
  /** snake_case, stable: queued messages name it. */
  name: string;
  run(payload: P): Promise<void>;
  /** Tries before the job becomes a dead letter; default 5. */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** The idempotency key: the same key enqueues once. */
  key: string;
  delayMs?: number;
}

interface JobMessage {
  type: "uniadmin_job";
  name: string;
  payload: unknown;
  key: string;
  attempt: number;
}

export interface DeadLetter {
  id: string;
  name: string;
  key: string;
  payload: unknown;
  attempts: number;
  error: string;
  at: string;
}

const SEEN_KEEP_MS = 7 * 24 * 3600_000;
const DEFAULT_ATTEMPTS = 5;
const DEPTH_REFRESH_MS = 15_000;
const seenKey = (key: string): Deno.KvKey => ["jobs_seen", key];
const doneKey = (key: string): Deno.KvKey => ["jobs_done", key];
const deadKey = (id: string): Deno.KvKey => ["jobs_dead", id];
/** Enqueued and finished (done or dead) counts, across processes: their difference is the queue's depth. */
export const STATS_KEYS = {
  enqueued: ["jobs_stats", "enqueued"],
  finished: ["jobs_stats", "finished"],
} as const;

const definitions = new Map<string, JobDefinition<unknown>>();

export interface Job<P> {
  name: string;
  /** True when enqueued, false when this key was enqueued before. */
  enqueue(payload: P, opts: EnqueueOptions): Promise<boolean>;
  /**
   * Adds the enqueue to an atomic the caller commits, so the job exists exactly when the caller's write does.
   * The key must be new: the atomic fails its check when the key was enqueued before.
   */
  addTo(atomic: Deno.AtomicOperation, payload: P, opts: EnqueueOptions): Deno.AtomicOperation;
}

export function defineJob<P>(definition: JobDefinition<P>): Job<P> {
  if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
  definitions.set(definition.name, definition as JobDefinition<unknown>);
  return {
    name: definition.name,
    enqueue: (payload, opts) => enqueueJob(definition.name, payload, opts),
    addTo: (atomic, payload, opts) => addJob(atomic, definition.name, payload, opts),
  };
}

function addJob(
  atomic: Deno.AtomicOperation,
  name: string,
  payload: unknown,
  opts: EnqueueOptions,
): Deno.AtomicOperation {
  const message: JobMessage = { type: "uniadmin_job", name, payload, key: opts.key, attempt: 1 };
  return atomic
    .check({ key: seenKey(opts.key), versionstamp: null })
    .set(seenKey(opts.key), { name, at: new Date().toISOString() }, { expireIn: SEEN_KEEP_MS })
    .sum(STATS_KEYS.enqueued, 1n)
    .enqueue(message, { delay: opts.delayMs });
}

async function enqueueJob(name: string, payload: unknown, opts: EnqueueOptions): Promise<boolean> {
  const result = await addJob(db().atomic(), name, payload, opts).commit();
  if (result.ok) logEvent("info", "job_enqueued", { job: name, key: opts.key });
  return result.ok;
}

/** The delay before try `attempt + 1`: 1 s, 4 s, 16 s, 64 s … at most 10 min, with ±20% jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(1000 * 4 ** (attempt - 1), 10 * 60_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const isJobMessage = (value: unknown): value is JobMessage =>
  typeof value === "object" && value !== null && (value as JobMessage).type === "uniadmin_job";

let listening: Promise<void> | null = null;

/** Starts this process's worker; it stops when the KV closes. Start it once, after the job list is imported. */
export function startJobWorker(): Promise<void> {
  if (listening) return listening;
  const gauge = setInterval(() => queueDepth().then(setQueueDepth, () => {}), DEPTH_REFRESH_MS);
  return listening = db().listenQueue(handleMessage).finally(() => {
    clearInterval(gauge);
    listening = null;
  });
}

/** One delivery. Never throws: failures are retried or dead-lettered here, not by the queue's own schedule. */
export async function handleMessage(message: unknown): Promise<void> {
  if (!isJobMessage(message)) return;
  const kv = db();
  if ((await kv.get(doneKey(message.key))).value) return; // a redelivery of a job that finished
  const definition = definitions.get(message.name);
  const started = performance.now();
  try {
    if (!definition) throw new Error(`no job is named ${message.name} in this version`);
    await inSpan(
      `job ${message.name}`,
      { job: message.name, attempt: message.attempt },
      () => definition.run(message.payload),
    );
  } catch (error) {
    await failed(message, definition, error);
    return;
  }
  await kv.atomic()
    .set(doneKey(message.key), true, { expireIn: SEEN_KEEP_MS })
    .sum(STATS_KEYS.finished, 1n)
    .commit();
  countJob(message.name, "done");
  logEvent("info", "job_done", {
    job: message.name,
    key: message.key,
    attempt: message.attempt,
    ms: Math.round(performance.now() - started),
  });
}

async function failed(message: JobMessage, definition: JobDefinition<unknown> | undefined, error: unknown) {
  const maxAttempts = definition?.maxAttempts ?? DEFAULT_ATTEMPTS;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (definition && message.attempt < maxAttempts) {
    const delay = backoffMs(message.attempt);
    await db().enqueue({ ...message, attempt: message.attempt + 1 } satisfies JobMessage, { delay });
    countJob(message.name, "retried");
    logEvent("warn", "job_retry", {
      job: message.name,
      key: message.key,
      attempt: message.attempt,
      delay,
      error: text,
    });
    return;
  }
  const dead: DeadLetter = {
    id: nextUlid(),
    name: message.name,
    key: message.key,
    payload: message.payload,
    attempts: message.attempt,
    error: text.slice(0, 2000),
    at: new Date().toISOString(),
  };
  await db().atomic().set(deadKey(dead.id), dead).sum(STATS_KEYS.finished, 1n).commit();
  countJob(message.name, "dead");
  logEvent("error", "job_dead_lettered", {
    job: message.name,
    key: message.key,
    attempts: message.attempt,
    error: text,
  });
}

export async function listDeadLetters(limit = 200): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  for await (const entry of db().list<DeadLetter>({ prefix: ["jobs_dead"] }, { limit, reverse: true })) {
    letters.push(entry.value);
  }
  return letters;
}

/** Enqueues a dead letter again (attempt 1) and removes it from the list; false when it is gone already. */
export async function retryDeadLetter(id: string): Promise<boolean> {
  const entry = await db().get<DeadLetter>(deadKey(id));
  if (!entry.value) return false;
  const { name, payload, key } = entry.value;
  const message: JobMessage = { type: "uniadmin_job", name, payload, key, attempt: 1 };
  const result = await db().atomic()
    .check(entry)
    .delete(entry.key)
    .sum(STATS_KEYS.enqueued, 1n)
    .enqueue(message)
    .commit();
  if (result.ok) logEvent("info", "job_dead_letter_retried", { job: name, key, id });
  return result.ok;
}

/** Jobs enqueued and not yet done or dead, over all processes. */
export async function queueDepth(): Promise<number> {
  const [enqueued, finished] = await db().getMany<Deno.KvU64[]>([STATS_KEYS.enqueued, STATS_KEYS.finished]);
  return Number((enqueued.value?.value ?? 0n) - (finished.value?.value ?? 0n));
}
