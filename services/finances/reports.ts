/**
 * financeReport: what was charged and collected in a period, grouped by school or program, from the same
 * entries as the ledger — so the report's total net equals the change of every student's balance over the
 * period. Debtors as of a date come from balances.ts.
 */
import { findStudents } from "../students/list_index.ts";
import { listEvents } from "./events.ts";
import type { EntryKind } from "./model.ts";

export interface PeriodRow {
  key: number;
  name: string;
  /** Tetri per kind (each as its effect on balances: credits negative). */
  byKind: Record<EntryKind, number>;
  net: number;
  entries: number;
}

export interface PeriodReport {
  rows: PeriodRow[];
  total: PeriodRow;
  truncated: boolean;
}

const zero = (): Record<EntryKind, number> => ({
  charge: 0,
  payment: 0,
  discount: 0,
  refund: 0,
  late_fee: 0,
  reversal: 0,
});

export async function periodReport(
  from: string,
  to: string,
  groupBy: "school" | "program",
  lang: "ka" | "en",
): Promise<PeriodReport> {
  const [{ entries, truncated }, students] = await Promise.all([
    listEvents({ from, to }),
    findStudents({}, null),
  ]);
  const programOf = new Map(students.rows.map((r) => [r.id, r.programId]));
  const { programs, schools } = students.structure;
  const groups = new Map<number, PeriodRow>();
  const total: PeriodRow = { key: 0, name: "", byKind: zero(), net: 0, entries: 0 };
  for (const e of entries) {
    const program = programs.get(programOf.get(e.studentId) ?? 0);
    const key = groupBy === "program" ? program?.id ?? 0 : program?.schoolId ?? 0;
    let row = groups.get(key);
    if (!row) {
      const named = groupBy === "program" ? program : schools.get(key);
      const name = named ? (lang === "ka" ? named.nameKa : named.nameEn) : "—";
      groups.set(key, row = { key, name, byKind: zero(), net: 0, entries: 0 });
    }
    for (const target of [row, total]) {
      target.byKind[e.kind] += e.signed;
      target.net += e.signed;
      target.entries++;
    }
  }
  return { rows: [...groups.values()].sort((a, b) => a.name.localeCompare(b.name)), total, truncated };
}
