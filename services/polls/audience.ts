/**
 * Who a poll (or an SMS) is for. Students come from the registry's in-process snapshot (students/list_index.ts),
 * so targeting every one of 20,000 students is a scan of memory, not of KV; staff are read from the users; a
 * section's roster is one prefix read per section.
 */
import type { IndexedStudent } from "../students/list_index.ts";
import { findStudents, studentStructure } from "../students/list_index.ts";
import { db, readMany } from "../db/kv.ts";
import { getStudent } from "../students/mod.ts";
import type { User } from "../identity/users.ts";
import type { Student } from "../academic/model.ts";
import { keys as registrationKeys, parseSectionId } from "../registration/model.ts";
import type { PollAudience } from "./model.ts";

/** Students are asked while they study: the graduated and withdrawn are left out of guard/criteria targeting. */
const ASKED_STATUSES = new Set(["active", "suspended"]);

export interface ResolvedAudience {
  /** Accounts that can answer (every person with a sign-in account), ascending. */
  userIds: number[];
  /** The students targeted, with or without an account (an SMS reaches them by phone). */
  students: IndexedStudent[];
}

const hasStudentCriteria = (a: PollAudience) =>
  a.schoolIds.length + a.programIds.length + a.admissionYears.length > 0;
const targetsStudents = (a: PollAudience) => a.guards.includes("user") || hasStudentCriteria(a);

/** Every person the audience names. */
export async function resolveAudience(a: PollAudience): Promise<ResolvedAudience> {
  const userIds = new Set<number>(a.userIds);
  const students = new Map<number, IndexedStudent>();
  const [all, staff] = await Promise.all([
    targetsStudents(a) || a.sectionIds.length ? findStudents({}) : null,
    a.guards.some((g) => g !== "user") ? staffOf(new Set(a.guards)) : [],
  ]);
  for (const id of staff) userIds.add(id);
  if (all && targetsStudents(a)) {
    const match = await studentMatcher(a);
    for (const row of all.rows) {
      if (ASKED_STATUSES.has(row.student.status) && match(row)) students.set(row.id, row);
    }
  }
  if (all && a.sectionIds.length) {
    const byId = new Map(all.rows.map((r) => [r.id, r]));
    for (const sectionId of a.sectionIds) {
      if (!parseSectionId(sectionId)) continue;
      for await (const e of db().list({ prefix: registrationKeys.roster(sectionId) })) {
        const row = byId.get(e.key[2] as number);
        if (row) students.set(row.id, row);
      }
    }
  }
  for (const row of students.values()) if (row.student.userId !== null) userIds.add(row.student.userId);
  return { userIds: [...userIds].sort((x, y) => x - y), students: [...students.values()] };
}

/** Whether one person is in the audience (the poll alert asks this for each open poll, every minute). */
export function isInAudience(user: User, a: PollAudience): Promise<boolean> {
  return audienceMatcher(user)(a);
}

/** A test of one person against audiences; see audienceMatcher. */
export type AudienceMatcher = (a: PollAudience) => Promise<boolean>;

/**
 * A test of one person against many audiences (a calendar's events, the open polls): their student record is
 * read once, on the first audience that needs it, or handed in by a caller that read it already.
 */
export function audienceMatcher(user: User, record?: Promise<Student | null>): AudienceMatcher {
  let student: Promise<Student | null> | null = record ?? null;
  const studentOf = () =>
    student ??= user.studentId === null
      ? Promise.resolve(null)
      : getStudent(user.studentId).then((r) => r?.value ?? null);
  return async (a) => {
    if (a.userIds.includes(user.id)) return true;
    if (user.guard !== "user" && a.guards.includes(user.guard)) return true;
    if (user.studentId === null || (!targetsStudents(a) && a.sectionIds.length === 0)) return false;
    const s = await studentOf();
    if (!s) return false;
    if (targetsStudents(a) && ASKED_STATUSES.has(s.status) && (await studentMatcher(a))(s)) return true;
    const sections = a.sectionIds.filter((id) => parseSectionId(id));
    if (sections.length === 0) return false;
    const entries = await readMany(sections.map((id) => registrationKeys.rosterEntry(id, s.id)));
    return entries.some((e) => e.versionstamp !== null);
  };
}

type StudentFacts = Pick<IndexedStudent, "programId" | "admissionYear">;

async function studentMatcher(a: PollAudience): Promise<(row: StudentFacts) => boolean> {
  const programs = a.programIds.length ? new Set(a.programIds) : null;
  const years = a.admissionYears.length ? new Set(a.admissionYears) : null;
  let schoolPrograms: Set<number> | null = null;
  if (a.schoolIds.length) {
    const schools = new Set(a.schoolIds);
    schoolPrograms = new Set(
      (await studentStructure()).programList.filter((p) => schools.has(p.schoolId)).map((p) => p.id),
    );
  }
  return (row) =>
    (!programs || programs.has(row.programId)) && (!years || years.has(row.admissionYear)) &&
    (!schoolPrograms || schoolPrograms.has(row.programId));
}

async function staffOf(guards: Set<string>): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of db().list<User>({ prefix: ["users"] }, { batchSize: 1000 })) {
    if (guards.has(e.value.guard) && e.value.guard !== "user" && !e.value.disabled) ids.push(e.value.id);
  }
  return ids;
}
