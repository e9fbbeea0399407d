/**
 * The students list as a spreadsheet: every student the filter matches (not just one page), in the list's
 * order, with headers, school and program names and statuses in the person's language.
 */
import { findStudents, type StudentFilter } from "./list_index.ts";
import type { XlsxCell } from "../files/xlsx_export.ts";
import { toXlsxOffThread } from "../files/xlsx_off_thread.ts";
import { withExportSlot } from "../files/export_slots.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import type { PersonalField } from "../identity/personal_data.ts";
import { formatDisplayDate } from "../../utils/date_format.ts";

export const EXPORT_COLUMNS = [
  "id",
  "personalNumber",
  "lastNameKa",
  "firstNameKa",
  "lastNameEn",
  "firstNameEn",
  "birthDate",
  "email",
  "phone",
  "school",
  "program",
  "status",
  "admissionYear",
  "gpa",
  "credits",
] as const;

const PERSONAL_COLUMNS: ReadonlySet<string> = new Set<PersonalField>([
  "personalNumber",
  "birthDate",
  "phone",
]);

/**
 * Made for `userId`, within their export slot (export_slots.ts). Personal columns the person may not see
 * (`visible`, services/identity/personal_data.ts) are left out of the file.
 */
export function exportStudents(
  userId: number,
  filter: StudentFilter,
  t: Translate,
  lang: Lang,
  visible: ReadonlySet<PersonalField>,
): Promise<Uint8Array> {
  return withExportSlot(userId, () => build(filter, t, lang, visible));
}

async function build(
  filter: StudentFilter,
  t: Translate,
  lang: Lang,
  visible: ReadonlySet<PersonalField>,
): Promise<Uint8Array> {
  const kept = EXPORT_COLUMNS.map((c) => !PERSONAL_COLUMNS.has(c) || visible.has(c as PersonalField));
  const { rows, structure } = await findStudents(filter);
  const named = (item: { nameKa: string; nameEn: string } | undefined) =>
    item ? (lang === "en" ? item.nameEn : item.nameKa) : "";
  const toRow = ({ student: s, gpa, credits }: (typeof rows)[number]): XlsxCell[] => {
    const program = structure.programs.get(s.programId);
    return [
      s.id,
      s.personalNumber,
      s.lastNameKa,
      s.firstNameKa,
      s.lastNameEn,
      s.firstNameEn,
      formatDisplayDate(s.birthDate),
      s.email,
      s.phone,
      named(program && structure.schools.get(program.schoolId)),
      program ? `${program.code} ${named(program)}` : "",
      t(`students.status.${s.status}`),
      s.admissionYear,
      gpa,
      credits,
    ].filter((_, i) => kept[i]);
  };
  const headers = EXPORT_COLUMNS.filter((_, i) => kept[i]).map((c) => t(`students.fields.${c}`));
  return toXlsxOffThread(t("students.title"), headers, rows, toRow);
}
