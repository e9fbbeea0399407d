/**
 * Spreadsheet downloads (.xlsx) with SheetJS, write only: this module never parses a file it did not make.
 *
 * Formula injection: every string is written as a text cell (`t: "s"`), which Excel and LibreOffice never
 * evaluate; strings that a spreadsheet would take for a formula when typed (`=`, `+`, `-`, `@`, tab, CR) also
 * get the text number format "@", so that editing the cell keeps it text. No apostrophe is added: the value
 * stays exactly what the person entered.
 */
import * as XLSX from "@e965/xlsx";

export type XlsxCell = string | number | null;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel's limit on the characters of one cell. */
const CELL_MAX = 32_767;
const FORMULA_LIKE = /^[=+\-@\t\r]/;

/** Excel refuses sheet names over 31 characters or with any of : \ / ? * [ ]. */
function sheetNameOf(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, " ").trim().slice(0, 31) || "Sheet1";
}

function cellOf(value: XlsxCell): XLSX.CellObject | null {
  if (value === null) return null;
  if (typeof value === "number") return Number.isFinite(value) ? { t: "n", v: value } : null;
  const text = value.slice(0, CELL_MAX);
  return FORMULA_LIKE.test(text) ? { t: "s", v: text, z: "@" } : { t: "s", v: text };
}

/** A one-sheet workbook: a header row, then `rows`; columns sized to their content. */
export function toXlsx(
  sheetName: string,
  headers: readonly string[],
  rows: readonly XlsxCell[][],
): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  const width = Math.max(headers.length, ...rows.map((r) => r.length), 1);
  const widths = new Array<number>(width).fill(8);
  const put = (r: number, values: readonly XlsxCell[]) => {
    values.forEach((value, c) => {
      const cell = cellOf(value);
      if (!cell) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
      widths[c] = Math.max(widths[c], Math.min(String(cell.v).length + 2, 60));
    });
  };
  put(0, headers);
  rows.forEach((row, i) => put(i + 1, row));
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: width - 1 } });
  sheet["!cols"] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetNameOf(sheetName));
  const bytes: ArrayBuffer = XLSX.write(book, {
    type: "array",
    bookType: "xlsx",
    compression: true,
    bookSST: true,
  });
  return new Uint8Array(bytes);
}

/** `attachment; filename="<base>-YYYY-MM-DD.xlsx"` (UTC date); `base` must be plain ASCII. */
export function xlsxDisposition(base: string, now = new Date()): string {
  return `attachment; filename="${base}-${now.toISOString().slice(0, 10)}.xlsx"`;
}
