/**
 * The student lifecycle (services/lifecycle/): status changes with their history. A registrar withdraws a
 * student (the school-leavers list), suspends and returns one, re-admits a withdrawn one, or graduates one
 * (the alumni list, with the final GPA frozen at that moment). Each change is one atomic: the student's new
 * status, the history event, the list entry it adds or removes, the audit entry and the students' version
 * advance. Registration refuses every student whose status is not active (registration/checks.ts), so a
 * withdrawal, suspension or graduation blocks it at once.
 *
 * Keys (the table in services/db/kv.ts):
 * | ["status_events", studentId, ulid]       | StatusEvent: the student's history of status changes |
 * | ["school_leavers", studentId]            | Leaver: withdrawn students (removed on re-admission) |
 * | ["alumni", year, programId, studentId]   | Alumnus: graduates with their final GPA |
 * | ["alumni_by_student", studentId]         | [year, programId] of the graduation |
 */
import type { Student, StudentStatus } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { parseDay } from "../students/rules.ts";
import { gpaFromTotals, TRANSCRIPT_TOTALS, type TranscriptTotals } from "../students/transcripts.ts";
import { addStudentsBump, withStudentsVersion } from "../students/version.ts";
import { AppError, invalid, notFound } from "../../utils/errors.ts";

export type StatusAction = "withdraw" | "suspend" | "return" | "graduate" | "readmit";
export const STATUS_ACTIONS: readonly StatusAction[] = [
  "withdraw",
  "suspend",
  "return",
  "graduate",
  "readmit",
];

/** Which statuses each action may start from, and the status it leads to. */
export const TRANSITIONS: Record<StatusAction, { from: readonly StudentStatus[]; to: StudentStatus }> = {
  withdraw: { from: ["active", "suspended"], to: "withdrawn" },
  suspend: { from: ["active"], to: "suspended" },
  return: { from: ["suspended"], to: "active" },
  graduate: { from: ["active"], to: "graduated" },
  readmit: { from: ["withdrawn"], to: "active" },
};

export const REASON_MAX = 500;

export interface StatusEvent {
  id: string;
  studentId: number;
  action: StatusAction;
  from: StudentStatus;
  to: StudentStatus;
  reason: string;
  /** The day it takes effect, YYYY-MM-DD. */
  date: string;
  at: string;
  by: number | null;
}

export interface Leaver {
  studentId: number;
  programId: number;
  date: string;
  reason: string;
  at: string;
}

export interface Alumnus {
  studentId: number;
  programId: number;
  year: number;
  date: string;
  gpa: number | null;
  credits: number;
}

export const statusEventKey = (studentId: number, id: string): Deno.KvKey => ["status_events", studentId, id];
export const leaverKey = (studentId: number): Deno.KvKey => ["school_leavers", studentId];
export const alumnusKey = (year: number, programId: number, studentId: number): Deno.KvKey => [
  "alumni",
  year,
  programId,
  studentId,
];
const alumnusByStudentKey = (studentId: number): Deno.KvKey => ["alumni_by_student", studentId];

export interface StatusChange {
  action: StatusAction;
  reason: string;
  date: string;
}

/** The change trimmed and checked; 422 naming every bad field. */
export function checkedChange(input: StatusChange): StatusChange {
  const fields: Record<string, { key: string; params?: Record<string, number> }> = {};
  if (!STATUS_ACTIONS.includes(input.action)) fields.action = { key: "errors.invalidChoice" };
  const reason = (input.reason ?? "").trim().replace(/\s+/g, " ");
  if (!reason) fields.reason = { key: "errors.required" };
  else if (reason.length > REASON_MAX) fields.reason = { key: "errors.tooLong", params: { max: REASON_MAX } };
  const date = (input.date ?? "").trim();
  if (!date) fields.date = { key: "errors.required" };
  else if (!parseDay(date)) fields.date = { key: "errors.invalidDate" };
  if (Object.keys(fields).length) throw invalid(fields);
  return { action: input.action, reason, date };
}

/**
 * Changes a student's status; an action the current status does not allow is 409 `wrong_status`. Returns the
 * history event written.
 */
export async function changeStudentStatus(
  studentId: number,
  input: StatusChange,
  actor: number | null,
): Promise<StatusEvent> {
  const change = checkedChange(input);
  const { from, to } = TRANSITIONS[change.action];
  return await withStudentsVersion(async (version) => {
    const [entry, totals, graduated] = await db().getMany<[Student, TranscriptTotals, [number, number]]>([
      ["students", studentId],
      [TRANSCRIPT_TOTALS, studentId],
      alumnusByStudentKey(studentId),
    ]);
    if (entry.versionstamp === null) throw notFound("students");
    const before = entry.value;
    if (!from.includes(before.status)) {
      throw new AppError(409, "wrong_status", "lifecycle.errors.wrongStatus", {
        params: { status: before.status },
      });
    }
    const at = new Date().toISOString();
    const event: StatusEvent = {
      id: nextUlid(),
      studentId,
      ...change,
      from: before.status,
      to,
      at,
      by: actor,
    };
    const after: Student = { ...before, status: to };
    const atomic = db().atomic().check(entry, totals, graduated)
      .set(entry.key, after)
      .set(statusEventKey(studentId, event.id), event);
    if (to === "withdrawn") {
      const leaver: Leaver = {
        studentId,
        programId: before.programId,
        date: change.date,
        reason: change.reason,
        at,
      };
      atomic.set(leaverKey(studentId), leaver);
    }
    if (change.action === "readmit") atomic.delete(leaverKey(studentId));
    if (to === "graduated") {
      const year = Number(change.date.slice(0, 4));
      const alumnus: Alumnus = {
        studentId,
        programId: before.programId,
        year,
        date: change.date,
        gpa: totals.value ? gpaFromTotals(totals.value) : null,
        credits: totals.value?.earned ?? 0,
      };
      if (graduated.value) atomic.delete(alumnusKey(graduated.value[0], graduated.value[1], studentId));
      atomic.set(alumnusKey(year, before.programId, studentId), alumnus)
        .set(alumnusByStudentKey(studentId), [year, before.programId]);
    }
    addAudit(atomic, {
      entity: "students",
      entityId: studentId,
      actor,
      action: "update",
      before,
      after,
      extra: { what: change.action, reason: change.reason, date: change.date },
    });
    addStudentsBump(atomic, version, [studentId]);
    return { atomic, result: event };
  });
}

/** A student's status changes, oldest first. */
export async function statusHistory(studentId: number): Promise<StatusEvent[]> {
  const out: StatusEvent[] = [];
  for await (const e of db().list<StatusEvent>({ prefix: ["status_events", studentId] })) out.push(e.value);
  return out;
}
