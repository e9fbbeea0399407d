/**
 * The finance rules that time applies (issue 21): every night, the charges and reversals a registration's
 * listener missed (registration_charges.ts), a late fee for each student whose debt has been
 * overdue longer than the rule's days (at most one a month: its source is the student and the month, so a
 * second run, or a second process, writes nothing), then every finance hold placed or lifted as of the day —
 * a debt crosses the hold's line by time passing, not only by an entry. A job (operations/jobs.ts), enqueued by
 * a nightly schedule.
 */
import { db } from "../db/kv.ts";
import { defineJob } from "../operations/jobs.ts";
import { defineSchedule, NIGHTLY_CRON } from "../operations/schedules.ts";
import { today } from "../registration/windows.ts";
import { sweepFinanceHolds } from "./finance_hold.ts";
import { appendEntry } from "./ledger.ts";
import { type BalanceProjection, keys } from "./model.ts";
import { percentOf } from "./money.ts";
import { getParams } from "./params.ts";
import { reconcileRegistrations } from "./registration_charges.ts";
import { addDays, overdueAsOf } from "./projection.ts";

/** Writes the month's late fees as of `day`; returns how many were written. */
export async function applyLateFees(day: string): Promise<number> {
  const { lateFee } = await getParams();
  if (lateFee.kind === "none" || lateFee.value <= 0) return 0;
  const since = addDays(day, -lateFee.afterDays);
  let written = 0;
  for await (const e of db().list<BalanceProjection>({ prefix: keys.balances() }, { batchSize: 1000 })) {
    const overdue = overdueAsOf(e.value, since);
    if (overdue <= 0) continue;
    const amount = lateFee.kind === "fixed" ? lateFee.value : percentOf(overdue, lateFee.value);
    if (amount <= 0) continue;
    const r = await appendEntry({
      studentId: e.value.studentId,
      kind: "late_fee",
      amount,
      date: day,
      reference: `${day.slice(0, 7)}`,
      source: { type: "late_fee", id: `${e.value.studentId}:${day.slice(0, 7)}` },
    }, null);
    if (r.created) written++;
  }
  return written;
}

export const financeNightly = defineJob<{ day?: string }>({
  name: "finance_nightly",
  run: async ({ day }) => {
    await reconcileRegistrations();
    await applyLateFees(day ?? today());
    await sweepFinanceHolds();
  },
});

defineSchedule({ name: "finance_nightly", cron: NIGHTLY_CRON, job: financeNightly, payload: () => ({}) });
