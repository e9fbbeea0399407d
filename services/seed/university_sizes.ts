/**
 * How big the demo university is. `small` is for the first start, tests and browser tests (well under a second
 * of generation); `large` is the benchmark set: 8 schools, 60 programs, 10,000 courses, 400
 * professors, 20,000 students with ~15 transcript entries each, and two semesters of timetable.
 */
import type { Level } from "../academic/model.ts";

export interface UniversitySize {
  /** The first n schools of the catalogue. */
  schools: number;
  /** Only the catalogue's programs marked `small`. */
  smallPrograms: boolean;
  /** Courses per program by level (small), or the total number of courses to spread by level weight. */
  courses: { perProgram: Record<Level, number> } | { total: number };
  /** Academic staff, the demo professor (HR id 4) included. */
  academic: number;
  /** Administrative staff, the three demo administrators (HR ids 1–3) included. */
  administrative: number;
  students: number;
  auditoriums: number;
  /** Semesters that get a timetable, counted back from the current one. */
  timetableSemesters: number;
  /** Courses each professor teaches in a semester (each as a lecture and one or two seminars). */
  coursesPerProfessor: readonly [number, number];
}

export const UNIVERSITY_SIZES = {
  small: {
    schools: 3,
    smallPrograms: true,
    courses: { perProgram: { 1: 12, 2: 6, 3: 4, 4: 10, 5: 4, 6: 4 } },
    academic: 21,
    administrative: 8,
    students: 200,
    auditoriums: 12,
    timetableSemesters: 1,
    coursesPerProfessor: [2, 3],
  },
  large: {
    schools: 8,
    smallPrograms: false,
    courses: { total: 10_000 },
    academic: 400,
    administrative: 60,
    students: 20_000,
    auditoriums: 200,
    timetableSemesters: 2,
    coursesPerProfessor: [3, 5],
  },
} as const satisfies Record<string, UniversitySize>;

/** Relative number of courses a program of each level offers (large), and of students it has. */
export const COURSE_WEIGHT: Record<Level, number> = { 1: 3, 2: 1.6, 3: 0.8, 4: 3.5, 5: 0.7, 6: 1.2 };
export const STUDENT_WEIGHT: Record<Level, number> = { 1: 5, 2: 2, 3: 0.5, 4: 3, 5: 1, 6: 0.8 };

/**
 * The demo's "today": the calendar, statuses and completed semesters are computed from it rather than from the
 * clock, so the same seed gives the same university on every machine and every day.
 */
export const REFERENCE_DATE = "2026-11-22";
/** Noon of REFERENCE_DATE in Tbilisi: what tests pin the calendar clock to (`APP_NOW`, services/academic/clock.ts). */
export const REFERENCE_NOW = `${REFERENCE_DATE}T12:00:00+04:00`;
/** First academic year with a registration group: students were admitted from 2021 on. */
export const FIRST_ACADEMIC_YEAR = 2021;
/** The academic year REFERENCE_DATE falls in (2026-2027; autumn semester). */
export const CURRENT_ACADEMIC_YEAR = 2026;
/** Admission years and how many students each brings (later years larger, as the university grew). */
export const ADMISSION_WEIGHTS: readonly (readonly [number, number])[] = [
  [2021, 0.5],
  [2022, 0.7],
  [2023, 0.9],
  [2024, 1.1],
  [2025, 1.4],
  [2026, 1.8],
];
