/**
 * Points from an .xlsx (listImport), laid out as listExport writes it: a header row, then a row per student with
 * the student's id in column A and a column per component, found by its header ("<name> (<max>)", in either
 * language). A dry run reports, row by row, what would change and what is wrong, and writes nothing; the import
 * itself writes only when no row is wrong, each changed cell through the same checked save as the grid (an
 * empty cell changes nothing).
 */
import { listComponents } from "../books/components.ts";
import { getSection } from "../registration/sections.ts";
import { assertCanWrite, type ListActor } from "./access.ts";
import { setPoints } from "./cells.ts";
import { pointsProblem } from "./grading.ts";
import { readCells, readList, rosterIds } from "./sheet.ts";
import { assertOpen } from "./status.ts";
import { readFirstSheet, XlsxReadError, type XlsxValue } from "./xlsx_read.ts";
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";

export interface ImportChange {
  componentId: number;
  from: number | null;
  to: number;
}

export interface ImportRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  studentId: number | null;
  changes: ImportChange[];
  errors: FieldError[];
}

export interface ImportReport {
  dryRun: boolean;
  rows: ImportRow[];
  changes: number;
  wrongRows: number;
  written: number;
}

const HEADER = /^(.*) \((\d+(?:\.\d+)?)\)$/;

export async function importPoints(
  sectionId: string,
  bytes: Uint8Array,
  dryRun: boolean,
  actor: ListActor,
): Promise<ImportReport> {
  const section = await getSection(sectionId);
  assertCanWrite(actor, section);
  assertOpen(await readList(section.id));
  let sheet: XlsxValue[][];
  try {
    sheet = await readFirstSheet(bytes);
  } catch (error) {
    if (error instanceof XlsxReadError) throw invalid({ file: { key: "lists.import.badFile" } });
    throw error;
  }
  const [components, cells, roster] = await Promise.all([
    listComponents(section.bookId),
    readCells(section.id),
    rosterIds(section.id),
  ]);
  const columns = new Map<number, (typeof components)[number]>();
  (sheet[0] ?? []).forEach((head, col) => {
    const m = typeof head === "string" ? HEADER.exec(head.trim()) : null;
    const c = m && components.find((c) => c.nameKa === m[1] || c.nameEn === m[1]);
    if (c) columns.set(col, c);
  });
  if (columns.size === 0) throw invalid({ file: { key: "lists.import.noColumns" } });
  const onRoster = new Set(roster);
  const rows: ImportRow[] = [];
  sheet.slice(1).forEach((values, i) => {
    if (values.every((v) => v === null || v === "")) return;
    const errors: FieldError[] = [];
    const changes: ImportChange[] = [];
    const id = typeof values[0] === "number" ? values[0] : Number(String(values[0] ?? "").trim());
    const studentId = Number.isSafeInteger(id) && id > 0 ? id : null;
    if (studentId === null) errors.push({ key: "lists.import.noStudent" });
    else if (!onRoster.has(studentId)) errors.push({ key: "lists.errors.notOnRoster" });
    for (const [col, component] of columns) {
      const value = values[col] ?? null;
      if (value === null || value === "") continue;
      const points = typeof value === "number" ? value : Number(String(value).trim().replace(",", "."));
      const problem = pointsProblem(points, component.weight);
      if (problem) {
        // The cell's own problem (its key and values) goes in the params; the route translates both.
        errors.push({
          key: "lists.import.cell",
          params: {
            component: component.nameKa,
            componentEn: component.nameEn,
            problem: problem.key,
            ...problem.params,
          },
        });
        continue;
      }
      const from = studentId === null ? null : cells.get(studentId)?.get(component.id)?.points ?? null;
      if (from !== points) changes.push({ componentId: component.id, from, to: points });
    }
    rows.push({ row: i + 2, studentId, changes, errors });
  });
  const wrongRows = rows.filter((r) => r.errors.length).length;
  const count = rows.reduce((n, r) => n + r.changes.length, 0);
  if (dryRun) return { dryRun, rows, changes: count, wrongRows, written: 0 };
  if (wrongRows) {
    throw new AppError(422, "import_refused", "lists.import.refused", {
      params: { count: wrongRows },
      fields: { file: { key: "lists.import.refused", params: { count: wrongRows } } },
    });
  }
  let written = 0;
  for (const row of rows) {
    for (const change of row.changes) {
      await setPoints({
        sectionId: section.id,
        studentId: row.studentId!,
        componentId: change.componentId,
        points: change.to,
        versionstamp: cells.get(row.studentId!)?.get(change.componentId)?.versionstamp ?? null,
      }, actor);
      written++;
    }
  }
  return { dryRun, rows, changes: count, wrongRows: 0, written };
}
