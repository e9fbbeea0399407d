/**
 * Time's finance rules: a late fee once a month for a debt overdue past the rule's days (none for a debt
 * still within them, none twice), and the nightly sweep placing the hold a debt earns by time alone.
 */
import { assertEquals } from "../../tests/assert.ts";
import { pinClock } from "../academic/clock.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { listHolds } from "../registration/holds.ts";
import { sweepFinanceHolds } from "./finance_hold.ts";
import { appendEntry, listEntries } from "./ledger.ts";
import { DEFAULT_PARAMS, keys } from "./model.ts";
import { applyLateFees } from "./nightly.ts";

Deno.test("finance nightly rules", async (t) => {
  pinClock("2026-11-22T12:00:00+04:00");
  await openDb(":memory:");
  try {
    for (const id of [1, 2]) await db().set(["students", id], { id });
    await db().set(keys.params(), {
      ...DEFAULT_PARAMS,
      dueDays: 10,
      lateFee: { kind: "percent", value: 2, afterDays: 30 },
    });
    const charge = (studentId: number, date: string) =>
      appendEntry({
        studentId,
        kind: "charge",
        amount: 100_000,
        date,
        source: { type: "manual", id: `${studentId}` },
      }, 1);
    await charge(1, "2026-09-01"); // due 09-11: overdue 72 days on 11-22
    await charge(2, "2026-11-01"); // due 11-11: overdue 11 days

    await t.step("a 2% late fee on the debt overdue past 30 days, once a month", async () => {
      assertEquals(await applyLateFees("2026-11-22"), 1);
      assertEquals(await applyLateFees("2026-11-23"), 0, "the month's fee is written once");
      const fees = (await listEntries(1)).filter((e) => e.kind === "late_fee");
      assertEquals(fees.map((e) => [e.amount, e.date]), [[2_000, "2026-11-22"]]);
      assertEquals((await listEntries(2)).filter((e) => e.kind === "late_fee").length, 0);
    });

    await t.step("the sweep places the hold that time earned, and leaves the others", async () => {
      await db().set(keys.params(), {
        ...DEFAULT_PARAMS,
        dueDays: 10,
        holdsEnabled: true,
        holdThreshold: 50_000,
        graceDays: 20,
      });
      assertEquals(await sweepFinanceHolds(), 1);
      assertEquals((await listHolds(1)).map((h) => h.kind), ["finance"]);
      assertEquals((await listHolds(2)).length, 0, "within its grace days");
      assertEquals(await sweepFinanceHolds(), 0);
    });
  } finally {
    await closeDb();
    pinClock(null);
  }
});
