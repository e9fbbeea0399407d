/** The finance screens' .xlsx downloads: entries and reports, amounts in GEL with two decimals. */
import { toXlsx, type XlsxCell } from "../files/xlsx_export.ts";
import type { StudentMoney } from "./balances.ts";
import { ENTRY_KINDS, type LedgerEntry } from "./model.ts";
import type { PeriodReport } from "./reports.ts";
import type { Translate } from "../../utils/i18n.ts";

const gel = (tetri: number) => tetri / 100;
const K = "finances.columns";

export function eventsXlsx(entries: LedgerEntry[], t: Translate): Uint8Array {
  const headers = ["date", "studentId", "kind", "amount", "reference", "note", "source"].map((c) =>
    t(`${K}.${c}`)
  );
  const rows: XlsxCell[][] = entries.map((e) => [
    e.date,
    e.studentId,
    t(`finances.kinds.${e.kind}`),
    gel(e.signed),
    e.reference,
    e.note,
    `${e.source.type}:${e.source.id}`,
  ]);
  return toXlsx("entries", headers, rows);
}

export function debtorsXlsx(rows: StudentMoney[], t: Translate): Uint8Array {
  const headers = ["studentId", "name", "school", "program", "balance", "overdue"].map((c) => t(`${K}.${c}`));
  return toXlsx(
    "debtors",
    headers,
    rows.map((r) => [r.studentId, r.name, r.school, r.program, gel(r.balance), gel(r.overdue)]),
  );
}

export function periodXlsx(report: PeriodReport, t: Translate): Uint8Array {
  const headers = [t(`${K}.group`), ...ENTRY_KINDS.map((k) => t(`finances.kinds.${k}`)), t(`${K}.net`)];
  const line = (name: string, r: PeriodReport["total"]): XlsxCell[] => [
    name,
    ...ENTRY_KINDS.map((k) => gel(r.byKind[k])),
    gel(r.net),
  ];
  return toXlsx("report", headers, [
    ...report.rows.map((r) => line(r.name, r)),
    line(t(`${K}.total`), report.total),
  ]);
}
