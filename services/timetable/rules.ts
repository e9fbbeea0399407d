/**
 * The rules of a timetable entry (SPEC §3, §9) that need no database: ranges, the end of the teaching day, and
 * when two lessons overlap. `timetable/entries.ts` applies them together with the references and the overlaps.
 */
import type { LessonType, TimetableEntry } from "../academic/model.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";

export const LESSON_TYPES: readonly LessonType[] = ["lecture", "seminar", "both"];
export const FIRST_HOUR = 8;
export const LAST_START_HOUR = 21;
/** Lessons end by 22:00, in minutes after midnight. */
export const DAY_END = 22 * 60;
export const MIN_DURATION = 30;
export const MAX_DURATION = 240;

export type EntryInput = Omit<TimetableEntry, "id">;

export const startOf = (e: Pick<TimetableEntry, "hour" | "minute">) => e.hour * 60 + e.minute;
export const endOf = (e: Pick<TimetableEntry, "hour" | "minute" | "duration">) => startOf(e) + e.duration;

/** "HH:MM" of minutes after midnight. */
export function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "10:00–11:30" */
export function lessonTime(e: Pick<TimetableEntry, "hour" | "minute" | "duration">): string {
  return `${clock(startOf(e))}–${clock(endOf(e))}`;
}

/** Touching lessons (one ends at 11:00, the next starts at 11:00) do not overlap. */
export function overlaps(a: TimetableEntry | EntryInput, b: TimetableEntry | EntryInput): boolean {
  return a.groupId === b.groupId && a.weekday === b.weekday && startOf(a) < endOf(b) && startOf(b) < endOf(a);
}

export function normalizeEntryInput(input: EntryInput): EntryInput {
  const { bookId, professorHrId, groupId, weekday, hour, minute, duration, type, auditoriumId } = input;
  return { bookId, professorHrId, groupId, weekday, hour, minute, duration, type, auditoriumId };
}

/** Ranges and the end of the day; the referenced records are checked separately. */
export function validateEntryShape(input: EntryInput): void {
  const fields: Record<string, FieldError> = {};
  const range = (name: keyof EntryInput, min: number, max: number) => {
    const value = input[name] as number;
    if (!Number.isInteger(value)) fields[name] = { key: "errors.invalidType" };
    else if (value < min) fields[name] = { key: "errors.tooSmall", params: { min } };
    else if (value > max) fields[name] = { key: "errors.tooBig", params: { max } };
  };
  for (const name of ["bookId", "professorHrId", "groupId", "auditoriumId"] as const) {
    range(name, 1, Number.MAX_SAFE_INTEGER);
  }
  range("weekday", 1, 6);
  range("hour", FIRST_HOUR, LAST_START_HOUR);
  range("minute", 0, 59);
  range("duration", MIN_DURATION, MAX_DURATION);
  if (!LESSON_TYPES.includes(input.type)) fields.type = { key: "errors.invalidChoice" };
  if (!fields.hour && !fields.minute && !fields.duration && endOf(input) > DAY_END) {
    fields.duration = { key: "errors.lessonEndsLate", params: { end: clock(DAY_END) } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}
