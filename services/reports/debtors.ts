/**
 * Debtors as of a date: the finance module's own debtors report (finances/balances.ts studentMoney with
 * `debtors`, from its in-process balance projections), here with a school or program filter; amounts in GEL as
 * its .xlsx has them. Paging through a report asks for the same filter again and again, and computing it walks
 * every student's projection (≈100 ms with 20,000), so each filter's rows are kept (memo.ts) until a ledger
 * entry, a student or the structure changes.
 */
import { studentMoney } from "../finances/balances.ts";
import { keys } from "../finances/model.ts";
import { today } from "../registration/windows.ts";
import { STRUCTURE_VERSION_KEYS } from "../students/structure.ts";
import { STUDENTS_VERSION_KEY } from "../students/version.ts";
import { rowsMemo } from "./memo.ts";
import { pageOf, type ReportDefinition, type ReportRow } from "./model.ts";

export interface DebtorFilter {
  /** YYYY-MM-DD; today (university time) when absent. */
  date?: string;
  schoolId?: number;
  programId?: number;
}

const gel = (tetri: number) => tetri / 100;
const kept = rowsMemo([keys.version(), STUDENTS_VERSION_KEY, ...STRUCTURE_VERSION_KEYS]);

async function debtorRows(date: string, filter: DebtorFilter, lang: "ka" | "en"): Promise<ReportRow[]> {
  const { rows } = await studentMoney(
    { debtors: true, schoolId: filter.schoolId, programId: filter.programId },
    date,
    null,
    lang,
  );
  return rows.map((r): ReportRow => ({
    studentId: r.studentId,
    name: r.name,
    school: r.school,
    program: r.program,
    balance: gel(r.balance),
    overdue: gel(r.overdue),
  }));
}

export const debtorReport: ReportDefinition<DebtorFilter> = {
  id: "debtors",
  permission: "menu.finances.reports",
  columns: [
    { key: "studentId", kind: "number" },
    { key: "name", kind: "text" },
    { key: "school", kind: "text" },
    { key: "program", kind: "text" },
    { key: "balance", kind: "money" },
    { key: "overdue", kind: "money" },
  ],
  async run(filter, viewer, paging) {
    const date = filter.date ?? today();
    const key = [date, filter.schoolId ?? null, filter.programId ?? null, viewer.lang];
    return pageOf(await kept(key, () => debtorRows(date, filter, viewer.lang)), paging);
  },
};
