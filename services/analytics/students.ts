/**
 * The analytics domain (services/analytics/) owns the university-wide figures of the /analytics screen (issue
 * 22): students by status, school, program, level and admission year; grade and GPA distributions; section fill
 * rates (fill_rates.ts); money charged and credited per month (collections.ts); students by citizenship
 * (citizenships.ts). It stores nothing of its own: every figure is derived from data other domains keep
 * current on write, so no request reads the 300,000 transcript entries of the large demo.
 *
 * This file: the students' figures. They come from the registry's in-process snapshot (students/list_index.ts,
 * warmed at start-up), whose rows carry each student's GPA and transcript entries per grade — totals the
 * transcript writers move in the same atomic as the entries (students/transcripts.ts). The figures of each
 * filter are computed once per version of the registry and the structure (db/snapshot.ts): a write in any
 * process moves a version key, and the next read here builds them anew.
 */
import { type Level, LEVELS, STUDENT_STATUSES, type StudentStatus } from "../academic/model.ts";
import { kvSnapshot } from "../db/snapshot.ts";
import { findStudents, type IndexedStudent } from "../students/list_index.ts";
import { type Structure, STRUCTURE_VERSION_KEYS } from "../students/structure.ts";
import { GRADE_SCALE } from "../students/transcripts.ts";
import { STUDENTS_VERSION_KEY } from "../students/version.ts";
import type { Lang } from "../../utils/i18n.ts";

/** One bar of a chart: what it counts (a status, an id, a year), its name in the caller's language, the count. */
export interface Count {
  key: string;
  label: string;
  count: number;
}

/** A distribution per group (a school or a program): counts in the order of its buckets. */
export interface DistributionRow {
  key: string;
  label: string;
  counts: number[];
  total: number;
  /** GPA rows: the mean of the students' GPAs (null without any). */
  mean?: number | null;
}

export interface Distribution {
  buckets: string[];
  overall: number[];
  bySchool: DistributionRow[];
  byProgram: DistributionRow[];
}

export interface StudentFigures {
  total: number;
  byStatus: Count[];
  bySchool: Count[];
  byProgram: Count[];
  byLevel: Count[];
  byAdmissionYear: Count[];
  /** Transcript entries per grade. */
  grades: Distribution;
  /** Students per GPA band (students without a graded course are left out). */
  gpa: Distribution & { withoutGpa: number };
  /** Students whose totals predate the per-grade counts (until migration 3 ran): left out of `grades`. */
  gradesUncounted: number;
}

export interface StudentFilter {
  schoolId?: number;
  status?: StudentStatus;
}

/** GPA bands of half a point; 4.0 falls in the last. */
export const GPA_BANDS = ["0–0.5", "0.5–1", "1–1.5", "1.5–2", "2–2.5", "2.5–3", "3–3.5", "3.5–4"];
const gpaBand = (gpa: number) => Math.min(GPA_BANDS.length - 1, Math.floor(gpa * 2));
export const GRADES = GRADE_SCALE.map((g) => g.grade as string);

interface Held {
  rows: readonly IndexedStudent[];
  structure: Structure;
  /** Figures per filter and language, computed on first ask. */
  figures: Map<string, StudentFigures>;
}

const snapshot = kvSnapshot<Held>({
  versionKeys: [STUDENTS_VERSION_KEY, ...STRUCTURE_VERSION_KEYS],
  async load() {
    const { rows, structure } = await findStudents({}, null);
    return { rows, structure, figures: new Map() };
  },
});

/** The registry's rows and structure as of now (shared with citizenships.ts). */
export const heldStudents = () => snapshot.get();

const nameIn = (lang: Lang, named: { nameKa: string; nameEn: string }) =>
  lang === "en" ? named.nameEn : named.nameKa;

/** Labels of the coded values, in the caller's language (the route hands in its translator). */
export interface Labels {
  status(status: StudentStatus): string;
  level(level: Level): string;
}

export async function studentFigures(
  filter: StudentFilter,
  lang: Lang,
  labels: Labels,
): Promise<StudentFigures> {
  const held = await snapshot.get();
  const key = `${lang}|${filter.schoolId ?? ""}|${filter.status ?? ""}`;
  let figures = held.figures.get(key);
  if (!figures) held.figures.set(key, figures = compute(held, filter, lang, labels));
  return figures;
}

function compute(held: Held, filter: StudentFilter, lang: Lang, labels: Labels): StudentFigures {
  const { programs, schoolList, programList } = held.structure;
  const statusCode = filter.status === undefined ? -1 : STUDENT_STATUSES.indexOf(filter.status);
  const byStatus = new Array(STUDENT_STATUSES.length).fill(0);
  const byProgram = new Map<number, number>();
  const byYear = new Map<number, number>();
  const gradesByProgram = new Map<number, number[]>();
  const gpaByProgram = new Map<number, { counts: number[]; sum: number }>();
  let total = 0, withoutGpa = 0, gradesUncounted = 0;
  for (const row of held.rows) {
    const program = programs.get(row.programId);
    if (filter.schoolId !== undefined && program?.schoolId !== filter.schoolId) continue;
    if (statusCode !== -1 && row.statusCode !== statusCode) continue;
    total++;
    byStatus[row.statusCode]++;
    byProgram.set(row.programId, (byProgram.get(row.programId) ?? 0) + 1);
    byYear.set(row.admissionYear, (byYear.get(row.admissionYear) ?? 0) + 1);
    if (row.grades) {
      let counts = gradesByProgram.get(row.programId);
      if (!counts) gradesByProgram.set(row.programId, counts = GRADES.map(() => 0));
      for (let i = 0; i < counts.length; i++) counts[i] += row.grades[i] ?? 0;
    } else if (row.gpa !== null) gradesUncounted++;
    if (row.gpa === null) withoutGpa++;
    else {
      let band = gpaByProgram.get(row.programId);
      if (!band) gpaByProgram.set(row.programId, band = { counts: GPA_BANDS.map(() => 0), sum: 0 });
      band.counts[gpaBand(row.gpa)]++;
      band.sum += row.gpa;
    }
  }

  const shownPrograms = programList.filter((p) => byProgram.has(p.id));
  const shownSchools = schoolList.filter((s) => shownPrograms.some((p) => p.schoolId === s.id));
  const programLabel = (id: number) => {
    const p = programs.get(id);
    return p ? `${p.code} — ${nameIn(lang, p)}` : `#${id}`;
  };
  const sumOver = (ids: number[], of: (id: number) => number[] | undefined, width: number) => {
    const out = new Array(width).fill(0);
    for (const id of ids) of(id)?.forEach((n, i) => (out[i] += n));
    return out;
  };
  const programsOf = (schoolId: number) =>
    shownPrograms.filter((p) => p.schoolId === schoolId).map((p) => p.id);
  const allIds = shownPrograms.map((p) => p.id);
  const gpaSum = (ids: number[]) => ids.reduce((s, id) => s + (gpaByProgram.get(id)?.sum ?? 0), 0);
  const row = (key: string, label: string, counts: number[], sum?: number): DistributionRow => {
    const n = counts.reduce((a, b) => a + b, 0);
    const out: DistributionRow = { key, label, counts, total: n };
    if (sum !== undefined) out.mean = n ? Math.round((sum / n) * 100) / 100 : null;
    return out;
  };
  const distribution = (width: number, of: (id: number) => number[] | undefined, mean: boolean) => ({
    overall: sumOver(allIds, of, width),
    bySchool: shownSchools.map((s) => {
      const ids = programsOf(s.id);
      return row(String(s.id), nameIn(lang, s), sumOver(ids, of, width), mean ? gpaSum(ids) : undefined);
    }),
    byProgram: shownPrograms.map((p) =>
      row(String(p.id), programLabel(p.id), sumOver([p.id], of, width), mean ? gpaSum([p.id]) : undefined)
    ),
  });

  const levels = new Map<Level, number>();
  for (const p of shownPrograms) levels.set(p.level, (levels.get(p.level) ?? 0) + byProgram.get(p.id)!);
  return {
    total,
    byStatus: STUDENT_STATUSES.map((s, i) => ({ key: s, label: labels.status(s), count: byStatus[i] })),
    bySchool: shownSchools.map((s) => ({
      key: String(s.id),
      label: nameIn(lang, s),
      count: programsOf(s.id).reduce((n, id) => n + byProgram.get(id)!, 0),
    })),
    byProgram: shownPrograms.map((p) => ({
      key: String(p.id),
      label: programLabel(p.id),
      count: byProgram.get(p.id)!,
    })),
    byLevel: LEVELS.filter((l) => levels.has(l)).map((l) => ({
      key: String(l),
      label: labels.level(l),
      count: levels.get(l)!,
    })),
    byAdmissionYear: [...byYear].sort((a, b) => a[0] - b[0]).map(([year, count]) => ({
      key: String(year),
      label: String(year),
      count,
    })),
    grades: { buckets: GRADES, ...distribution(GRADES.length, (id) => gradesByProgram.get(id), false) },
    gpa: {
      buckets: GPA_BANDS,
      ...distribution(GPA_BANDS.length, (id) => gpaByProgram.get(id)?.counts, true),
      withoutGpa,
    },
    gradesUncounted,
  };
}
