/**
 * Students with their money as of a date (financeStudentList, the debtors report): the registry's snapshot
 * gives who they are, the balance projections how much they owe. A page reads only its own students'
 * projections; a filter on debt (debtors) reads every projection once, in pages of 1,000.
 */
import { db, readMany } from "../db/kv.ts";
import { kvSnapshot } from "../db/snapshot.ts";
import { findStudents, type StudentFilter } from "../students/list_index.ts";
import type { Structure } from "../students/structure.ts";
import { type BalanceProjection, keys } from "./model.ts";
import { balanceAsOf, overdueAsOf } from "./projection.ts";

export interface StudentMoney {
  studentId: number;
  name: string;
  nameEn: string;
  programId: number;
  program: string;
  schoolId: number | null;
  school: string;
  balance: number;
  overdue: number;
}

export interface StudentMoneyPage {
  rows: StudentMoney[];
  total: number;
  /** Over every matching student, not only the page. */
  totals: { balance: number; overdue: number } | null;
}

/** Every projection, by student id (the debtors report's one read). */
export async function readAllProjections(kv: Deno.Kv = db()): Promise<Map<number, BalanceProjection>> {
  const out = new Map<number, BalanceProjection>();
  for await (const e of kv.list<BalanceProjection>({ prefix: keys.balances() }, { batchSize: 1000 })) {
    out.set(e.value.studentId, e.value);
  }
  return out;
}

// Kept while no entry was written since (every entry moves the version key in its own atomic).
const projections = kvSnapshot({ versionKeys: [keys.version()], load: (kv) => readAllProjections(kv) });

/** Every projection, from the in-process snapshot (read again after any entry, here or in another process). */
export const allProjections = () => projections.get();

function moneyRow(
  s: {
    id: number;
    firstNameKa: string;
    lastNameKa: string;
    firstNameEn: string;
    lastNameEn: string;
    programId: number;
  },
  structure: Structure,
  projection: BalanceProjection | null | undefined,
  date: string,
  lang: "ka" | "en",
): StudentMoney {
  const program = structure.programs.get(s.programId);
  const school = program ? structure.schools.get(program.schoolId) : undefined;
  return {
    studentId: s.id,
    name: lang === "ka" ? `${s.firstNameKa} ${s.lastNameKa}` : `${s.firstNameEn} ${s.lastNameEn}`,
    nameEn: `${s.firstNameEn} ${s.lastNameEn}`,
    programId: s.programId,
    program: program ? (lang === "ka" ? program.nameKa : program.nameEn) : "",
    schoolId: school?.id ?? null,
    school: school ? (lang === "ka" ? school.nameKa : school.nameEn) : "",
    balance: projection ? balanceAsOf(projection, date) : 0,
    overdue: projection ? overdueAsOf(projection, date) : 0,
  };
}

export async function studentMoney(
  filter: StudentFilter & { debtors?: boolean },
  date: string,
  paging: { page: number; limit: number } | null,
  lang: "ka" | "en",
): Promise<StudentMoneyPage> {
  if (!filter.debtors && paging) {
    const found = await findStudents(filter, paging);
    const projections = await readMany<BalanceProjection>(found.rows.map((r) => keys.balance(r.id)));
    const rows = found.rows.map((r, i) =>
      moneyRow(r.student, found.structure, projections[i].value, date, lang)
    );
    return { rows, total: found.total, totals: null };
  }
  const [found, projections] = await Promise.all([findStudents(filter, null), allProjections()]);
  const all: StudentMoney[] = [];
  const totals = { balance: 0, overdue: 0 };
  for (const r of found.rows) {
    const projection = projections.get(r.id);
    if (filter.debtors && (!projection || balanceAsOf(projection, date) <= 0)) continue;
    const row = moneyRow(r.student, found.structure, projection, date, lang);
    totals.balance += row.balance;
    totals.overdue += row.overdue;
    all.push(row);
  }
  if (filter.debtors) all.sort((a, b) => b.balance - a.balance || a.studentId - b.studentId);
  const rows = paging ? all.slice((paging.page - 1) * paging.limit, paging.page * paging.limit) : all;
  return { rows, total: all.length, totals };
}
