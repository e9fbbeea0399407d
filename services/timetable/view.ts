/**
 * The weekly timetable as people read it (SPEC §2.7): whose lessons (a professor's, a room's, a program's, a
 * student's own), on which dates of a week, with names in the interface language and the running lesson marked.
 *
 * Whose timetable (the rule both the page and `professorTimetable` apply):
 *   - holders of `menu.table.all` may ask for any professor, room or program;
 *   - anyone else sees only their own: a professor (guard `prof`) their HR record's lessons (user.hrUserId),
 *     a student (user.studentId) the lessons of their courses; asking for anyone else's → 403.
 * A student's timetable: exactly the lessons of the sections they are enrolled in (services/registration/);
 * a program's: the courses that appear in the transcripts of its students (the program's curriculum as actually
 * taught — programs keep no course list).
 */
import type {
  Auditorium,
  Book,
  HrPerson,
  RegistrationGroup,
  Student,
  TimetableEntry,
} from "../academic/model.ts";
import { AUDITORIUMS } from "./auditoriums.ts";
import { bookName, getBooks } from "../books/mod.ts";
import { db } from "../db/kv.ts";
import { getManyRecords, listIdsByIndex } from "../db/reads.ts";
import { HR, hrName } from "../hr/mod.ts";
import { getStudent } from "../students/mod.ts";
import { enrolledSectionIds } from "../registration/facts.ts";
import { parseSectionId, sectionIdOf } from "../registration/model.ts";
import { listEntries } from "./entries.ts";
import { listTranscript } from "../students/transcripts.ts";
import { STUDENTS_VERSION_KEY } from "../students/version.ts";
import { endOf, lessonTime, startOf } from "./rules.ts";
import { happensOn, isoWeekday, isRunning, localNow } from "./week.ts";
import { forbidden } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";
import { now as clockNow } from "../academic/clock.ts";

export type TimetableScope =
  | { kind: "professor"; id: number }
  | { kind: "auditorium"; id: number }
  | { kind: "program"; id: number }
  | { kind: "student"; id: number; programId: number };

export interface ScopeRequest {
  professorHrId?: number;
  auditoriumId?: number;
  programId?: number;
}

export interface Viewer {
  user: { guard: string; hrUserId: number | null; studentId: number | null };
  /** Holds `menu.table.all`. */
  canAll: boolean;
}

/** The viewer's own timetable: a professor's or a student's; null for anyone else. */
export async function ownScope(
  viewer: Viewer,
  /** The viewer's student record, when the caller has read it already. */
  record?: Promise<Student | null>,
): Promise<TimetableScope | null> {
  const { user } = viewer;
  if (user.guard === "prof" && user.hrUserId !== null) {
    return { kind: "professor", id: user.hrUserId };
  }
  if (user.studentId !== null) {
    const student = await (record ?? getStudent(user.studentId).then((r) => r?.value ?? null));
    if (student) return { kind: "student", id: student.id, programId: student.programId };
  }
  return null;
}

/** What `request` may show to `viewer` (see the module comment); asking for someone else's without the key → 403. */
export async function resolveScope(
  viewer: Viewer,
  request: ScopeRequest,
): Promise<TimetableScope | null> {
  const asked: TimetableScope | null = request.professorHrId !== undefined
    ? { kind: "professor", id: request.professorHrId }
    : request.auditoriumId !== undefined
    ? { kind: "auditorium", id: request.auditoriumId }
    : request.programId !== undefined
    ? { kind: "program", id: request.programId }
    : null;
  const own = await ownScope(viewer);
  if (!asked) return own;
  if (viewer.canAll) return asked;
  if (
    own?.kind === "professor" && asked.kind === "professor" &&
    asked.id === own.id
  ) return own;
  throw forbidden();
}

/**
 * The same rule for `timetableEntryList`, whose filters name an owner (a professor, a room, a semester): any
 * filter for holders of `menu.table.all` (and for editors, `canEdit`, who change any lesson anyway); anyone
 * else only lessons filtered to their own professor record. A semester's or a room's lessons are not "one's
 * own" for a student or professor: their own timetable is `professorTimetable`.
 */
export async function checkEntryFilter(
  viewer: Viewer & { canEdit: boolean },
  filter: { professorHrId?: number; groupId?: number; auditoriumId?: number },
): Promise<void> {
  if (viewer.canAll || viewer.canEdit) return;
  const own = await ownScope(viewer);
  if (own?.kind === "professor" && filter.professorHrId === own.id) return;
  throw forbidden();
}

const COURSES_MAX_AGE_MS = 10 * 60_000;
const programCache = new WeakMap<
  Deno.Kv,
  Map<number, { at: number; version: string | null; books: Promise<Set<number>> }>
>();

/**
 * The courses of a program: those in its students' transcripts. Reading them costs one listing per student, so
 * the set is held per program while the students' version (moved by every student or transcript write, in any
 * instance) stays put, for ten minutes at most.
 */
export async function programCourses(
  programId: number,
  now = clockNow().getTime(),
): Promise<Set<number>> {
  const kv = db();
  let byProgram = programCache.get(kv);
  if (!byProgram) programCache.set(kv, byProgram = new Map());
  const { versionstamp: version } = await kv.get(STUDENTS_VERSION_KEY);
  const cached = byProgram.get(programId);
  if (cached && cached.version === version && now - cached.at < COURSES_MAX_AGE_MS) return cached.books;
  const books = readProgramCourses(programId);
  byProgram.set(programId, { at: now, version, books });
  books.catch(() => byProgram!.delete(programId));
  return books;
}

async function readProgramCourses(programId: number): Promise<Set<number>> {
  const studentIds: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await listIdsByIndex("students_by_program", programId, {
      limit: 1000,
      cursor,
    });
    studentIds.push(...page.items as number[]);
    cursor = page.cursor;
  } while (cursor);
  const books = new Set<number>();
  for (let i = 0; i < studentIds.length; i += 50) {
    const transcripts = await Promise.all(
      studentIds.slice(i, i + 50).map(listTranscript),
    );
    for (const entries of transcripts) {
      for (const e of entries) books.add(e.bookId);
    }
  }
  return books;
}

/** The professors of a student's sections: a section is a course taught by a professor. */
export const professorsOf = (sections: ReadonlySet<string>): number[] => [
  ...new Set([...sections].map((id) => parseSectionId(id)!.professorHrId)),
];

/** Of the lessons `taught` by a student's professors, those of the student's sections, by weekday and time. */
export function lessonsOfSections(
  groupId: number,
  sections: ReadonlySet<string>,
  taught: readonly TimetableEntry[],
): TimetableEntry[] {
  return taught.filter((e) => sections.has(sectionIdOf(groupId, e.bookId, e.professorHrId)))
    .sort((a, b) => a.weekday - b.weekday || startOf(a) - startOf(b) || a.id - b.id);
}

/** The semester's lessons of a scope, by weekday and time. */
export async function scopeEntries(
  scope: TimetableScope,
  groupId: number,
): Promise<TimetableEntry[]> {
  if (scope.kind === "student") {
    // Read the lessons of the student's professors only.
    const sections = await enrolledSectionIds(scope.id, groupId);
    const lessons = await Promise.all(
      professorsOf(sections).map((professorHrId) => listEntries({ groupId, professorHrId })),
    );
    return lessonsOfSections(groupId, sections, lessons.flat().map((r) => r.value));
  }
  const filter = scope.kind === "professor"
    ? { groupId, professorHrId: scope.id }
    : scope.kind === "auditorium"
    ? { groupId, auditoriumId: scope.id }
    : { groupId };
  const entries = (await listEntries(filter)).map((r) => r.value);
  if (scope.kind === "professor" || scope.kind === "auditorium") return entries;
  const courses = await programCourses(scope.id);
  return entries.filter((e) => courses.has(e.bookId));
}

/** One lesson on one date, named for display. */
export interface Lesson {
  entry: TimetableEntry;
  date: string;
  /** "09:00–10:30" */
  time: string;
  course: string;
  description: string;
  auditorium: string;
  professor: string;
  /** Running at the server's now (university time). */
  isNow: boolean;
}

export interface Names {
  books: Map<number, Book>;
  auditoriums: Map<number, Auditorium>;
  professors: Map<number, HrPerson>;
}

/** The courses, rooms and professors the entries name, read in three batches. */
export async function namesOf(
  entries: readonly TimetableEntry[],
): Promise<Names> {
  const unique = (
    pick: (e: TimetableEntry) => number,
  ) => [...new Set(entries.map(pick))];
  const [books, rooms, people] = await Promise.all([
    getBooks(unique((e) => e.bookId)),
    getManyRecords<Auditorium>(AUDITORIUMS, unique((e) => e.auditoriumId)),
    getManyRecords<HrPerson>(HR, unique((e) => e.professorHrId)),
  ]);
  const byId = <T extends { id: number }>(records: ({ value: T } | null)[]) =>
    new Map(
      records.flatMap((r) => (r ? [[r.value.id, r.value] as const] : [])),
    );
  return { books, auditoriums: byId(rooms), professors: byId(people) };
}

export function describe(e: TimetableEntry, names: Names, lang: Lang) {
  const book = names.books.get(e.bookId);
  const professor = names.professors.get(e.professorHrId);
  return {
    time: lessonTime(e),
    course: book ? bookName(book, lang) : `#${e.bookId}`,
    description: book?.description ?? "",
    auditorium: names.auditoriums.get(e.auditoriumId)?.name ??
      `#${e.auditoriumId}`,
    professor: professor ? hrName(professor, lang) : `#${e.professorHrId}`,
  };
}

/** The lessons of `entries` on each of `dates`, in date and time order, the running one marked. */
export async function lessonsOn(
  entries: readonly TimetableEntry[],
  group: RegistrationGroup,
  dates: readonly string[],
  lang: Lang,
  now: Date,
  /** The names of `entries` when the caller has them already (timetable/scope_view.ts). */
  known?: Names,
): Promise<Lesson[]> {
  const local = localNow(now);
  // happensOn, with each date's weekday worked out once instead of once per entry (a month × a timetable).
  const byWeekday = Map.groupBy(entries, (e): number => e.weekday);
  const placed = [...new Set(dates)].sort().flatMap((date) => {
    const sameDay = byWeekday.get(isoWeekday(date)) ?? [];
    return sameDay.filter((e) => happensOn(e, group, date)).map((entry) => ({ entry, date }));
  }).sort((a, b) =>
    // ISO dates: compared as strings (localeCompare was most of a month view's time).
    (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || startOf(a.entry) - startOf(b.entry) ||
    endOf(a.entry) - endOf(b.entry)
  );
  const names = known ?? await namesOf(placed.map((p) => p.entry));
  return placed.map(({ entry, date }) => ({
    entry,
    date,
    ...describe(entry, names, lang),
    isNow: isRunning(entry, date, local),
  }));
}

/** SPEC §3 Timetable entry, as `professorTimetable` answers it. */
export function apiEntry(lesson: Lesson) {
  const { entry } = lesson;
  return {
    data: {
      id: entry.id,
      h: entry.hour,
      m: entry.minute,
      duration: entry.duration,
      auditorium: { name: lesson.auditorium },
    },
    item: {
      book: { name: lesson.course, description: lesson.description },
      isMinimized: false,
    },
    type: entry.type,
    date: lesson.date,
    isNow: lesson.isNow,
  };
}
