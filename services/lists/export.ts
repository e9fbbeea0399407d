/** A list as .xlsx (listExport): a row per student with each component's points, total, grade and absences. */
import { toXlsx, type XlsxCell } from "../files/xlsx_export.ts";
import type { ListActor } from "./access.ts";
import { loadSheet } from "./sheet.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export async function listXlsx(
  sectionId: string,
  actor: ListActor,
  lang: Lang,
  t: Translate,
): Promise<Uint8Array> {
  const sheet = await loadSheet(sectionId, actor, lang);
  const headers = [
    t("lists.sheet.studentId"),
    t("lists.sheet.student"),
    t("lists.sheet.personalNumber"),
    ...sheet.components.map((c) => `${c.name} (${c.max})`),
    t("lists.sheet.total"),
    t("lists.sheet.grade"),
    t("lists.sheet.absences"),
  ];
  const rows: XlsxCell[][] = sheet.students.map((s) => [
    s.studentId,
    s.name,
    s.personalNumber,
    ...s.cells.map((c) => c.points),
    s.total,
    s.grade,
    s.absences,
  ]);
  return toXlsx(`${sheet.course.code} ${sheet.course.name}`, headers, rows);
}
