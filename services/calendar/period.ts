/** The period a calendar shows: dates (university time), checked, at most 62 days; the current month by default. */
import { invalid } from "../../utils/errors.ts";
import { addDays, mondayOf, today } from "../timetable/week.ts";

export const PERIOD_MAX_DAYS = 62;

export function monthPeriod(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`;
  const [y, m] = from.split("-").map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

// One "today" for every module (timetable/week.ts); re-exported for this module's callers.
export { today };

const real = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
  new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

export function parsePeriod(from?: string, to?: string): { from: string; to: string } {
  if (!from && !to) return monthPeriod(today());
  const start = from ?? to!, end = to ?? from!;
  const fields: Record<string, { key: string; params?: Record<string, number> }> = {};
  if (!real(start)) fields.from = { key: "errors.invalidDate" };
  if (!real(end)) fields.to = { key: "errors.invalidDate" };
  if (!fields.from && !fields.to) {
    if (end < start) fields.to = { key: "calendar.errors.endBeforeStart" };
    else if (addDays(start, PERIOD_MAX_DAYS - 1) < end) {
      fields.to = { key: "calendar.errors.periodTooLong", params: { days: PERIOD_MAX_DAYS } };
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return { from: start, to: end };
}

export const CALENDAR_VIEWS = ["month", "week", "list"] as const;
export type CalendarView = typeof CALENDAR_VIEWS[number];

export interface Shown {
  view: CalendarView;
  /** The date the page is about (its month or week). */
  date: string;
  from: string;
  to: string;
  previous: string;
  next: string;
}

/** What a calendar page shows for `?view=&date=` (bad values fall back to this month). */
export function shownPeriod(viewText: string | null, dateText: string | null): Shown {
  const view = (CALENDAR_VIEWS as readonly string[]).includes(viewText ?? "")
    ? viewText as CalendarView
    : "month";
  const date = dateText && real(dateText) ? dateText : today();
  if (view === "week") {
    const monday = mondayOf(date);
    return {
      view,
      date,
      from: monday,
      to: addDays(monday, 6),
      previous: addDays(monday, -7),
      next: addDays(monday, 7),
    };
  }
  const { from, to } = monthPeriod(date);
  return { view, date, from, to, previous: monthPeriod(addDays(from, -1)).from, next: addDays(to, 1) };
}
