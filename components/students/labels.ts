/** How the registry shows names, statuses and GPAs, shared by its pages, components and islands. */
import type { StudentStatus } from "../../services/academic/model.ts";
import type { Lang } from "../../utils/i18n.ts";

interface Named {
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
}

/** "Last First" in the interface language's script, as registrars sort and read them. */
export function studentName(s: Named, lang: Lang): string {
  return lang === "en" ? `${s.lastNameEn} ${s.firstNameEn}` : `${s.lastNameKa} ${s.firstNameKa}`;
}

/** "First Last" in the other script, shown beside the main name. */
export function otherScriptName(s: Named, lang: Lang): string {
  return lang === "en" ? `${s.firstNameKa} ${s.lastNameKa}` : `${s.firstNameEn} ${s.lastNameEn}`;
}

export function localName(item: { nameKa: string; nameEn: string } | null | undefined, lang: Lang): string {
  return item ? (lang === "en" ? item.nameEn : item.nameKa) : "";
}

/** Two decimals, or a dash when there is nothing to average. */
export function formatGpa(gpa: number | null): string {
  return gpa === null ? "—" : gpa.toFixed(2);
}

// Literal class strings, so Tailwind's scanner finds them.
const STATUS_CLASSES: Record<StudentStatus, string> = {
  active: "bg-green-50 text-green-800 ring-green-600/20",
  suspended: "bg-amber-50 text-amber-800 ring-amber-600/20",
  graduated: "bg-primary-50 text-primary-800 ring-primary-600/20",
  withdrawn: "bg-gray-100 text-gray-700 ring-gray-500/20",
};

export function statusBadgeClass(status: StudentStatus): string {
  return "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset " +
    STATUS_CLASSES[status];
}
