/**
 * The ledger's money rules under random histories (fast-check): sequences of charges, payments, discounts,
 * refunds and late fees, retried sources and reversals (some of them of reversals, some twice) in any date
 * order. After each sequence, at every date of the range, the projection's balance and overdue amount equal
 * the sum over the log; no source was charged twice; no entry was reversed twice.
 */
import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { appendEntry, listEntries, readProjection, reverseEntry } from "./ledger.ts";
import { addDays, balanceAsOf, dayNumber, effectsOf, overdueAsOf, overdueBeyondGrace } from "./projection.ts";
import { AppError } from "../../utils/errors.ts";

const START = "2026-01-01";
const KINDS = ["charge", "payment", "discount", "refund", "late_fee"] as const;

type Step =
  | { op: "add"; kind: typeof KINDS[number]; amount: number; day: number; source: number }
  | { op: "reverse"; pick: number; day: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("add" as const),
    kind: fc.constantFrom(...KINDS),
    amount: fc.integer({ min: 1, max: 500_000 }),
    day: fc.integer({ min: 0, max: 120 }),
    // A small pool of sources: the same one drawn again is a retry and must write nothing.
    source: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({ op: fc.constant("reverse" as const), pick: fc.nat(), day: fc.integer({ min: 0, max: 150 }) }),
);

Deno.test("ledger: the projection is the sum of the log at every date, whatever the history", async () => {
  await openDb(":memory:");
  let studentId = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        studentId++;
        await db().set(["students", studentId], { id: studentId });
        const written: string[] = [];
        const sources = new Map<number, string>();
        for (const s of steps) {
          if (s.op === "add") {
            const r = await appendEntry({
              studentId,
              kind: s.kind,
              amount: s.amount,
              date: addDays(START, s.day),
              source: { type: "import", id: `${studentId}:${s.source}` },
            }, 1);
            if (sources.has(s.source)) assertEquals(r, { entry: r.entry, created: false });
            else sources.set(s.source, r.entry.id);
            assertEquals(r.entry.id, sources.get(s.source));
            if (r.created) written.push(r.entry.id);
          } else if (written.length) {
            const target = written[s.pick % written.length];
            const entries = await listEntries(studentId);
            const original = entries.find((e) => e.id === target)!;
            const date = addDays(original.date, s.day % 30);
            try {
              const reversal = await reverseEntry(target, { reason: "test", date }, 1);
              written.push(reversal.id);
            } catch (error) {
              // Only a second reversal of the same entry may be refused.
              assert(error instanceof AppError && error.code === "already_reversed", String(error));
              assert(entries.some((e) => e.reverses === target));
            }
          }
        }
        const log = await listEntries(studentId);
        const projection = await readProjection(studentId);
        assertEquals(log.length, written.length);
        assertEquals(projection.entries, log.length);
        assertEquals(projection.balance, log.reduce((sum, e) => sum + e.signed, 0));
        const reversed = log.filter((e) => e.reverses).map((e) => e.reverses);
        assertEquals(new Set(reversed).size, reversed.length, "an entry reversed twice");
        const sourced = log.filter((e) => e.kind !== "reversal").map((e) => e.source.id);
        assertEquals(new Set(sourced).size, sourced.length, "a source charged twice");
        for (let day = -1; day <= 250; day++) {
          const date = addDays(START, day);
          const n = dayNumber(date);
          const balance = log.filter((e) => e.date <= date).reduce((sum, e) => sum + e.signed, 0);
          const due = log.flatMap(effectsOf).filter((x) => x.day <= n).reduce((sum, x) => sum + x.due, 0);
          assertEquals(balanceAsOf(projection, date), balance, `balance on ${date}`);
          assertEquals(overdueAsOf(projection, date), Math.max(0, due), `overdue on ${date}`);
          const grace = day % 7;
          const debits = log.flatMap(effectsOf).filter((x) => x.day <= n - grace)
            .reduce((sum, x) => sum + x.due - x.credit, 0);
          const credits = log.flatMap(effectsOf).filter((x) => x.day <= n).reduce(
            (sum, x) => sum + x.credit,
            0,
          );
          assertEquals(overdueBeyondGrace(projection, date, grace), Math.max(0, debits + credits));
        }
      }),
      { numRuns: 40 },
    );
  } finally {
    await closeDb();
  }
});
