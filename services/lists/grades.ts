/**
 * The signed-in student's own grades (gradesMine, the /grades page): for a semester, each section they are
 * enrolled in with the grade its list published (none until the professor submits) and their attendance; and
 * their GPA over the whole transcript, which a submit moves.
 */
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { bookName } from "../books/mod.ts";
import { db } from "../db/kv.ts";
import { keys as registrationKeys, type Registration } from "../registration/model.ts";
import { groupSections } from "../registration/sections.ts";
import {
  EMPTY_TOTALS,
  gpaFromTotals,
  TRANSCRIPT_TOTALS,
  type TranscriptTotals,
} from "../students/transcripts.ts";
import { readAttendance } from "./attendance.ts";
import { keys, type PublishedGrade } from "./model.ts";
import { absenceLimitOf, attendanceOf } from "./sheet.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface GradeRow {
  sectionId: string;
  course: string;
  code: string;
  credits: number;
  grade: string | null;
  points: number | null;
  absences: number;
  late: number;
  absenceShare: number;
  overLimit: boolean;
}

export interface MyGrades {
  groupId: number | null;
  groups: { id: number; label: string }[];
  rows: GradeRow[];
  gpa: number | null;
  credits: number;
}

export async function gradesMine(
  studentId: number | null,
  groupId: number | undefined,
  lang: Lang,
): Promise<MyGrades> {
  const groups = await listGroups();
  const group = groupId ?? currentGroupOf(groups)?.id ?? null;
  const labels = groups.map((g) => ({ id: g.id, label: g.value.seasonYear })).reverse();
  if (studentId === null || group === null) {
    return { groupId: group, groups: labels, rows: [], gpa: null, credits: 0 };
  }
  const registrations: Registration[] = [];
  for await (
    const e of db().list<Registration>({ prefix: registrationKeys.studentRegistrations(studentId, group) })
  ) {
    if (e.value.status === "enrolled") registrations.push(e.value);
  }
  const published = new Map<string, PublishedGrade>();
  for await (const e of db().list<PublishedGrade>({ prefix: [...keys.studentGrades(studentId), group] })) {
    published.set(e.value.sectionId, e.value);
  }
  const [{ byId }, totals] = await Promise.all([
    groupSections(group),
    db().get<TranscriptTotals>([TRANSCRIPT_TOTALS, studentId]),
  ]);
  const sectionIds = [...new Set([...registrations.map((r) => r.sectionId), ...published.keys()])];
  const rows = await Promise.all(sectionIds.map(async (sectionId): Promise<GradeRow> => {
    const section = byId.get(sectionId);
    const [days, limit] = await Promise.all([
      readAttendance(sectionId),
      section ? absenceLimitOf(section.bookId) : Promise.resolve(0),
    ]);
    const grade = published.get(sectionId) ?? null;
    return {
      sectionId,
      course: section ? bookName(section.book, lang) : sectionId,
      code: section?.book.code ?? "",
      credits: section?.credits ?? 0,
      grade: grade?.grade ?? null,
      points: grade?.points ?? null,
      ...attendanceOf(days, studentId, limit),
    };
  }));
  const t = totals.value ?? EMPTY_TOTALS;
  return {
    groupId: group,
    groups: labels,
    rows: rows.sort((a, b) => a.course.localeCompare(b.course)),
    gpa: gpaFromTotals(t),
    credits: t.credits,
  };
}
