/**
 * When a student's debt blocks registration (issue 21, point 8): more than the threshold overdue for longer than
 * the grace days. The hold itself is registration's (services/registration/holds.ts `financeHoldIn`), written in
 * the same atomic as the ledger entry that crosses the line either way; `sweepFinanceHolds` applies the rule to
 * everyone, for debts that cross it by time passing rather than by an entry.
 */
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { FINANCE_HOLD_ID, financeHoldIn } from "../registration/holds.ts";
import { type Hold, keys as registrationKeys } from "../registration/model.ts";
import { today } from "../registration/windows.ts";
import { formatGel } from "./money.ts";
import { type BalanceProjection, type FinanceParams, keys } from "./model.ts";
import { getParams } from "./params.ts";
import { overdueBeyondGrace } from "./projection.ts";

/** The hold's reason in each language (the amount in lari), or null when the student is under the line. */
export function financeHoldReason(
  projection: BalanceProjection,
  params: FinanceParams,
  day: string,
): { ka: string; en: string } | null {
  const overdue = overdueBeyondGrace(projection, day, params.graceDays);
  if (!params.holdsEnabled || overdue <= params.holdThreshold || overdue <= 0) return null;
  return {
    ka: `ფინანსური დავალიანება: ${formatGel(overdue, "ka")} ლარი`,
    en: `Overdue tuition: ${formatGel(overdue)} GEL`,
  };
}

export const holdKeys = (studentId: number): [Deno.KvKey, Deno.KvKey] => [
  registrationKeys.hold(studentId, FINANCE_HOLD_ID),
  registrationKeys.holdsVersion(studentId),
];

/** Places or lifts every student's finance hold as of today; returns how many changed. */
export async function sweepFinanceHolds(): Promise<number> {
  const params = await getParams();
  const day = today();
  let changed = 0;
  for await (const entry of db().list<BalanceProjection>({ prefix: keys.balances() })) {
    const projection = entry.value;
    const done = await untilCommitted(async () => {
      const [balance, hold, version] = await db().getMany<[BalanceProjection, Hold, number]>([
        entry.key,
        ...holdKeys(projection.studentId),
      ]);
      const now = financeHoldReason(balance.value!, params, day);
      if (now?.ka === hold.value?.reason && now?.en === hold.value?.reasonEn) return false;
      const atomic = db().atomic().check(balance);
      financeHoldIn(atomic, hold, version, projection.studentId, now);
      return (await atomic.commit()).ok ? true : RETRY;
    });
    if (done) changed++;
  }
  return changed;
}
