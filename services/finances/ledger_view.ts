/** A student's ledger as of a date (financeLedger, financeMine, the student page): lines, balance, chart. */
import type { Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { today } from "../registration/windows.ts";
import { listEntries, readProjection, reversalsOf } from "./ledger.ts";
import type { LedgerEntry } from "./model.ts";
import { addDays, balanceAsOf, balanceSeries, overdueAsOf } from "./projection.ts";
import { notFound } from "../../utils/errors.ts";

export interface LedgerView {
  studentId: number;
  name: string;
  date: string;
  balance: number;
  overdue: number;
  entries: (LedgerEntry & { reversedBy: string | null })[];
  series: { date: string; balance: number }[];
}

export async function ledgerView(
  studentId: number,
  date: string | undefined,
  lang: "ka" | "en",
): Promise<LedgerView> {
  const student = (await db().get<Student>(["students", studentId])).value;
  if (!student) throw notFound("students");
  const day = date ?? today();
  const [projection, entries] = await Promise.all([readProjection(studentId), listEntries(studentId, day)]);
  const reversed = await reversalsOf(entries.map((e) => e.id));
  const first = entries[0]?.date ?? addDays(day, -1);
  return {
    studentId,
    name: lang === "ka"
      ? `${student.firstNameKa} ${student.lastNameKa}`
      : `${student.firstNameEn} ${student.lastNameEn}`,
    date: day,
    balance: balanceAsOf(projection, day),
    overdue: overdueAsOf(projection, day),
    entries: entries.map((e) => ({ ...e, reversedBy: reversed.get(e.id) ?? null })),
    series: balanceSeries(projection, addDays(first, -1), day),
  };
}
