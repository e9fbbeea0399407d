/**
 * The balance projection, without the database: what one entry changes (its effects), how the running totals
 * take them in, and the balance and overdue amount as of a date. Pure functions, so the ledger's writer, the
 * reports and the property test all fold entries the same way.
 */
import type { BalanceProjection, LedgerEntry } from "./model.ts";

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date; NaN when it is not a real date. */
export function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return NaN;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(at).toISOString().slice(0, 10);
  return back === date ? at / DAY_MS : NaN;
}

export const isIsoDay = (date: string) => !Number.isNaN(dayNumber(date));

export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

/** One change to the running totals on a day. */
export interface Effect {
  day: number;
  net: number;
  due: number;
  /** The credits alone (≤ 0), so that a grace period can shift the debits' due days but not the payments. */
  credit: number;
}

/**
 * What an entry changes: its effect on the balance on its date; and for the overdue amount, a debit counts on
 * the days its parts fall due, a credit on its date (paying early covers what falls due later).
 */
export function effectsOf(entry: Pick<LedgerEntry, "signed" | "date" | "dues">): Effect[] {
  const day = dayNumber(entry.date);
  if (entry.signed <= 0) return [{ day, net: entry.signed, due: entry.signed, credit: entry.signed }];
  return [
    { day, net: entry.signed, due: 0, credit: 0 },
    ...entry.dues.map((d) => ({ day: dayNumber(d.date), net: 0, due: d.amount, credit: 0 })),
  ];
}

export function emptyProjection(studentId: number): BalanceProjection {
  return {
    studentId,
    entries: 0,
    days: [],
    cumNet: [],
    cumDue: [],
    cumCredit: [],
    balance: 0,
    updatedAt: "",
  };
}

/** The projection with one more entry's effects (a new object; the stored one is left as it was). */
export function withEntry(projection: BalanceProjection, entry: LedgerEntry): BalanceProjection {
  const step = (cum: number[], i: number) => cum[i] - (i ? cum[i - 1] : 0);
  const raw = new Map<number, { net: number; due: number; credit: number }>();
  projection.days.forEach((day, i) => {
    raw.set(day, {
      net: step(projection.cumNet, i),
      due: step(projection.cumDue, i),
      credit: step(projection.cumCredit, i),
    });
  });
  for (const effect of effectsOf(entry)) {
    const at = raw.get(effect.day) ?? { net: 0, due: 0, credit: 0 };
    raw.set(effect.day, {
      net: at.net + effect.net,
      due: at.due + effect.due,
      credit: at.credit + effect.credit,
    });
  }
  const days = [...raw.keys()].sort((a, b) => a - b);
  const cumNet: number[] = [];
  const cumDue: number[] = [];
  const cumCredit: number[] = [];
  let net = 0, due = 0, credit = 0;
  for (const day of days) {
    const at = raw.get(day)!;
    cumNet.push(net += at.net);
    cumDue.push(due += at.due);
    cumCredit.push(credit += at.credit);
  }
  return {
    studentId: projection.studentId,
    entries: projection.entries + 1,
    days,
    cumNet,
    cumDue,
    cumCredit,
    balance: projection.balance + entry.signed,
    updatedAt: entry.at,
  };
}

/** Index of the last day ≤ `day`, −1 when every day is later. */
function lastAtOrBefore(days: readonly number[], day: number): number {
  let low = 0, high = days.length - 1, found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (days[mid] <= day) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Tetri owed at the end of `date` (negative: the student is in credit). */
export function balanceAsOf(projection: BalanceProjection, date: string): number {
  const i = lastAtOrBefore(projection.days, dayNumber(date));
  return i < 0 ? 0 : projection.cumNet[i];
}

/** Tetri fallen due by the end of `date` and not covered by the credits up to then. */
export function overdueAsOf(projection: BalanceProjection, date: string): number {
  const i = lastAtOrBefore(projection.days, dayNumber(date));
  return i < 0 ? 0 : Math.max(0, projection.cumDue[i]);
}

/**
 * What fell due by `graceDays` before `date` and is still not covered by every credit up to `date` itself: the
 * amount a finance hold is about (a payment made today counts at once; a debit only once its grace has passed).
 */
export function overdueBeyondGrace(projection: BalanceProjection, date: string, graceDays: number): number {
  const then = lastAtOrBefore(projection.days, dayNumber(date) - graceDays);
  const now = lastAtOrBefore(projection.days, dayNumber(date));
  const dueDebits = then < 0 ? 0 : projection.cumDue[then] - projection.cumCredit[then];
  return Math.max(0, dueDebits + (now < 0 ? 0 : projection.cumCredit[now]));
}

/** The balance at the end of each day with an entry, from `from` to `to` (the student page's chart). */
export function balanceSeries(
  projection: BalanceProjection,
  from: string,
  to: string,
): { date: string; balance: number }[] {
  const start = dayNumber(from), end = dayNumber(to);
  const out = [{ date: from, balance: balanceAsOf(projection, from) }];
  projection.days.forEach((day, i) => {
    if (day > start && day <= end && projection.cumNet[i] !== (i ? projection.cumNet[i - 1] : 0)) {
      out.push({ date: dateOfDay(day), balance: projection.cumNet[i] });
    }
  });
  // The line runs to the date asked about, so the chart's last point is "now" as the page means it.
  if (out.at(-1)!.date !== to && end > start) out.push({ date: to, balance: balanceAsOf(projection, to) });
  return out;
}
