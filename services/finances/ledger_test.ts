/**
 * The ledger's rules a person meets: bad amounts and dates refused with every field named and nothing written,
 * racing retries of one source writing one entry, a reversal undoing an entry once, and the finance hold placed
 * past the threshold and lifted by the payment that clears it.
 */
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { pinClock } from "../academic/clock.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { FINANCE_HOLD_ID, listHolds } from "../registration/holds.ts";
import { appendEntry, appendMany, listEntries, readProjection, reverseEntry } from "./ledger.ts";
import { DEFAULT_PARAMS, keys } from "./model.ts";
import { formatGel, parseGel, splitAmount } from "./money.ts";
import { balanceAsOf } from "./projection.ts";
import { AppError } from "../../utils/errors.ts";

const refusal = async (p: Promise<unknown>) => (await assertRejects(() => p, AppError)) as AppError;

Deno.test("ledger", async (t) => {
  pinClock("2026-11-22T12:00:00+04:00");
  await openDb(":memory:");
  try {
    for (const id of [1, 2, 3, 4, 5]) await db().set(["students", id], { id });
    const manual = (id: string) => ({ type: "manual" as const, id });

    await t.step("amounts are text with at most two decimals, kept as whole tetri", () => {
      assertEquals(parseGel("12.35"), 1235);
      assertEquals(parseGel("1 250,5"), 125050);
      assertEquals(parseGel("0.001"), null);
      assertEquals(formatGel(125050), "1,250.50");
      assertEquals(formatGel(-5, "ka"), "-0,05");
      assertEquals(splitAmount(1000, 3), [334, 333, 333]);
    });

    await t.step(
      "a fraction of a tetri, a negative payment, a bad date or an unknown student: nothing written",
      async () => {
        const bad = await refusal(
          appendEntry({
            studentId: 1,
            kind: "payment",
            amount: 10.5,
            date: "2026-02-30",
            source: manual("a"),
          }, 1),
        );
        assertEquals(Object.keys(bad.options.fields ?? {}).sort(), ["amount", "date"]);
        const negative = await refusal(
          appendEntry({
            studentId: 1,
            kind: "payment",
            amount: -100,
            date: "2026-11-01",
            source: manual("b"),
          }, 1),
        );
        assertEquals(negative.options.fields?.amount.key, "finances.errors.positive");
        const unknown = await refusal(
          appendEntry(
            { studentId: 99, kind: "charge", amount: 100, date: "2026-11-01", source: manual("c") },
            1,
          ),
        );
        assertEquals(Object.keys(unknown.options.fields ?? {}), ["studentId"]);
        assertEquals((await listEntries(1)).length, 0);
        assertEquals((await db().get(keys.balance(99))).versionstamp, null);
      },
    );

    await t.step("ten racing retries of one registration charge write one entry", async () => {
      const source = { type: "registration" as const, id: "2-1-1-1@x" };
      const results = await Promise.all(
        Array.from(
          { length: 10 },
          () =>
            appendEntry({ studentId: 2, kind: "charge", amount: 30000, date: "2026-09-01", source }, null),
        ),
      );
      assertEquals(results.filter((r) => r.created).length, 1);
      assertEquals(new Set(results.map((r) => r.entry.id)).size, 1);
      assertEquals((await readProjection(2)).balance, 30000);
    });

    await t.step("a batch across students writes what entry by entry would, each source once", async () => {
      const inputs = [4, 5, 4, 5, 4].map((studentId, i) => ({
        studentId,
        kind: "payment" as const,
        amount: 100 * (i + 1),
        date: "2026-10-15",
        source: { type: "import" as const, id: `batch-${i}` },
      }));
      assertEquals(await appendMany([...inputs, inputs[0]], 1), 5);
      assertEquals(await appendMany(inputs, 1), 0, "the same sources again");
      assertEquals((await readProjection(4)).balance, -100 - 300 - 500);
      assertEquals((await readProjection(5)).balance, -200 - 400);
      assertEquals((await listEntries(4)).length, 3);
      const many = Array.from({ length: 130 }, (_, i) => ({
        studentId: 6 + i,
        kind: "payment" as const,
        amount: 100,
        date: "2026-10-16",
        source: { type: "import" as const, id: `wide-${i}` },
      }));
      for (const input of many) await db().set(["students", input.studentId], { id: input.studentId });
      assertEquals(await appendMany(many, 1), 130, "batches committed side by side are all counted");
    });

    await t.step("a reversal undoes an entry from its date, once", async () => {
      const { entry } = await appendEntry(
        { studentId: 3, kind: "payment", amount: 5000, date: "2026-10-01", source: manual("p1") },
        1,
      );
      const reversal = await reverseEntry(entry.id, { reason: "wrong student", date: "2026-10-10" }, 1);
      assertEquals(reversal.signed, 5000);
      const projection = await readProjection(3);
      assertEquals(balanceAsOf(projection, "2026-10-05"), -5000);
      assertEquals(balanceAsOf(projection, "2026-10-10"), 0);
      const twice = await refusal(reverseEntry(entry.id, { reason: "again" }, 1));
      assertEquals([twice.status, twice.code], [409, "already_reversed"]);
      const early = await refusal(reverseEntry(reversal.id, { reason: "x", date: "2026-10-01" }, 1));
      assertEquals(Object.keys(early.options.fields ?? {}), ["date"]);
      assertEquals((await listEntries(3)).length, 2);
    });

    await t.step(
      "a debt past the threshold places a finance hold with its amount; paying lifts it",
      async () => {
        await db().set(keys.params(), {
          ...DEFAULT_PARAMS,
          holdsEnabled: true,
          holdThreshold: 10000,
          graceDays: 5,
          dueDays: 10,
        });
        await appendEntry({
          studentId: 1,
          kind: "charge",
          amount: 9000,
          date: "2026-10-01",
          source: manual("t1"),
        }, 1);
        assertEquals((await listHolds(1)).length, 0, "under the threshold");
        await appendEntry({
          studentId: 1,
          kind: "charge",
          amount: 3000,
          date: "2026-10-02",
          source: manual("t2"),
        }, 1);
        const [hold] = await listHolds(1);
        assertEquals([hold.id, hold.kind], [FINANCE_HOLD_ID, "finance"]);
        assert(hold.reason.includes("120,00 ლარი") && hold.reasonEn?.includes("120.00 GEL"), hold.reason);
        // Charged recently: not yet due plus grace, so no hold however large.
        await appendEntry({
          studentId: 3,
          kind: "charge",
          amount: 900000,
          date: "2026-11-20",
          source: manual("t3"),
        }, 1);
        assertEquals((await listHolds(3)).length, 0);
        await appendEntry({
          studentId: 1,
          kind: "payment",
          amount: 2500,
          date: "2026-11-22",
          source: manual("t4"),
        }, 1);
        assertEquals((await listHolds(1)).length, 0, "95.00 GEL left, under the threshold");
      },
    );
  } finally {
    await closeDb();
    pinClock(null);
  }
});
