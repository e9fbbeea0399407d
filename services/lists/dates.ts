/** A section's lesson dates: every date of its semester on a weekday it has a lesson, oldest first. */
import type { RegistrationGroup } from "../academic/model.ts";
import { addDays, isoWeekday } from "../timetable/week.ts";
import type { Section } from "../registration/sections.ts";

/** A semester is at most a year; the bound keeps a mistyped end date from producing thousands of dates. */
const MAX_DAYS = 366;

export function lessonDates(
  section: Pick<Section, "lessons">,
  group: Pick<RegistrationGroup, "startDate" | "endDate">,
): string[] {
  const weekdays = new Set(section.lessons.map((l) => l.weekday));
  const dates: string[] = [];
  for (
    let i = 0, date = group.startDate;
    date <= group.endDate && i < MAX_DAYS;
    i++, date = addDays(date, 1)
  ) {
    if (weekdays.has(isoWeekday(date))) dates.push(date);
  }
  return dates;
}
