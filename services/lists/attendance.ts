/**
 * Attendance per lesson date: one value per date holding every student's mark (present, absent, late), so a
 * list reads a semester's attendance in a few dozen entries. Marking one student rewrites that date's value
 * with a check on it: two people marking the same date concurrently both land (the loser re-reads and retries).
 */
import { getGroup } from "../academic/semesters.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { keys as registrationKeys } from "../registration/model.ts";
import { getSection } from "../registration/sections.ts";
import { assertCanWrite, type ListActor } from "./access.ts";
import { lessonDates } from "./dates.ts";
import { assertOpen } from "./status.ts";
import { type AttendanceState, AUDIT, keys, type ListRecord } from "./model.ts";
import { invalid } from "../../utils/errors.ts";

export interface AttendanceDay {
  date: string;
  marks: Record<number, AttendanceState>;
}

export async function readAttendance(sectionId: string): Promise<AttendanceDay[]> {
  const days: AttendanceDay[] = [];
  for await (
    const e of db().list<{ marks: Record<number, AttendanceState> }>({ prefix: keys.attendance(sectionId) })
  ) {
    days.push({ date: e.key[2] as string, marks: e.value.marks });
  }
  return days;
}

export interface AttendanceInput {
  sectionId: string;
  date: string;
  studentId: number;
  state: AttendanceState | null;
}

/** Sets (or, with state null, clears) one student's mark on one lesson date. */
export async function setAttendance(input: AttendanceInput, actor: ListActor): Promise<AttendanceDay> {
  const section = await getSection(input.sectionId);
  assertCanWrite(actor, section);
  const group = await getGroup(section.groupId);
  if (!group || !lessonDates(section, group.value).includes(input.date)) {
    throw invalid({ date: { key: "lists.errors.notLessonDate" } });
  }
  const dayKey = keys.attendanceDay(section.id, input.date);
  return await untilCommitted(async () => {
    const [list, day, onRoster] = await db().getMany<
      [ListRecord, { marks: Record<number, AttendanceState> }, string]
    >([
      keys.list(section.id),
      dayKey,
      registrationKeys.rosterEntry(section.id, input.studentId),
    ]);
    if (onRoster.versionstamp === null) throw invalid({ studentId: { key: "lists.errors.notOnRoster" } });
    assertOpen(list);
    const marks = { ...(day.value?.marks ?? {}) };
    const before = marks[input.studentId] ?? null;
    if (input.state) marks[input.studentId] = input.state;
    else delete marks[input.studentId];
    const atomic = db().atomic().check(list).check(day).check(onRoster).set(dayKey, { marks });
    addAudit(atomic, {
      entity: AUDIT.list,
      entityId: section.id,
      actor: actor.userId,
      action: "attendance",
      before: { date: input.date, studentId: input.studentId, state: before },
      after: { date: input.date, studentId: input.studentId, state: input.state },
    });
    return (await atomic.commit()).ok ? { date: input.date, marks } : RETRY;
  });
}
