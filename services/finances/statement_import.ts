/**
 * Bank-statement import (financeImport): each row of a .csv or .xlsx is a payment — date, bank reference,
 * amount, and the student (id or personal number). The dry run says per row which student it matched, the
 * amount, and what is wrong; confirming writes the rows as payments whose source is the bank reference, so a
 * statement imported again adds nothing. A statement with any wrong row writes nothing at all.
 */
import type { Student } from "../academic/model.ts";
import { readMany } from "../db/kv.ts";
import { appendMany } from "./ledger.ts";
import { AMOUNT_MAX, keys, TEXT_MAX } from "./model.ts";
import { parseGel } from "./money.ts";
import { isIsoDay } from "./projection.ts";
import { readSheet, SheetError } from "./sheet_read.ts";
import { AppError, type FieldError } from "../../utils/errors.ts";

export interface ImportRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  date: string;
  reference: string;
  amount: number | null;
  studentId: number | null;
  student: string;
  status: "new" | "duplicate" | "error";
  errors: Record<string, FieldError>;
}

export interface ImportResult {
  dryRun: boolean;
  rows: ImportRow[];
  counts: { new: number; duplicate: number; error: number; written: number };
}

const HEADERS: Record<string, "date" | "reference" | "amount" | "student"> = {
  date: "date",
  "თარიღი": "date",
  reference: "reference",
  "bank reference": "reference",
  ref: "reference",
  "ცნობა": "reference",
  "საბანკო ცნობა": "reference",
  amount: "amount",
  "თანხა": "amount",
  student: "student",
  "student id": "student",
  studentid: "student",
  "personal number": "student",
  "სტუდენტი": "student",
  "პირადი ნომერი": "student",
};

const DAY_MONTH_YEAR = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

/** YYYY-MM-DD from the formats banks write (also DD.MM.YYYY and DD/MM/YYYY). */
function dateOf(text: string): string {
  const t = text.trim();
  const m = DAY_MONTH_YEAR.exec(t);
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : t.slice(0, 10);
}

export async function importStatement(
  bytes: Uint8Array,
  opts: { dryRun: boolean },
  author: number | null,
): Promise<ImportResult> {
  let table: string[][];
  try {
    table = await readSheet(bytes);
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    throw new AppError(422, "invalid", "errors.invalid", {
      fields: { content: { key: `finances.import.errors.${error.message}` } },
    });
  }
  const [header = [], ...body] = table;
  const columns = header.map((h) => HEADERS[h.trim().toLowerCase()]);
  const missing = (["date", "reference", "amount", "student"] as const).filter((c) => !columns.includes(c));
  if (missing.length) {
    throw new AppError(422, "invalid", "errors.invalid", {
      fields: { content: { key: "finances.import.errors.columns", params: { columns: missing.join(", ") } } },
    });
  }
  const cell = (row: string[], name: string) => (row[columns.indexOf(name as never)] ?? "").trim();
  const rows: ImportRow[] = body.map((r, i) => {
    const amount = parseGel(cell(r, "amount"));
    const studentText = cell(r, "student");
    const errors: Record<string, FieldError> = {};
    const date = dateOf(cell(r, "date"));
    const reference = cell(r, "reference");
    if (!isIsoDay(date)) errors.date = { key: "finances.errors.date" };
    if (!reference) errors.reference = { key: "errors.required" };
    else if (reference.length > TEXT_MAX) {
      errors.reference = { key: "errors.tooLong", params: { max: TEXT_MAX } };
    }
    if (amount === null) errors.amount = { key: "finances.errors.amountText" };
    else if (amount <= 0) errors.amount = { key: "finances.errors.positive" };
    else if (amount > AMOUNT_MAX) errors.amount = { key: "finances.errors.tooLarge" };
    if (!/^\d{1,11}$/.test(studentText)) errors.student = { key: "finances.errors.unknownStudent" };
    return {
      line: i + 2,
      date,
      reference,
      amount,
      studentId: null,
      student: studentText,
      status: "new",
      errors,
    };
  });
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.reference);
    if (row.reference && first !== undefined) {
      row.errors.reference = { key: "finances.import.errors.repeated", params: { line: first } };
    } else seen.set(row.reference, row.line);
  }
  await matchStudents(rows);
  const sources = await readMany<string>(rows.map((r) => keys.source({ type: "import", id: r.reference })));
  rows.forEach((row, i) => {
    row.status = Object.keys(row.errors).length ? "error" : sources[i].value ? "duplicate" : "new";
  });
  const counts = {
    new: rows.filter((r) => r.status === "new").length,
    duplicate: rows.filter((r) => r.status === "duplicate").length,
    error: rows.filter((r) => r.status === "error").length,
    written: 0,
  };
  if (opts.dryRun) return { dryRun: true, rows, counts };
  if (counts.error > 0) {
    const fields: Record<string, FieldError> = {};
    for (const row of rows) {
      for (const [field, error] of Object.entries(row.errors)) fields[`rows.${row.line}.${field}`] = error;
    }
    throw new AppError(422, "import_refused", "finances.import.refused", { fields });
  }
  counts.written = await writePayments(rows.filter((r) => r.status === "new"), author);
  return { dryRun: false, rows, counts };
}

/** Ids are looked up as ids, 11-digit values as personal numbers. */
async function matchStudents(rows: ImportRow[]): Promise<void> {
  const candidates = rows.filter((r) => !r.errors.student);
  const byNumber = await readMany<number>(
    candidates.map((r) => r.student.length === 11 ? ["students_by_personal_number", r.student] : ["_", 0]),
  );
  const ids = candidates.map((r, i) => r.student.length === 11 ? byNumber[i].value : Number(r.student));
  const students = await readMany<Student>(ids.map((id) => ["students", id ?? 0]));
  candidates.forEach((row, i) => {
    const s = students[i].value;
    if (!s) row.errors.student = { key: "finances.errors.unknownStudent" };
    else {
      row.studentId = s.id;
      row.student = `${s.firstNameEn} ${s.lastNameEn}`;
    }
  });
}

/** Writes the payments, many students' in one atomic (ledger.ts appendMany). */
function writePayments(rows: ImportRow[], author: number | null): Promise<number> {
  return appendMany(
    rows.map((row) => ({
      studentId: row.studentId!,
      kind: "payment" as const,
      amount: row.amount!,
      date: row.date,
      reference: row.reference,
      source: { type: "import" as const, id: row.reference },
    })),
    author,
  );
}
