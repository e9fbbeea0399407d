/**
 * The academic domain (services/academic/) owns the records every other module refers to (this file and
 * indexes.ts), the semesters (registration groups) and the calendar clock.
 *
 * The academic core's records (issue: schools and programs, students, personnel, semesters, rooms and the
 * timetable model) in one place, so that every module that refers to another's records agrees on their shape.
 * Each collection's service owns its writes; see the key table in db/kv.ts for where each lives in KV.
 */

/** Educational unit (faculty / school). */
export interface School {
  id: number;
  nameKa: string;
  nameEn: string;
  /** Short unique code, e.g. "BUS". */
  code: string;
  /** HR record of the dean; null while vacant. */
  deanHrId: number | null;
}

import type { Level, ProgramStatus, TeachingLanguage } from "../../utils/structure_values.ts";
export { LEVELS } from "../../utils/structure_values.ts";
export type { Level, ProgramStatus, TeachingLanguage };

export interface Program {
  id: number;
  nameKa: string;
  nameEn: string;
  code: string;
  schoolId: number;
  level: Level;
  /** ECTS credits of the whole program, e.g. 240 for a bachelor. */
  credits: number;
  language: TeachingLanguage;
  status: ProgramStatus;
}

export type StudentStatus = "active" | "suspended" | "graduated" | "withdrawn";
export const STUDENT_STATUSES: readonly StudentStatus[] = ["active", "suspended", "graduated", "withdrawn"];

export interface Student {
  id: number;
  /** Georgian personal number: exactly 11 digits, unique. */
  personalNumber: string;
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
  /** YYYY-MM-DD */
  birthDate: string;
  email: string;
  phone: string;
  programId: number;
  status: StudentStatus;
  admissionYear: number;
  /**
   * ISO 3166 two-letter code (personal data: `menu.personalInfo.view.country`). Absent in records written
   * before it existed: those are Georgian citizens (students/citizenship.ts `citizenshipOf`).
   */
  citizenship?: string;
  /** The sign-in account of the student, if any. */
  userId: number | null;
}

/** Georgian grading (Ministry order №3): letter by points, with the grade point used for GPA. */
export type Grade = "A" | "B" | "C" | "D" | "E" | "FX" | "F";

/** One completed course in a student's transcript: `["transcripts", studentId, entryId]`. */
export interface TranscriptEntry {
  id: string;
  studentId: number;
  bookId: number;
  /** Registration group (semester) in which it was taken. */
  groupId: number;
  /** 0–100 */
  points: number;
  grade: Grade;
  credits: number;
}

export type PersonnelKind = "academic" | "administrative";

/** HR record of academic or administrative personnel (`hrUserId` in the user record points here). */
export interface HrPerson {
  id: number;
  kind: PersonnelKind;
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
  position: string;
  schoolId: number | null;
  email: string;
  phone: string;
  userId: number | null;
}

/** A semester of academic registration (SPEC §3 Registration group). */
export interface RegistrationGroup {
  id: number;
  /** e.g. "2026-2027 autumn" */
  seasonYear: string;
  comment: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
}

export interface Auditorium {
  id: number;
  name: string;
  building: string;
  capacity: number;
}

export type LessonType = "lecture" | "seminar" | "both";

/** A weekly lesson: `weekday` 1 (Monday) … 6 (Saturday); start at `hour`:`minute`, lasting `duration` minutes. */
export interface TimetableEntry {
  id: number;
  bookId: number;
  professorHrId: number;
  groupId: number;
  weekday: 1 | 2 | 3 | 4 | 5 | 6;
  hour: number;
  minute: number;
  duration: number;
  type: LessonType;
  auditoriumId: number;
}

/** A course (SPEC §3 Book). The courses screen owns the full form; the core needs it for transcripts and lessons. */
export interface Book {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  description: string;
  credit: number;
  /** 1 standard, 2 language type */
  type: 1 | 2;
  status: "active" | "closed";
  /** For type 2: gr, en, fr, ru, es, tu */
  lang: string | null;
  langCode: "geo" | "eng";
  nashromi_praqtika_type: "" | "praktika" | "nashromi";
  medic: boolean;
  /** Not required (SPEC §5): null when the form leaves it empty. */
  level: Level | null;
  gpaLimit: number | null;
}
