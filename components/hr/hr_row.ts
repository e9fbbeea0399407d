/**
 * What the personnel screens hand to their islands: plain, serializable rows (islands cannot import services),
 * and the profile address the user menu links to.
 */
import type { Lang } from "../../utils/i18n.ts";

export type PersonnelKind = "academic" | "administrative";
export const KINDS: readonly PersonnelKind[] = ["academic", "administrative"];

export interface HrRowData {
  id: number;
  kind: PersonnelKind;
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
  position: string;
  schoolId: number | null;
  /** The school's name in the interface language, null without a school. */
  schoolName: string | null;
  email: string;
  /** Absent when the viewer may not see it (services/identity/personal_data.ts). */
  phone?: string;
  userId: number | null;
  versionstamp: string;
}

/** A record as the form edits it (and as `GET /api/hr/{id}` answers): a row without its school's name. */
export type HrPersonData = Omit<HrRowData, "schoolName">;

export interface SchoolChoice {
  id: number;
  name: string;
}

/** A stored record (value and versionstamp) as a row, with its school's name looked up. */
export function toHrRow(
  record: { value: Omit<HrRowData, "schoolName" | "versionstamp">; versionstamp: string },
  schoolNames: ReadonlyMap<number, string>,
): HrRowData {
  const { schoolId } = record.value;
  return {
    ...record.value,
    schoolName: schoolId === null ? null : schoolNames.get(schoolId) ?? null,
    versionstamp: record.versionstamp,
  };
}

/** SPEC §2.3: the user menu's profile link, by kind. */
export function profileHref(kind: PersonnelKind, id: number): string {
  return `/hr/${kind}-personal/details/${id}/routes`;
}

/** The name in the interface language's script, and in the other script. */
export function namesOf(
  row: Pick<HrRowData, "firstNameKa" | "lastNameKa" | "firstNameEn" | "lastNameEn">,
  lang: Lang,
) {
  const ka = `${row.firstNameKa} ${row.lastNameKa}`;
  const en = `${row.firstNameEn} ${row.lastNameEn}`;
  return lang === "en" ? { main: en, other: ka } : { main: ka, other: en };
}

/** "+995 599 12 34 56" for reading; stored without spaces. */
export function formatPhone(phone: string): string {
  const match = /^\+995(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+995 ${match.slice(1).join(" ")}` : phone;
}
