/**
 * The two lists the lifecycle keeps: school leavers (withdrawn students, latest withdrawal first) and alumni
 * (graduates of a year, optionally of one program, best final GPA first), each with the student's names.
 */
import type { Student } from "../academic/model.ts";
import { db, readMany } from "../db/kv.ts";
import type { Alumnus, Leaver } from "./status.ts";

export interface Named {
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
}

async function withNames<T extends { studentId: number }>(rows: T[]): Promise<(T & Named)[]> {
  const students = await readMany<Student>(rows.map((r) => ["students", r.studentId]));
  return rows.map((row, i) => {
    const s = students[i].value;
    return {
      ...row,
      firstNameKa: s?.firstNameKa ?? "",
      lastNameKa: s?.lastNameKa ?? "",
      firstNameEn: s?.firstNameEn ?? "",
      lastNameEn: s?.lastNameEn ?? "",
    };
  });
}

export async function listLeavers(filter: { programId?: number } = {}): Promise<(Leaver & Named)[]> {
  const rows: Leaver[] = [];
  for await (const e of db().list<Leaver>({ prefix: ["school_leavers"] })) {
    if (filter.programId === undefined || e.value.programId === filter.programId) rows.push(e.value);
  }
  rows.sort((a, b) => b.date.localeCompare(a.date) || a.studentId - b.studentId);
  return await withNames(rows);
}

export async function listAlumni(year: number, programId?: number): Promise<(Alumnus & Named)[]> {
  const prefix: Deno.KvKey = programId === undefined ? ["alumni", year] : ["alumni", year, programId];
  const rows: Alumnus[] = [];
  for await (const e of db().list<Alumnus>({ prefix })) rows.push(e.value);
  rows.sort((a, b) => (b.gpa ?? -1) - (a.gpa ?? -1) || a.studentId - b.studentId);
  return await withNames(rows);
}

/** The graduation years that have alumni, latest first. */
export async function alumniYears(): Promise<number[]> {
  const years = new Set<number>();
  for await (const e of db().list({ prefix: ["alumni_by_student"] })) {
    years.add((e.value as [number, number])[0]);
  }
  return [...years].sort((a, b) => b - a);
}
