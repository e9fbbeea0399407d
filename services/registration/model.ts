/**
 * The registration domain (services/registration/) owns academic registration: the sections a semester offers
 * (a course taught by a professor, derived from the timetable), the registration windows, the holds on students,
 * and the registrations themselves — enrolled or waitlisted — with the seat counter of each section. This file:
 * the stored shapes and their keys (listed in db/kv.ts's key table).
 *
 * Why these keys: one registration decision must be atomic (issue 19). The seat counter of a section is one key
 * that every enrolment and drop of that section checks and moves, so two racing requests can never over-fill
 * it; a student's registrations in a semester move one per-student version key, which every decision about the
 * student checks, so two racing requests can never pass the credit limit or book clashing lessons; holds move
 * a per-student holds version for the same reason. The roster and the waitlist are indexes beside the counter,
 * changed in the same atomics, so the counter always equals the roster.
 */

/** A section id: `<groupId>-<bookId>-<professorHrId>` — a course taught by a professor in a semester. */
export type SectionId = string;

export const SECTION_ID = /^([1-9]\d{0,8})-([1-9]\d{0,8})-([1-9]\d{0,8})$/;
/** A registration id: `<studentId>-<sectionId>` (a student holds a section at most once). */
export const REGISTRATION_ID = /^([1-9]\d{0,8})-(([1-9]\d{0,8})-([1-9]\d{0,8})-([1-9]\d{0,8}))$/;

export function sectionIdOf(groupId: number, bookId: number, professorHrId: number): SectionId {
  return `${groupId}-${bookId}-${professorHrId}`;
}

export function parseSectionId(
  id: string,
): { groupId: number; bookId: number; professorHrId: number } | null {
  const m = SECTION_ID.exec(id);
  return m ? { groupId: Number(m[1]), bookId: Number(m[2]), professorHrId: Number(m[3]) } : null;
}

export function parseRegistrationId(id: string): { studentId: number; sectionId: SectionId } | null {
  const m = REGISTRATION_ID.exec(id);
  return m ? { studentId: Number(m[1]), sectionId: m[2] } : null;
}

export const registrationIdOf = (studentId: number, sectionId: SectionId) => `${studentId}-${sectionId}`;

export type RegistrationStatus = "enrolled" | "waitlisted";

/** `["registrations", studentId, groupId, sectionId]`: what a student holds in a semester. */
export interface Registration {
  id: string;
  studentId: number;
  groupId: number;
  sectionId: SectionId;
  bookId: number;
  credits: number;
  status: RegistrationStatus;
  /** The waitlist position while waitlisted (positions only grow, so the order is the order of arrival). */
  position: number | null;
  at: string;
  /** Who registered the student (the student's own user id, or the staff member's). */
  by: number | null;
}

/** `["section_seats", sectionId]`: moved by every enrolment, drop and promotion of the section. */
export interface SectionSeats {
  enrolled: number;
  waitlisted: number;
  nextPosition: number;
}

export const NO_SEATS: SectionSeats = { enrolled: 0, waitlisted: 0, nextPosition: 1 };

/** `["section_settings", sectionId]`: what the registrar changed (offeringEdit); absent = the defaults. */
export interface SectionSettings {
  /** null: the smallest capacity of the section's rooms. */
  capacity: number | null;
  closed: boolean;
}

/** `["registration_windows", groupId]`: when and for whom a semester's registration is open. */
export interface RegistrationWindow {
  groupId: number;
  /** YYYY-MM-DD, inclusive, in university time. */
  opens: string;
  closes: string;
  /** The last day a student may drop a section themselves. */
  dropDeadline: string;
  creditLimit: number;
  /** Empty: every program. */
  programIds: number[];
  /** Empty: every admission year. */
  admissionYears: number[];
}

export type HoldKind = "finance" | "academic" | "administrative";
export const HOLD_KINDS: readonly HoldKind[] = ["finance", "academic", "administrative"];

/** `["holds", studentId, holdId]`: a reason the student may not register. */
export interface Hold {
  id: string;
  studentId: number;
  kind: HoldKind;
  reason: string;
  /** The reason in English, where the one who placed it wrote both (a finance hold); `reason` is Georgian. */
  reasonEn?: string;
  at: string;
  by: number | null;
}

export const DEFAULT_CREDIT_LIMIT = 30;

export const keys = {
  registration: (studentId: number, groupId: number, sectionId: SectionId): Deno.KvKey => [
    "registrations",
    studentId,
    groupId,
    sectionId,
  ],
  studentRegistrations: (
    studentId: number,
    groupId: number,
  ): Deno.KvKey => ["registrations", studentId, groupId],
  /** number: bumped by every change of the student's registrations in the semester. */
  studentVersion: (
    studentId: number,
    groupId: number,
  ): Deno.KvKey => ["registration_versions", studentId, groupId],
  seats: (sectionId: SectionId): Deno.KvKey => ["section_seats", sectionId],
  settings: (sectionId: SectionId): Deno.KvKey => ["section_settings", sectionId],
  roster: (sectionId: SectionId): Deno.KvKey => ["section_roster", sectionId],
  rosterEntry: (
    sectionId: SectionId,
    studentId: number,
  ): Deno.KvKey => ["section_roster", sectionId, studentId],
  waitlist: (sectionId: SectionId): Deno.KvKey => ["section_waitlist", sectionId],
  waitlistEntry: (
    sectionId: SectionId,
    position: number,
  ): Deno.KvKey => ["section_waitlist", sectionId, position],
  window: (groupId: number): Deno.KvKey => ["registration_windows", groupId],
  holds: (studentId: number): Deno.KvKey => ["holds", studentId],
  hold: (studentId: number, holdId: string): Deno.KvKey => ["holds", studentId, holdId],
  /** number: bumped by every hold added or removed. */
  holdsVersion: (studentId: number): Deno.KvKey => ["holds_version", studentId],
};

/** The audit entity of registrations, holds, windows and sections. */
export const AUDIT = {
  registration: "registrations",
  hold: "holds",
  window: "registration_windows",
  section: "section_settings",
} as const;
