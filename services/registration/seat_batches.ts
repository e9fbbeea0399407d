/**
 * Group commit of a section's decisions. Every registration of a section moves its one seat counter, so in a
 * rush for a popular section the decisions would otherwise commit one after another, each waiting for the
 * previous commit. Decisions that have done their reads and checks wait here; each round takes those waiting,
 * gives them seats (or waitlist positions) in arrival order on the counter, and commits them in one atomic
 * that checks every entry each of them relied on — so the guarantees are a single decision's, and a round whose
 * commit fails sends every decision in it back to read again (db/retry.ts).
 *
 * A decision that would touch a key another decision of the round writes (the same student twice) is sent
 * back at once, so no two decisions in one atomic ever depend on each other.
 */
import { db, keyId, KV_LIMITS } from "../db/kv.ts";
import { RETRY } from "../db/retry.ts";
import { keys, type SectionSeats } from "./model.ts";
import { seatsOf } from "./sections.ts";
import { forgetSeats, rememberSeats, seatsEntry } from "./seats_cache.ts";
import { shownSeats } from "./display_cache.ts";

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
    const round: { waiting: Waiting; result: unknown }[] = [];
    try {
      const seats = await seatsEntry(sectionId);
      const atomic = db().atomic().check(seats);
      const checked = new Map<string, string | null>([[keyId(seats.key), seats.versionstamp]]);
      const written = new Set<string>();
      let counter = seatsOf(seats);
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
          decision.checks.some((c) =>
            written.has(keyId(c.key)) || checked.get(keyId(c.key)) !== undefined &&
              checked.get(keyId(c.key)) !== c.versionstamp
          );
        if (clashes) {
          waiting.resolve(RETRY);
          continue;
        }
        for (const c of fresh) {
          atomic.check(c);
          checked.set(keyId(c.key), c.versionstamp);
        }
        for (const id of ids) written.add(id);
        const { next, result } = decision.write(atomic, counter);
        counter = next;
        mutations += decision.writes.length + 1;
        round.push({ waiting, result });
      }
      atomic.set(keys.seats(sectionId), counter);
      const committed = await atomic.commit();
      if (committed.ok) rememberSeats(sectionId, counter, committed.versionstamp);
      else forgetSeats(sectionId);
      shownSeats.forget(sectionId);
      for (const { waiting, result } of round) {
        if (committed.ok) waiting.decision.committed?.(result, committed.versionstamp);
        waiting.resolve(committed.ok ? result : RETRY);
      }
    } catch (error) {
      forgetSeats(sectionId);
      for (const { waiting } of round) waiting.reject(error);
    }
  }
}
