/**
 * The "foreign students" tab: students by citizenship (personal data, `menu.personalInfo.view.country`: the
 * routes check the key), and the students behind each count, a page at a time. From the registry's snapshot,
 * like the rest of the students' figures (students.ts); a record without a citizenship reads as Georgia.
 */
import { STUDENT_STATUSES, type StudentStatus } from "../academic/model.ts";
import { citizenshipName, citizenshipOf, HOME_CITIZENSHIP } from "../students/citizenship.ts";
import type { IndexedStudent } from "../students/list_index.ts";
import { heldStudents } from "./students.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface CitizenshipCount {
  code: string;
  name: string;
  count: number;
  /** Of them, active students. */
  active: number;
}

export interface CitizenshipFigures {
  total: number;
  foreign: number;
  /** Largest first; Georgia among them. */
  rows: CitizenshipCount[];
}

export interface CitizenshipFilter {
  status?: StudentStatus;
}

const matches = (row: IndexedStudent, status: number) => status === -1 || row.statusCode === status;

export async function citizenshipFigures(filter: CitizenshipFilter, lang: Lang): Promise<CitizenshipFigures> {
  const { rows } = await heldStudents();
  const status = filter.status === undefined ? -1 : STUDENT_STATUSES.indexOf(filter.status);
  const active = STUDENT_STATUSES.indexOf("active");
  const counts = new Map<string, CitizenshipCount>();
  let total = 0;
  for (const row of rows) {
    if (!matches(row, status)) continue;
    total++;
    const code = citizenshipOf(row.student);
    let count = counts.get(code);
    if (!count) counts.set(code, count = { code, name: citizenshipName(code, lang), count: 0, active: 0 });
    count.count++;
    if (row.statusCode === active) count.active++;
  }
  const sorted = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, lang));
  return { total, foreign: total - (counts.get(HOME_CITIZENSHIP)?.count ?? 0), rows: sorted };
}

export interface CitizenshipStudents {
  rows: IndexedStudent[];
  total: number;
}

/**
 * The students of one citizenship (every foreign one when `citizenship` is absent), newest first; one page.
 */
export async function citizenshipStudents(
  filter: CitizenshipFilter & { citizenship?: string },
  page: number,
  limit: number,
): Promise<CitizenshipStudents> {
  const { rows } = await heldStudents();
  const status = filter.status === undefined ? -1 : STUDENT_STATUSES.indexOf(filter.status);
  const wanted = filter.citizenship;
  const from = (page - 1) * limit;
  const out: IndexedStudent[] = [];
  let total = 0;
  for (const row of rows) {
    if (!matches(row, status)) continue;
    const code = citizenshipOf(row.student);
    if (wanted === undefined ? code === HOME_CITIZENSHIP : code !== wanted) continue;
    if (total >= from && out.length < limit) out.push(row);
    total++;
  }
  return { rows: out, total };
}
