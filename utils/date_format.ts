/**
 * The one date and date-time formatter of every page, island and export (ARCHITECTURE §9). Dates travel as
 * `YYYY-MM-DD` and are shown as `DD-MMM-YYYY` (SPEC §9, locale "en-EN"), in both interface languages; instants
 * are shown as `DD-MMM-YYYY HH:mm`, 24-hour, on the university's clock (Tbilisi). The month names are spelled
 * out here rather than taken from Intl, whose English abbreviations vary by ICU version ("Sep"/"Sept").
 */
export const MONTH_ABBREVIATIONS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Day and year around a month name; "-", "/", "." or spaces between them, as people type them.
const DISPLAY_DATE = /^(\d{1,2})[-/. ]+([A-Za-z]{3})[-/. ]+(\d{4})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** True when year-month-day names a day on the calendar (rejects 2026-02-30). */
function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC so no time zone can shift it.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function toIso(year: number, month: number, day: number): string | null {
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/**
 * Reads `YYYY-MM-DD` or `DD-MMM-YYYY` (month name in any case) and returns the `YYYY-MM-DD` form,
 * or null when the text is not a real calendar date.
 */
export function parseIsoDate(text: string): string | null {
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  if (iso) return toIso(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const display = DISPLAY_DATE.exec(s);
  if (!display) return null;
  const monthIndex = MONTH_ABBREVIATIONS.findIndex((m) => m.toLowerCase() === display[2].toLowerCase());
  if (monthIndex < 0) return null;
  return toIso(Number(display[3]), monthIndex + 1, Number(display[1]));
}

/**
 * `2026-03-05` → `05-Mar-2026`. A timestamp's date part is used as written (no time zone conversion).
 * Empty or invalid input gives "" so a table cell or field shows nothing rather than "Invalid Date".
 */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(iso.trim());
  if (!match) return "";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return "";
  return `${pad(day)}-${MONTH_ABBREVIATIONS[month - 1]}-${pad(year, 4)}`;
}

/** The university's clock: Georgia keeps UTC+4 all year, but the zone's name keeps that true if it changes. */
const UNIVERSITY_TIME_ZONE = "Asia/Tbilisi";
let clockParts: Intl.DateTimeFormat | null = null;
const FORMATTED_MINUTES_MAX = 10_000;
const formattedMinutes = new Map<number, string>();

/**
 * An instant (ISO text, epoch milliseconds or a Date) → `25-Nov-2026 08:21`, 24-hour, Tbilisi time. Empty or
 * invalid input gives "". Built once: constructing an `Intl.DateTimeFormat` costs far more than using one.
 */
export function formatDisplayDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return "";
  // The text names the minute only, and pages show the same instants again and again (sessions, messages):
  // formatToParts with a time zone was a sixth of the render of /my-devices.
  const minute = Math.floor(ms / 60_000);
  const known = formattedMinutes.get(minute);
  if (known !== undefined) return known;
  clockParts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: UNIVERSITY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part: Record<string, string> = {};
  for (const { type, value } of clockParts.formatToParts(date)) part[type] = value;
  const text = `${part.day}-${
    MONTH_ABBREVIATIONS[Number(part.month) - 1]
  }-${part.year} ${part.hour}:${part.minute}`;
  if (formattedMinutes.size >= FORMATTED_MINUTES_MAX) formattedMinutes.clear();
  formattedMinutes.set(minute, text);
  return text;
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as <input type=datetime-local> shows it. */
export function dateTimeInputValue(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${
    pad(d.getMinutes())
  }`;
}
