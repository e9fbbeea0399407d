/**
 * Group commit of a section's decisions. Every registration of a section moves its one seat counter, so in a
 * rush for a popular section the decisions would otherwise commit one after another, each waiting for the
 * previous commit. Decisions that have done their reads and checks wait here; each round takes those waiting,
 * gives them seats (or waitlist positions) in arrival order on the counter, and commits them in one atomic
 * that checks every entry each of them relied on — so the guarantees are a single decision's, and a round whose
 * commit fails sends every decision in it back to read again (db/retry.ts).
 *
 * A decision that would touch a key another decision of the round writes (the same student twice) is sent
 * back at once, so no two decisions in one atomic ever depend on each other; and before a round of several
 * commits, what they rely on is read again, so that one decision's stale read sends back only that decision.
 */
import { db, keyId, KV_LIMITS, readMany } from "../db/kv.ts";
import { RETRY } from "../db/retry.ts";
import { keys, type SectionSeats } from "./model.ts";
import { seatsOf } from "./sections.ts";
import { forgetSeats, rememberSeats, seatsEntry } from "./seats_cache.ts";

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
  decision: SeatDecision<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Checks per atomic, with room to spare below KV's limit. */
const MAX_CHECKS = KV_LIMITS.checksPerAtomic - 10;
const MAX_MUTATIONS = 600;

const queues = new WeakMap<Deno.Kv, Map<string, Waiting[]>>();

/** Commits the decision with others of the section; RETRY when it must read and decide again. */
export function commitWithSeats<R>(sectionId: string, decision: SeatDecision<R>): Promise<R | typeof RETRY> {
  let bySection = queues.get(db());
  if (!bySection) queues.set(db(), bySection = new Map());
  const waiting = bySection.get(sectionId);
  return new Promise((resolve, reject) => {
    const entry = { decision, resolve, reject } as Waiting;
    if (waiting) waiting.push(entry);
    else {
      const queue = [entry];
      bySection!.set(sectionId, queue);
      drain(sectionId, queue).finally(() => bySection!.delete(sectionId));
    }
  });
}

async function drain(sectionId: string, queue: Waiting[]) {
  while (queue.length) {
    let round: Waiting[] = [];
    const settled: { waiting: Waiting; result: unknown }[] = [];
    try {
      // 1. Take the waiting decisions that fit one atomic and touch nothing another of them writes.
      const checked = new Map<string, string | null>();
      const written = new Set<string>();
      let mutations = 1;
      while (queue.length) {
        const { decision } = queue[0];
        const fresh = decision.checks.filter((c) => !checked.has(keyId(c.key)));
        if (round.length && (checked.size + fresh.length > MAX_CHECKS || mutations + 8 > MAX_MUTATIONS)) {
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
        mutations += decision.writes.length + 1;
        round.push(waiting);
      }
      // 2. With several in the round, one stale read would fail them all: re-read what they rely on and send
      //    back only the stale ones.
      if (round.length > 1) {
        const ids = [...checked.keys()];
        const byId = new Map(round.flatMap((w) => w.decision.checks).map((c) => [keyId(c.key), c.key]));
        const now = await readMany(ids.map((id) => byId.get(id)!));
        const changed = new Set(ids.filter((id, i) => now[i].versionstamp !== checked.get(id)));
        if (changed.size) {
          round = round.filter((w) => {
            const stale = w.decision.checks.some((c) => changed.has(keyId(c.key)));
            if (stale) w.resolve(RETRY);
            return !stale;
          });
        }
      }
      // 3. Seats in arrival order, one atomic.
      const seats = await seatsEntry(sectionId);
      const atomic = db().atomic().check(seats);
      const added = new Set<string>();
      let counter = seatsOf(seats);
      for (const waiting of round) {
        for (const c of waiting.decision.checks) {
          if (added.has(keyId(c.key))) continue;
          added.add(keyId(c.key));
          atomic.check(c);
        }
        const { next, result } = waiting.decision.write(atomic, counter);
        counter = next;
        settled.push({ waiting, result });
      }
      atomic.set(keys.seats(sectionId), counter);
      const committed = await atomic.commit();
      if (committed.ok) rememberSeats(sectionId, counter, committed.versionstamp);
      else forgetSeats(sectionId);
      for (const { waiting, result } of settled) {
        if (committed.ok) waiting.decision.committed?.(result, committed.versionstamp);
        waiting.resolve(committed.ok ? result : RETRY);
      }
    } catch (error) {
      forgetSeats(sectionId);
      for (const waiting of round) waiting.reject(error);
    }
  }
}
