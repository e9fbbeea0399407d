/**
 * The registry's two counts: enrolment by program and admission year, and students by status per program.
 * Both count the students snapshot (students/list_index.ts, in process and kept fresh by the registry's
 * version key), so the numbers are the students list's own totals for the same filter and no request reads
 * the students or their transcripts from KV.
 */
import { STUDENT_STATUSES, type StudentStatus } from "../academic/model.ts";
import { findStudents } from "../students/list_index.ts";
import type { Structure } from "../students/structure.ts";
import { STRUCTURE_VERSION_KEYS } from "../students/structure.ts";
import { STUDENTS_VERSION_KEY } from "../students/version.ts";
import { rowsMemo } from "./memo.ts";
import { named, pageOf, type ReportDefinition, type ReportRow } from "./model.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface EnrolmentFilter {
  schoolId?: number;
  programId?: number;
  yearFrom?: number;
  yearTo?: number;
}

export interface StatusFilter {
  schoolId?: number;
  programId?: number;
  admissionYear?: number;
}

function programNames(structure: Structure, programId: number, lang: Lang) {
  const program = structure.programs.get(programId);
  return {
    school: named(program && structure.schools.get(program.schoolId), lang),
    program: program ? `${program.code} ${named(program, lang)}` : `#${programId}`,
  };
}

// Counting 20,000 students takes a few milliseconds; paging and the export reuse the count until a student
// (or a transcript: the same version key) or the structure changes.
const kept = rowsMemo([STUDENTS_VERSION_KEY, ...STRUCTURE_VERSION_KEYS]);

const byNames = (a: ReportRow, b: ReportRow) =>
  String(a.school).localeCompare(String(b.school)) || String(a.program).localeCompare(String(b.program));

export const enrolmentReport: ReportDefinition<EnrolmentFilter> = {
  id: "enrolment",
  permission: "menu.students",
  columns: [
    { key: "school", kind: "text" },
    { key: "program", kind: "text" },
    { key: "admissionYear", kind: "number" },
    { key: "students", kind: "number" },
    { key: "active", kind: "number" },
  ],
  async run(filter, viewer, paging) {
    const key = ["enrolment", filter.schoolId, filter.programId, filter.yearFrom, filter.yearTo, viewer.lang];
    return pageOf(await kept(key, () => enrolmentRows(filter, viewer.lang)), paging);
  },
};

async function enrolmentRows(filter: EnrolmentFilter, lang: Lang): Promise<ReportRow[]> {
  const { rows, structure } = await findStudents({ schoolId: filter.schoolId, programId: filter.programId });
  const active = STUDENT_STATUSES.indexOf("active");
  const groups = new Map<string, ReportRow>();
  for (const s of rows) {
    if (filter.yearFrom !== undefined && s.admissionYear < filter.yearFrom) continue;
    if (filter.yearTo !== undefined && s.admissionYear > filter.yearTo) continue;
    const key = `${s.programId}-${s.admissionYear}`;
    let row = groups.get(key);
    if (!row) {
      const names = programNames(structure, s.programId, lang);
      groups.set(key, row = { ...names, admissionYear: s.admissionYear, students: 0, active: 0 });
    }
    (row.students as number)++;
    if (s.statusCode === active) (row.active as number)++;
  }
  return [...groups.values()].sort((a, b) =>
    byNames(a, b) || (b.admissionYear as number) - (a.admissionYear as number)
  );
}

export const statusReport: ReportDefinition<StatusFilter> = {
  id: "statuses",
  permission: "menu.students",
  columns: [
    { key: "school", kind: "text" },
    { key: "program", kind: "text" },
    ...STUDENT_STATUSES.map((status) => ({ key: status, kind: "number" as const })),
    { key: "students", kind: "number" },
  ],
  async run(filter, viewer, paging) {
    const key = ["statuses", filter.schoolId, filter.programId, filter.admissionYear, viewer.lang];
    return pageOf(await kept(key, () => statusRows(filter, viewer.lang)), paging);
  },
};

async function statusRows(filter: StatusFilter, lang: Lang): Promise<ReportRow[]> {
  const { rows, structure } = await findStudents(filter);
  const groups = new Map<number, ReportRow>();
  for (const s of rows) {
    let row = groups.get(s.programId);
    if (!row) {
      const counts = Object.fromEntries(STUDENT_STATUSES.map((status: StudentStatus) => [status, 0]));
      row = { ...programNames(structure, s.programId, lang), ...counts, students: 0 };
      groups.set(s.programId, row);
    }
    (row[STUDENT_STATUSES[s.statusCode]] as number)++;
    (row.students as number)++;
  }
  return [...groups.values()].sort(byNames);
}
