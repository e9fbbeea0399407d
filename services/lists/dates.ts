/** A section's lesson dates: every date of its semester on a weekday it has a lesson, oldest first. */
import type { RegistrationGroup } from "../academic/model.ts";
import { dateOfDay, dayNumber, weekdayOfDay } from "../timetable/week.ts";
import type { Section } from "../registration/sections.ts";

/** A semester is at most a year; the bound keeps a mistyped end date from producing thousands of dates. */
const MAX_DAYS = 366;

export function lessonDates(
  section: Pick<Section, "lessons">,
  group: Pick<RegistrationGroup, "startDate" | "endDate">,
): string[] {
  const weekdays = new Set(section.lessons.map((l) => l.weekday));
  const dates: string[] = [];
  // Walked as day numbers: only the lesson dates are written out (every list page asks for them).
  const first = dayNumber(group.startDate);
  const last = Math.min(dayNumber(group.endDate), first + MAX_DAYS - 1);
  for (let day = first; day <= last; day++) {
    if (weekdays.has(weekdayOfDay(day))) dates.push(dateOfDay(day));
  }
  return dates;
}
