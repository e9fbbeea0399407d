/**
 * A person's own calendar (/hr/calendar/calendar): their timetable lessons (a professor's or a student's, on
 * each date of the period), the university events of their audience, and deadlines — registration opening and
 * closing, the add/drop deadline, and the closing of the polls they are asked to answer.
 */
import { now } from "../academic/clock.ts";
import { cachedValue, cacheVersionKey } from "../db/cached_value.ts";
import { listGroups } from "../academic/semesters.ts";
import type { User } from "../identity/users.ts";
import type { RegistrationGroup, Student } from "../academic/model.ts";
import { type AudienceMatcher, audienceMatcher } from "../polls/audience.ts";
import { pollsMine } from "../polls/answers.ts";
import { listWindows } from "../registration/windows.ts";
import { getStudent } from "../students/mod.ts";
import { lessonsOn, ownScope } from "../timetable/view.ts";
import { type ScopeView, scopeView } from "../timetable/scope_view.ts";
import { addDays, dateOfDay, dayNumber, UNIVERSITY_UTC_OFFSET_MINUTES } from "../timetable/week.ts";
import type { Lang } from "../../utils/i18n.ts";
import { eventsFor, type UniEvent } from "./events.ts";

export type DeadlineKind = "registrationOpens" | "registrationCloses" | "dropDeadline" | "pollCloses";

export interface CalendarItem {
  kind: "lesson" | "event" | "deadline";
  /** YYYY-MM-DD, university time. */
  date: string;
  /** "09:00–10:30" for lessons and events within one day; empty for all-day items. */
  time: string;
  title: string;
  detail: string;
  /** For deadlines: which one (the page names it in the reader's language). */
  deadline?: DeadlineKind;
  /** A poll the person has answered already. */
  done?: boolean;
  href?: string;
}

const OFFSET = UNIVERSITY_UTC_OFFSET_MINUTES * 60_000;
const localDate = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(0, 10);
const localTime = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(11, 16);
/** Midnight of a university date, as an instant. */
export const startOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET).toISOString();

export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  const first = dayNumber(from), last = Math.min(dayNumber(to), first + 61);
  for (let day = first; day <= last; day++) dates.push(dateOfDay(day));
  return dates;
}

/** University events of [from, to] (dates, inclusive) as calendar items, one per day they touch. */
export async function eventItems(
  user: User,
  from: string,
  to: string,
  lang: Lang,
  seesAll: boolean,
  matches = audienceMatcher(user),
): Promise<CalendarItem[]> {
  const events = await eventsFor(user, startOfDay(from), startOfDay(addDays(to, 1)), seesAll, matches);
  return events.flatMap(({ value: e }) => {
    const { first, last, time } = daysOf(e);
    return datesBetween(first < from ? from : first, last > to ? to : last).map((date) => ({
      kind: "event" as const,
      date,
      time,
      title: lang === "en" ? e.titleEn || e.title : e.title,
      detail: e.place,
      href: `/event-calendar?view=list&date=${first}#event-${e.id}`,
    }));
  });
}

/**
 * An event's first and last university dates, and its hours when it keeps to one day: worked out once per kept
 * event record (events.ts keeps the list), not on every calendar page.
 */
const eventDays = new WeakMap<UniEvent, { first: string; last: string; time: string }>();

function daysOf(e: UniEvent) {
  let days = eventDays.get(e);
  if (!days) {
    const first = localDate(e.start), last = localDate(new Date(Date.parse(e.end) - 1).toISOString());
    days = { first, last, time: first === last ? `${localTime(e.start)}–${localTime(e.end)}` : "" };
    eventDays.set(e, days);
  }
  return days;
}

/** Whose calendar: the person, their student record (read once per calendar), their audiences. */
interface Reader {
  user: User;
  student: Promise<Student | null>;
  matches: AudienceMatcher;
}

async function lessonItems({ user, student }: Reader, from: string, to: string, lang: Lang) {
  const items: CalendarItem[] = [];
  // Started together, so their reads share one KV round trip with the rest of the calendar's first reads.
  const [scope, groups] = await Promise.all([ownScope({ user, canAll: false }, student), listGroups()]);
  if (!scope) return items;
  for (const group of groups) {
    const g = group.value;
    const dates = datesBetween(from > g.startDate ? from : g.startDate, to < g.endDate ? to : g.endDate);
    if (dates.length === 0) continue;
    items.push(...await semesterItems(await scopeView(scope, group.id), g, dates, lang));
  }
  return items;
}

/**
 * A kept scope view's lessons on some dates, as calendar items: kept with the view (a new view, after a lesson,
 * a name or a registration changed, starts afresh), since a person opens the same month again and again.
 */
const itemsOfView = new WeakMap<ScopeView, Map<string, Promise<CalendarItem[]>>>();
const MONTHS_KEPT = 12;

function semesterItems(view: ScopeView, group: RegistrationGroup, dates: string[], lang: Lang) {
  let kept = itemsOfView.get(view);
  if (!kept) itemsOfView.set(view, kept = new Map());
  const key = `${group.startDate}:${group.endDate}:${dates[0]}:${dates.at(-1)}:${lang}`;
  let items = kept.get(key);
  if (!items) {
    if (kept.size >= MONTHS_KEPT) kept.clear();
    items = lessonsOn(view.entries, group, dates, lang, now(), view.names).then((lessons) =>
      lessons.map((lesson): CalendarItem => ({
        kind: "lesson",
        date: lesson.date,
        time: lesson.time,
        title: lesson.course,
        detail: [lesson.auditorium, lesson.professor].filter(Boolean).join(" · "),
      }))
    );
    kept.set(key, items);
    items.catch(() => kept.get(key) === items && kept.delete(key));
  }
  return items;
}

// Every calendar page reads every semester's window; they change a few times a year. The version keys are the
// ones registration/windows.ts and academic/semesters.ts move on every write.
const windows = cachedValue({
  name: "calendar_windows",
  versionKeys: [cacheVersionKey("registration_windows"), cacheVersionKey("semesters")],
  maxAgeMs: 60_000,
  load: listWindows,
});

async function deadlineItems(reader: Reader, from: string, to: string, lang: Lang): Promise<CalendarItem[]> {
  const inRange = (date: string) => date >= from && date <= to;
  const items: CalendarItem[] = [];
  const [student, windowList, polls] = await Promise.all([
    reader.student,
    windows.get(),
    pollsMine(reader.user, Date.now(), reader.matches),
  ]);
  for (const { group, window } of windowList) {
    if (!window) continue;
    // A window for some programs or admission years concerns only their students (staff see every one).
    if (
      student && ((window.programIds.length && !window.programIds.includes(student.programId)) ||
        (window.admissionYears.length && !window.admissionYears.includes(student.admissionYear)))
    ) continue;
    const marks: [DeadlineKind, string][] = [
      ["registrationOpens", window.opens],
      ["registrationCloses", window.closes],
      ["dropDeadline", window.dropDeadline],
    ];
    for (const [deadline, date] of marks) {
      if (inRange(date)) {
        items.push({
          kind: "deadline",
          deadline,
          date,
          time: "",
          title: group.seasonYear,
          detail: "",
          href: "/registration",
        });
      }
    }
  }
  for (const { poll, answered } of polls) {
    const date = localDate(poll.closesAt);
    if (!inRange(date)) continue;
    items.push({
      kind: "deadline",
      deadline: "pollCloses",
      date,
      time: localTime(poll.closesAt),
      title: lang === "en" ? poll.titleEn || poll.title : poll.title,
      detail: "",
      done: answered,
      href: `/poll-response?poll=${poll.id}`,
    });
  }
  return items;
}

/** Everything of the person's between two dates (inclusive), by date and time. */
export async function calendarMine(
  user: User,
  from: string,
  to: string,
  lang: Lang,
  seesAllEvents: boolean,
): Promise<CalendarItem[]> {
  const student = user.studentId === null
    ? Promise.resolve(null)
    : getStudent(user.studentId).then((r) => r?.value ?? null);
  const reader: Reader = { user, student, matches: audienceMatcher(user, student) };
  const [lessons, events, deadlines] = await Promise.all([
    lessonItems(reader, from, to, lang),
    eventItems(user, from, to, lang, seesAllEvents, reader.matches),
    deadlineItems(reader, from, to, lang),
  ]);
  // ISO dates and "HH:MM–HH:MM" times order as plain strings; localeCompare is many times slower.
  const byText = (x: string, y: string) => x < y ? -1 : x > y ? 1 : 0;
  return [...deadlines, ...lessons, ...events].sort((a, b) =>
    byText(a.date, b.date) || byText(a.time, b.time)
  );
}
