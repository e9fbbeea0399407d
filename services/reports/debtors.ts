/**
 * Debtors as of a date: the finance module's own debtors report (finances/balances.ts studentMoney with
 * `debtors`, from its in-process balance projections), here with a school or program filter; amounts in GEL as
 * its .xlsx has them. Paging through a report asks for the same filter again and again, and computing it walks
 * every student's projection (≈100 ms with 20,000), so the last few filters' rows are kept until a ledger entry,
 * a student or the structure changes (each moves one of the version keys below).
 */
import { kvSnapshot } from "../db/snapshot.ts";
import { studentMoney } from "../finances/balances.ts";
import { keys } from "../finances/model.ts";
import { today } from "../registration/windows.ts";
import { STRUCTURE_VERSION_KEY } from "../students/structure.ts";
import { STUDENTS_VERSION_KEY } from "../students/version.ts";
import { pageOf, type ReportDefinition, type ReportRow } from "./model.ts";

export interface DebtorFilter {
  /** YYYY-MM-DD; today (university time) when absent. */
  date?: string;
  schoolId?: number;
  programId?: number;
}

const KEPT_FILTERS = 16;
const gel = (tetri: number) => tetri / 100;

/** Rows by filter, emptied whenever a version key moves. */
const memo = kvSnapshot({
  versionKeys: [keys.version(), STUDENTS_VERSION_KEY, STRUCTURE_VERSION_KEY],
  load: () => Promise.resolve(new Map<string, Promise<ReportRow[]>>()),
});

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
    const kept = await memo.get();
    const key = JSON.stringify([date, filter.schoolId ?? null, filter.programId ?? null, viewer.lang]);
    let rows = kept.get(key);
    if (!rows) {
      if (kept.size >= KEPT_FILTERS) kept.delete(kept.keys().next().value!);
      rows = debtorRows(date, filter, viewer.lang);
      kept.set(key, rows);
      rows.catch(() => kept.delete(key));
    }
    return pageOf(await rows, paging);
  },
};
