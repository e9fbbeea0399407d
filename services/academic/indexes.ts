/**
 * The KV indexes of the academic records: the services write records through these, and the demo-data
 * generator writes them in bulk with the same functions, so the two can never disagree.
 */
import type {
  Auditorium,
  Book,
  HrPerson,
  Program,
  RegistrationGroup,
  School,
  Student,
  TimetableEntry,
} from "./model.ts";
import type { IndexSpec } from "../db/records.ts";

const lower = (text: string) => text.trim().toLowerCase();

export const schoolIndexes = (s: School): IndexSpec[] => [
  { name: "schools_by_code", value: lower(s.code), unique: true, field: "code" },
];

export const programIndexes = (p: Program): IndexSpec[] => [
  { name: "programs_by_code", value: lower(p.code), unique: true, field: "code" },
  { name: "programs_by_school", value: p.schoolId },
];

export const studentIndexes = (s: Student): IndexSpec[] => [
  { name: "students_by_personal_number", value: s.personalNumber, unique: true, field: "personalNumber" },
  { name: "students_by_program", value: s.programId },
];

export const hrIndexes = (p: HrPerson): IndexSpec[] => [
  { name: "hr_by_email", value: p.email ? lower(p.email) : null, unique: true, field: "email" },
  { name: "hr_by_school", value: p.schoolId },
];

export const groupIndexes = (_g: RegistrationGroup): IndexSpec[] => [];

export const auditoriumIndexes = (a: Auditorium): IndexSpec[] => [
  { name: "auditoriums_by_name", value: lower(a.name), unique: true, field: "name" },
];

export const timetableIndexes = (e: TimetableEntry): IndexSpec[] => [
  { name: "timetable_by_group", value: e.groupId },
  { name: "timetable_by_professor", value: e.professorHrId },
  { name: "timetable_by_auditorium", value: e.auditoriumId },
  { name: "timetable_by_book", value: e.bookId },
];

export const bookIndexes = (b: Book): IndexSpec[] => [
  // The code is optional on the course form (SPEC §5): unique when given.
  { name: "books_by_code", value: b.code.trim() ? lower(b.code) : null, unique: true, field: "code" },
];

/** Transcript entries live under their student: `["transcripts", studentId, entryId]`; this index finds a
 * course's entries (`["transcripts_by_book", bookId, studentId, entryId] → entryId`), e.g. before removing it. */
export const transcriptByBookKey = (bookId: number, studentId: number, entryId: string): Deno.KvKey => [
  "transcripts_by_book",
  bookId,
  studentId,
  entryId,
];
