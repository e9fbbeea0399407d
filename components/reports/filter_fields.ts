/**
 * The filter controls of each report, named as its query schema's fields (http/schemas/reports.ts), with the
 * choices a select offers. Made on the server; the island renders them (props must be plain data).
 */
import { STUDENT_STATUSES } from "../../services/academic/model.ts";
import type { ReportId } from "../../services/reports/model.ts";
import type { Translate } from "../../utils/i18n.ts";

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterField {
  name: string;
  label: string;
  kind: "select" | "number" | "date" | "text";
  options?: FilterOption[];
  /** Shown when nothing is chosen (selects), e.g. "All". */
  placeholder?: string;
  required?: boolean;
}

export interface FilterChoices {
  schools: FilterOption[];
  programs: FilterOption[];
  semesters: FilterOption[];
}

const FIELDS: Record<ReportId, string[]> = {
  enrolment: ["schoolId", "programId", "yearFrom", "yearTo"],
  statuses: ["schoolId", "programId", "admissionYear"],
  leavers: ["kind", "schoolId", "programId", "from", "to"],
  course_lists: ["groupId", "text"],
  course_grades: ["sectionId"],
  rosters: ["sectionId"],
  debtors: ["date", "schoolId", "programId"],
};

export function filterFields(id: ReportId, choices: FilterChoices, t: Translate): FilterField[] {
  const all = t("reports.all");
  const field = (name: string): FilterField => {
    const label = t(`reports.fields.${name}`);
    switch (name) {
      case "schoolId":
        return { name, label, kind: "select", options: choices.schools, placeholder: all };
      case "programId":
        return { name, label, kind: "select", options: choices.programs, placeholder: all };
      case "groupId":
        return { name, label, kind: "select", options: choices.semesters };
      case "kind":
        return {
          name,
          label,
          kind: "select",
          placeholder: all,
          options: STUDENT_STATUSES.filter((s) => s === "graduated" || s === "withdrawn")
            .map((s) => ({ value: s, label: t(`students.status.${s}`) })),
        };
      case "yearFrom":
      case "yearTo":
      case "admissionYear":
        return { name, label, kind: "number" };
      case "from":
      case "to":
      case "date":
        return { name, label, kind: "date" };
      case "sectionId":
        return { name, label, kind: "text", required: true };
      default:
        return { name, label, kind: "text" };
    }
  };
  return FIELDS[id].map(field);
}
