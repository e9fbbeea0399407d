/**
 * Money per month: what was charged (debits: charges, late fees, refunds, reversed payments) against what was
 * paid or credited (payments, discounts, reversed charges), university-wide. The ledger sums every entry into
 * its month in the entry's own atomic (finances/model.ts `keys.month`, KvU64 sums that writers never contend
 * on), so a period is one short range read — no entry, no projection is read, and every process sees a
 * committed entry at once.
 */
import { db } from "../db/kv.ts";
import { keys, type MonthSide } from "../finances/model.ts";

export interface MonthMoney {
  /** YYYY-MM */
  month: string;
  /** Tetri. */
  charged: number;
  credited: number;
}

/** Every month from `from` to `to` (YYYY-MM, inclusive), those without entries as zeros. */
export async function moneyByMonth(from: string, to: string): Promise<MonthMoney[]> {
  const sums = new Map<string, MonthMoney>();
  const out: MonthMoney[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) {
    const row = { month, charged: 0, credited: 0 };
    sums.set(month, row);
    out.push(row);
  }
  const range = { start: keys.month(from, "charged"), end: [...keys.months(), addMonths(to, 1)] };
  for await (const e of db().list<Deno.KvU64>(range)) {
    const row = sums.get(e.key[1] as string);
    if (row && e.value instanceof Deno.KvU64) row[e.key[2] as MonthSide] = Number(e.value.value);
  }
  return out;
}

/** The month `by` months after `month` (before it when negative), both "YYYY-MM". */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const at = y * 12 + (m - 1) + by;
  return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, "0")}`;
}

/** Months from `from` to `to` inclusive (0 or less when `to` is before `from`). */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number);
  const [ty, tm] = to.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}
