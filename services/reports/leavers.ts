/**
 * Graduates and withdrawals in a period: the lifecycle's own lists (`["alumni", …]` and `["school_leavers", …]`,
 * written with every status change), held in process until the registry's version key moves — every status
 * change moves it in the same atomic — so a request reads one version key, not every leaver. The students
 * named are read with it (their names and personal numbers).
 */
import { kvSnapshot } from "../db/snapshot.ts";
import { type Alumnus, alumnusKey, type Leaver, leaverKey } from "../lifecycle/status.ts";
import type { Student } from "../academic/model.ts";
import { readMany } from "../db/kv.ts";
import { studentStructure } from "../students/list_index.ts";
import { changedStudentIds, STUDENTS_VERSION_KEY } from "../students/version.ts";
import { named, personName, type ReportDefinition, type ReportRow } from "./model.ts";

export type LeaverKind = "graduated" | "withdrawn";
export const LEAVER_KINDS: readonly LeaverKind[] = ["graduated", "withdrawn"];

export interface LeaverFilter {
  kind?: LeaverKind;
  schoolId?: number;
  programId?: number;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

interface Departure {
  kind: LeaverKind;
  studentId: number;
  programId: number;
  date: string;
  reason: string;
  gpa: number | null;
  student: Student | null;
}

const latestFirst = (a: Departure, b: Departure) => b.date.localeCompare(a.date) || a.studentId - b.studentId;

async function loadDepartures(kv: Deno.Kv): Promise<Departure[]> {
  const out: Omit<Departure, "student">[] = [];
  for await (const e of kv.list<Alumnus>({ prefix: ["alumni"] }, { batchSize: 1000 })) {
    const { studentId, programId, date, gpa } = e.value;
    out.push({ kind: "graduated", studentId, programId, date, reason: "", gpa });
  }
  for await (const e of kv.list<Leaver>({ prefix: ["school_leavers"] }, { batchSize: 1000 })) {
    const { studentId, programId, date, reason } = e.value;
    out.push({ kind: "withdrawn", studentId, programId, date, reason, gpa: null });
  }
  const students = await readMany<Student>(out.map((d) => ["students", d.studentId]));
  // Latest first, as the school leavers' list orders them.
  return out.map((d, i) => ({ ...d, student: students[i].value })).sort(latestFirst);
}

/**
 * Brings the list up to date for the students the registry's change log names (a grade submitted moves the
 * version too, so this is the common case): their entries are read again, three keys each, instead of every
 * leaver and graduate.
 */
async function updateDepartures(held: Departure[], ids: number[]): Promise<Departure[]> {
  const changed = new Set(ids);
  const [leavers, graduations, students] = await Promise.all([
    readMany<Leaver>(ids.map(leaverKey)),
    readMany<[number, number]>(ids.map((id) => ["alumni_by_student", id])),
    readMany<Student>(ids.map((id) => ["students", id])),
  ]);
  const alumni = await readMany<Alumnus>(
    ids.flatMap((id, i) => {
      const at = graduations[i].value;
      return at ? [alumnusKey(at[0], at[1], id)] : [];
    }),
  );
  const byId = new Map(ids.map((id, i) => [id, students[i].value]));
  const fresh: Departure[] = [];
  for (const e of leavers) {
    if (!e.value) continue;
    const { studentId, programId, date, reason } = e.value;
    fresh.push({
      kind: "withdrawn",
      studentId,
      programId,
      date,
      reason,
      gpa: null,
      student: byId.get(studentId)!,
    });
  }
  for (const e of alumni) {
    if (!e.value) continue;
    const { studentId, programId, date, gpa } = e.value;
    fresh.push({
      kind: "graduated",
      studentId,
      programId,
      date,
      reason: "",
      gpa,
      student: byId.get(studentId)!,
    });
  }
  return [...held.filter((d) => !changed.has(d.studentId)), ...fresh].sort(latestFirst);
}

const departures = kvSnapshot({
  versionKeys: [STUDENTS_VERSION_KEY],
  load: loadDepartures,
  async update(held: Departure[], [from], [to]) {
    const ids = await changedStudentIds(from, to);
    return ids ? await updateDepartures(held, ids) : null;
  },
});

export const leaversReport: ReportDefinition<LeaverFilter> = {
  id: "leavers",
  permission: "menu.students",
  columns: [
    { key: "date", kind: "date" },
    { key: "kind", kind: "text" },
    { key: "studentId", kind: "number" },
    { key: "name", kind: "text" },
    { key: "personalNumber", kind: "text", personal: "personalNumber" },
    { key: "school", kind: "text" },
    { key: "program", kind: "text" },
    { key: "gpa", kind: "number" },
    { key: "reason", kind: "text" },
  ],
  async run(filter, viewer, paging) {
    const [all, structure] = await Promise.all([departures.get(), studentStructure()]);
    const inSchool = filter.schoolId === undefined
      ? null
      : new Set(structure.programList.filter((p) => p.schoolId === filter.schoolId).map((p) => p.id));
    const matching = all.filter((d) =>
      (!filter.kind || d.kind === filter.kind) &&
      (filter.programId === undefined || d.programId === filter.programId) &&
      (!inSchool || inSchool.has(d.programId)) &&
      (!filter.from || d.date >= filter.from) &&
      (!filter.to || d.date <= filter.to)
    );
    const shown = paging
      ? matching.slice((paging.page - 1) * paging.limit, paging.page * paging.limit)
      : matching;
    const withNumber = viewer.personal.has("personalNumber");
    const rows = shown.map((d): ReportRow => {
      const s = d.student;
      const program = structure.programs.get(d.programId);
      return {
        date: d.date,
        kind: viewer.t(`students.status.${d.kind}`),
        studentId: d.studentId,
        name: s ? personName(s, viewer.lang) : `#${d.studentId}`,
        ...(withNumber ? { personalNumber: s?.personalNumber ?? "" } : {}),
        school: named(program && structure.schools.get(program.schoolId), viewer.lang),
        program: program ? `${program.code} ${named(program, viewer.lang)}` : "",
        gpa: d.gpa,
        reason: d.reason,
      };
    });
    return { rows, total: matching.length };
  },
};
