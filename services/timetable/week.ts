/**
 * The calendar arithmetic of the weekly timetable (SPEC §2.7), with no database: weeks run Monday to Saturday,
 * a weekly lesson happens on the dates of its weekday inside its semester, and "now" is read in the
 * university's time zone. Dates are YYYY-MM-DD strings throughout, computed in UTC so no local zone leaks in.
 */
import type { RegistrationGroup, TimetableEntry } from "../academic/model.ts";
import { currentGroupOf, isIsoDate } from "../academic/semesters.ts";
import { endOf, startOf } from "./rules.ts";
import { now } from "../academic/clock.ts";

/** Tbilisi is UTC+4 all year (Georgia has kept no daylight saving time since 2005). */
export const UNIVERSITY_UTC_OFFSET_MINUTES = 240;
export const WEEK_DAYS = 6;

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, and back (the proleptic Gregorian calendar, after H. Hinnant's
 * days_from_civil): a month view adds days some hundreds of times per request, and a Date parsed and formatted
 * each time was a tenth of the calendar page's server time.
 */
export function dayNumber(date: string): number {
  const m = Number(date.slice(5, 7)), d = Number(date.slice(8, 10));
  const y = Number(date.slice(0, 4)) - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function dateOfDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const m = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return weekdayOfDay(dayNumber(date));
}

/** The ISO weekday of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDay(day: number): number {
  return ((day % 7) + 10) % 7 + 1;
}

/** The Monday of the week holding `date` (a Sunday belongs to the week that began six days before). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The six displayed dates, Monday to Saturday, of the week starting `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: WEEK_DAYS }, (_, i) => addDays(monday, i));
}

/** The university's local date and minutes after midnight at the instant `now`. */
export function localNow(now: Date): { date: string; minutes: number } {
  const shifted = new Date(now.getTime() + UNIVERSITY_UTC_OFFSET_MINUTES * 60_000);
  return {
    date: shifted.toISOString().slice(0, 10),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** Today in university time (YYYY-MM-DD), from the calendar clock: the one "today" of every module. */
export const today = () => localNow(now()).date;

/**
 * The default semester: SPEC §2.7 says "the last group". Semesters are created ahead of time (the spring one
 * exists in November), so "last" is read as the last one that has started — the one running today, else the
 * latest before today; a timetable of a semester months away would greet everyone with an empty week.
 */
export function defaultGroup<G extends { value: RegistrationGroup }>(
  groups: readonly G[],
  today: string,
): G | null {
  return currentGroupOf(groups, today);
}

/**
 * The week shown when the URL names none: this week while the semester runs; its first week before it starts;
 * its last week once it is over (so choosing a past semester shows its teaching, not an empty week).
 */
export function defaultWeek(group: RegistrationGroup | null, today: string): string {
  if (!group || (group.startDate <= today && today <= group.endDate)) return mondayOf(today);
  return mondayOf(today < group.startDate ? group.startDate : group.endDate);
}

/** A `week` query value: any real date is taken to its Monday; anything else → null (the default applies). */
export function parseWeek(value: string | null | undefined): string | null {
  return value && isIsoDate(value) ? mondayOf(value) : null;
}

/** Whether the weekly lesson takes place on `date`: its weekday, inside its semester's dates. */
export function happensOn(entry: Pick<TimetableEntry, "weekday">, group: RegistrationGroup, date: string) {
  return isoWeekday(date) === entry.weekday && group.startDate <= date && date <= group.endDate;
}

/** Whether the lesson on `date` is running at `now` (start inclusive, end exclusive). */
export function isRunning(
  entry: Pick<TimetableEntry, "hour" | "minute" | "duration">,
  date: string,
  now: { date: string; minutes: number },
): boolean {
  return date === now.date && startOf(entry) <= now.minutes && now.minutes < endOf(entry);
}

const MONTHS_KA = [
  "იანვარი",
  "თებერვალი",
  "მარტი",
  "აპრილი",
  "მაისი",
  "ივნისი",
  "ივლისი",
  "აგვისტო",
  "სექტემბერი",
  "ოქტომბერი",
  "ნოემბერი",
  "დეკემბერი",
];
const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "November 2026" / "ნოემბერი 2026" of the week's Monday; a week across two months names both. */
export function monthLabel(monday: string, lang: "ka" | "en"): string {
  const names = lang === "en" ? MONTHS_EN : MONTHS_KA;
  const saturday = addDays(monday, WEEK_DAYS - 1);
  const part = (date: string) => ({ month: names[Number(date.slice(5, 7)) - 1], year: date.slice(0, 4) });
  const a = part(monday);
  const b = part(saturday);
  if (a.month === b.month) return `${a.month} ${a.year}`;
  return a.year === b.year
    ? `${a.month} – ${b.month} ${b.year}`
    : `${a.month} ${a.year} – ${b.month} ${b.year}`;
}
