/**
 * Money per month: what was charged (debits: charges, late fees, refunds, reversed payments) against what was
 * paid or credited (payments, discounts, reversed charges), university-wide. Derived from the balance projections
 * the ledger writes in the same atomic as every entry (finances/model.ts `BalanceProjection`: running totals
 * per day, the credits apart), which the finances domain keeps in an in-process snapshot under its version key —
 * so no request reads the entries themselves. The monthly sums are kept under the same version key.
 */
import { kvSnapshot } from "../db/snapshot.ts";
import { allProjections } from "../finances/balances.ts";
import { keys } from "../finances/model.ts";
import { dateOfDay } from "../finances/projection.ts";

export interface MonthMoney {
  /** YYYY-MM */
  month: string;
  /** Tetri. */
  charged: number;
  credited: number;
}

const months = kvSnapshot<Map<string, MonthMoney>>({
  versionKeys: [keys.version()],
  async load() {
    const out = new Map<string, MonthMoney>();
    for (const p of (await allProjections()).values()) {
      let net = 0, credit = 0;
      p.days.forEach((day, i) => {
        const dNet = p.cumNet[i] - net, dCredit = p.cumCredit[i] - credit;
        [net, credit] = [p.cumNet[i], p.cumCredit[i]];
        if (dNet === 0 && dCredit === 0) return;
        const month = dateOfDay(day).slice(0, 7);
        let row = out.get(month);
        if (!row) out.set(month, row = { month, charged: 0, credited: 0 });
        row.charged += dNet - dCredit;
        row.credited -= dCredit;
      });
    }
    return out;
  },
});

/** Every month from `from` to `to` (YYYY-MM, inclusive), those without entries as zeros. */
export async function moneyByMonth(from: string, to: string): Promise<MonthMoney[]> {
  const held = await months.get();
  const out: MonthMoney[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) {
    out.push(held.get(month) ?? { month, charged: 0, credited: 0 });
  }
  return out;
}

export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** Months from `from` to `to` inclusive (0 or less when `to` is before `from`). */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number);
  const [ty, tm] = to.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}
