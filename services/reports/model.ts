/**
 * The reports catalogue's shared shapes (/reports, issue 22). A report is a fixed set of columns and a `run`
 * that answers its rows for a filter: one page of them for the preview, or every one for the export, so the
 * file holds exactly the rows the preview pages through. Rows hold what a person reads (names and statuses
 * in their language, money in GEL), which is what both the table and the spreadsheet show.
 */
import type { ListActor } from "../lists/access.ts";
import type { PersonalField } from "../identity/personal_data.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export const REPORT_IDS = [
  "enrolment",
  "statuses",
  "leavers",
  "course_lists",
  "course_grades",
  "rosters",
  "debtors",
] as const;
export type ReportId = typeof REPORT_IDS[number];

/** How a column's value reads: `money` is GEL to two decimals, `date` YYYY-MM-DD, `section` a section id. */
export type ColumnKind = "text" | "number" | "money" | "date" | "section";

export interface ReportColumn {
  key: string;
  kind: ColumnKind;
  /** Shown (and exported) only to holders of this personal field's key. */
  personal?: PersonalField;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** Who asks: their language, the personal fields they may see, and what of the course lists they may read. */
export interface ReportViewer {
  userId: number;
  lang: Lang;
  t: Translate;
  personal: ReadonlySet<PersonalField>;
  lists: ListActor;
}

export interface Paging {
  page: number;
  limit: number;
}

export interface ReportRows {
  rows: ReportRow[];
  total: number;
}

export interface ReportDefinition<F> {
  id: ReportId;
  /** The one key that opens the report: its API routes declare it and the catalogue lists it only to holders. */
  permission: string;
  columns: readonly ReportColumn[];
  /** One page of rows (`paging`), or all of them (null, the export). */
  run(filter: F, viewer: ReportViewer, paging: Paging | null): Promise<ReportRows>;
}

/** The page `paging` asks for out of every row, with the total. */
export function pageOf(rows: ReportRow[], paging: Paging | null): ReportRows {
  if (!paging) return { rows, total: rows.length };
  const from = (paging.page - 1) * paging.limit;
  return { rows: rows.slice(from, from + paging.limit), total: rows.length };
}

/** The columns `viewer` may see: personal ones only with their field's key. */
export function visibleColumns(columns: readonly ReportColumn[], viewer: ReportViewer): ReportColumn[] {
  return columns.filter((c) => !c.personal || viewer.personal.has(c.personal));
}

export const named = (item: { nameKa: string; nameEn: string } | undefined, lang: Lang): string =>
  item ? (lang === "en" ? item.nameEn || item.nameKa : item.nameKa) : "";

export const personName = (
  s: { firstNameKa: string; lastNameKa: string; firstNameEn: string; lastNameEn: string },
  lang: Lang,
): string => lang === "en" ? `${s.firstNameEn} ${s.lastNameEn}` : `${s.firstNameKa} ${s.lastNameKa}`;
