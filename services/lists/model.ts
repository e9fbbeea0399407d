/**
 * The lists domain (services/lists/) owns a section's course list: points per student and assessment
 * component, attendance per lesson date, the list's status (open or submitted) and the grades it published to
 * the students' transcripts; and the catalogue of component types (/components). Sections and rosters are
 * registration's (read only here); a course's components with their weights are books' (components.ts).
 *
 * Why these keys: every cell is its own key, so two people editing one list never write over each other's
 * cells, and a cell's versionstamp is the version a stale write is refused by (409). Every cell and attendance
 * write checks the list's status key, and submitting moves it, so no write lands in a list once it is locked.
 */
import type { SectionId } from "../registration/model.ts";

export type ListStatus = "open" | "submitted";
export type AttendanceState = "present" | "absent" | "late";
export const ATTENDANCE_STATES: readonly AttendanceState[] = ["present", "absent", "late"];

/** `["lists", sectionId]`: absent = an open list nobody has submitted yet. */
export interface ListRecord {
  sectionId: SectionId;
  status: ListStatus;
  /** How many times the list was submitted (1 after the first submit); a published grade names its round. */
  round: number;
  submittedAt: string | null;
  submittedBy: number | null;
  /** The registrar's last unlock. */
  unlockedAt: string | null;
  unlockReason: string | null;
}

export const NEW_LIST = (sectionId: SectionId): ListRecord => ({
  sectionId,
  status: "open",
  round: 0,
  submittedAt: null,
  submittedBy: null,
  unlockedAt: null,
  unlockReason: null,
});

/** `["list_cells", sectionId, studentId, componentId]`: the points a student has in one component. */
export interface Cell {
  points: number;
  at: string;
  by: number | null;
}

/** `["list_grades", sectionId, studentId]`: what the list published to the student's transcript. */
export interface PublishedGrade {
  sectionId: SectionId;
  studentId: number;
  groupId: number;
  bookId: number;
  /** The transcript entry it wrote (the same entry is replaced by a later round). */
  entryId: string;
  total: number;
  points: number;
  grade: string;
  round: number;
  at: string;
}

/** `["component_types", id]`: one kind of assessment component (midterm, final, quiz …). */
export interface ComponentType {
  id: number;
  nameKa: string;
  nameEn: string;
}

/** A list's absence limit unless the course sets one (`["list_absence_limits", bookId]` → percent). */
export const DEFAULT_ABSENCE_LIMIT = 30;
/** Points are entered to two decimals at most; a cell's maximum is its component's weight. */
export const POINTS_DECIMALS = 2;
export const UNLOCK_REASON_MAX = 500;
export const COMPONENT_TYPE_NAME_MAX = 100;

export const keys = {
  list: (sectionId: SectionId): Deno.KvKey => ["lists", sectionId],
  cells: (sectionId: SectionId): Deno.KvKey => ["list_cells", sectionId],
  cell: (sectionId: SectionId, studentId: number, componentId: number): Deno.KvKey => [
    "list_cells",
    sectionId,
    studentId,
    componentId,
  ],
  attendance: (sectionId: SectionId): Deno.KvKey => ["list_attendance", sectionId],
  /** One lesson date's marks: `{ marks: { [studentId]: state } }` (a few KiB for the largest section). */
  attendanceDay: (sectionId: SectionId, date: string): Deno.KvKey => ["list_attendance", sectionId, date],
  grades: (sectionId: SectionId): Deno.KvKey => ["list_grades", sectionId],
  grade: (sectionId: SectionId, studentId: number): Deno.KvKey => ["list_grades", sectionId, studentId],
  /** The student's side of a published grade: `["list_grades_by_student", studentId, groupId, sectionId]`. */
  gradeOfStudent: (studentId: number, groupId: number, sectionId: SectionId): Deno.KvKey => [
    "list_grades_by_student",
    studentId,
    groupId,
    sectionId,
  ],
  studentGrades: (studentId: number): Deno.KvKey => ["list_grades_by_student", studentId],
  absenceLimit: (bookId: number): Deno.KvKey => ["list_absence_limits", bookId],
};

/** Audit entities: a list's status changes and cells (id = section), component types (id = type). */
export const AUDIT = { list: "lists", componentType: "component_types" } as const;
export const COMPONENT_TYPES = "component_types";
