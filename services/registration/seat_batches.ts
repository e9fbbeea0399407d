/**
 * Group commit of registration decisions. Every decision moves its section's seat counter, and every commit
 * queues on the one KV writer, so in a rush the decisions would otherwise commit one after another, each paying
 * a whole commit. Decisions that have done their reads and checks wait here in a lane (a section always goes to
 * the same lane, so one lane alone moves its counter in this process); each round of a lane takes those waiting,
 * whatever their sections, gives them seats (or waitlist positions) in arrival order on their sections' counters,
 * and commits them in one atomic that checks every entry each of them relied on and every counter it moved — so
 * the guarantees are a single decision's, and a decision whose read went stale is sent back to read again
 * (db/retry.ts).
 *
 * A decision that would touch a key another decision of the round writes (the same student twice) is sent
 * back at once, so no two decisions in one atomic ever depend on each other. A round commits first without
 * reading anything again; only when that fails does it read what its decisions rely on, send back the stale
 * ones and commit the rest — so one stale decision does not send back the whole round.
 */
import { db, keyId, KV_LIMITS, readMany } from "../db/kv.ts";
import { RETRY } from "../db/retry.ts";
import { keys, type SectionSeats } from "./model.ts";
import { seatsOf } from "./sections.ts";
import { forgetEntry, keepEntry, keptEntry } from "./kept_entries.ts";

export interface SeatDecision<R> {
  /** Entries the decision read and relies on. */
  checks: Deno.AtomicCheck[];
  /** Keys it writes besides the seat counter. */
  writes: Deno.KvKey[];
  /** Adds its writes for the counter as it stands before it; returns the counter after it and the result. */
  write(atomic: Deno.AtomicOperation, counter: SectionSeats): { next: SectionSeats; result: R };
  /** Told the commit's versionstamp once the round has committed. */
  committed?(result: R, versionstamp: string): void;
}

interface Waiting {
  sectionId: string;
  decision: SeatDecision<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Checks per atomic, with room to spare below KV's limit. */
const MAX_CHECKS = KV_LIMITS.checksPerAtomic - 10;
const MAX_MUTATIONS = 600;
/** Rounds in flight at once: each waits for its commit, while the next lane's round is built and sent. */
const LANES = 2;

interface Lane {
  waiting: Waiting[];
  draining: boolean;
}

const queues = new WeakMap<Deno.Kv, Lane[]>();

function laneOf(sectionId: string): number {
  let hash = 0;
  for (let i = 0; i < sectionId.length; i++) hash = (hash * 31 + sectionId.charCodeAt(i)) | 0;
  return Math.abs(hash) % LANES;
}

/** Commits the decision with others waiting; RETRY when it must read and decide again. */
export function commitWithSeats<R>(sectionId: string, decision: SeatDecision<R>): Promise<R | typeof RETRY> {
  let lanes = queues.get(db());
  if (!lanes) {
    queues.set(db(), lanes = Array.from({ length: LANES }, () => ({ waiting: [], draining: false })));
  }
  const lane = lanes[laneOf(sectionId)];
  return new Promise((resolve, reject) => {
    lane.waiting.push({ sectionId, decision, resolve, reject } as Waiting);
    if (!lane.draining) drain(lane);
  });
}

/** Takes the waiting decisions that fit one atomic and touch nothing another of them writes. */
function takeRound(queue: Waiting[]): Waiting[] {
  const round: Waiting[] = [];
  const checked = new Map<string, string | null>();
  const written = new Set<string>();
  const sections = new Set<string>();
  let mutations = 0;
  while (queue.length) {
    const { decision, sectionId } = queue[0];
    const fresh = decision.checks.filter((c) => !checked.has(keyId(c.key)));
    const counters = sections.has(sectionId) ? 0 : 1;
    if (
      round.length &&
      (checked.size + sections.size + fresh.length + counters > MAX_CHECKS ||
        mutations + decision.writes.length + 2 + counters > MAX_MUTATIONS)
    ) {
      break;
    }
    const waiting = queue.shift()!;
    const ids = decision.writes.map(keyId);
    const clashes = ids.some((id) => written.has(id) || checked.has(id)) ||
      decision.checks.some((c) => {
        const id = keyId(c.key);
        return written.has(id) || (checked.has(id) && checked.get(id) !== c.versionstamp);
      });
    if (clashes) {
      waiting.resolve(RETRY);
      continue;
    }
    for (const c of fresh) checked.set(keyId(c.key), c.versionstamp);
    for (const id of ids) written.add(id);
    sections.add(sectionId);
    // Its writes, an audit entry and perhaps a waitlist entry instead of a roster entry.
    mutations += decision.writes.length + 2 + counters;
    round.push(waiting);
  }
  return round;
}

/** The round's decisions whose reads still hold (the others are sent back). */
async function stillCurrent(round: Waiting[]): Promise<Waiting[]> {
  const byId = new Map(round.flatMap((w) => w.decision.checks).map((c) => [keyId(c.key), c]));
  const ids = [...byId.keys()];
  const now = await readMany(ids.map((id) => byId.get(id)!.key));
  const changed = new Set(ids.filter((id, i) => now[i].versionstamp !== byId.get(id)!.versionstamp));
  return round.filter((w) => {
    const stale = w.decision.checks.some((c) => changed.has(keyId(c.key)));
    if (stale) w.resolve(RETRY);
    return !stale;
  });
}

/** Seats in arrival order on each counter, one atomic; whether it committed. */
async function commitRound(round: Waiting[]): Promise<boolean> {
  const sectionIds = [...new Set(round.map((w) => w.sectionId))];
  const seats = await Promise.all(sectionIds.map((id) => keptEntry<SectionSeats>(keys.seats(id))));
  const atomic = db().atomic();
  const counters = new Map<string, SectionSeats>();
  sectionIds.forEach((id, i) => {
    atomic.check(seats[i]);
    counters.set(id, seatsOf(seats[i]));
  });
  const added = new Set<string>();
  const settled: { waiting: Waiting; result: unknown }[] = [];
  for (const waiting of round) {
    for (const c of waiting.decision.checks) {
      if (added.has(keyId(c.key))) continue;
      added.add(keyId(c.key));
      atomic.check(c);
    }
    const { next, result } = waiting.decision.write(atomic, counters.get(waiting.sectionId)!);
    counters.set(waiting.sectionId, next);
    settled.push({ waiting, result });
  }
  for (const [id, counter] of counters) atomic.set(keys.seats(id), counter);
  const committed = await atomic.commit();
  if (!committed.ok) {
    for (const id of sectionIds) forgetEntry(keys.seats(id));
    return false;
  }
  for (const [id, counter] of counters) {
    keepEntry({ key: keys.seats(id), value: counter, versionstamp: committed.versionstamp });
  }
  for (const { waiting, result } of settled) {
    waiting.decision.committed?.(result, committed.versionstamp);
    waiting.resolve(result);
  }
  return true;
}

async function drain(lane: Lane) {
  lane.draining = true;
  while (lane.waiting.length) {
    let round = takeRound(lane.waiting);
    try {
      // Most rounds commit at once; a failed one sends back only its stale decisions (or, when none was
      // stale, a counter another process moved: the next try reads it).
      if (round.length && !(await commitRound(round))) {
        round = round.length > 1 ? await stillCurrent(round) : round;
        if (!round.length || !(await commitRound(round))) { for (const w of round) w.resolve(RETRY); }
      }
    } catch (error) {
      for (const w of round) forgetEntry(keys.seats(w.sectionId));
      for (const w of round) w.reject(error);
    }
  }
  lane.draining = false;
}
