/**
 * The standard reports (/reports), by id, and what a person may open of them: each report's own key. The
 * catalogue's order is the page's.
 */
import { type DebtorFilter, debtorReport } from "./debtors.ts";
import { type LeaverFilter, leaversReport } from "./leavers.ts";
import type { ReportDefinition, ReportId } from "./model.ts";
import { type EnrolmentFilter, enrolmentReport, type StatusFilter, statusReport } from "./registry.ts";
import {
  courseGradesReport,
  type CourseListFilter,
  courseListReport,
  rosterReport,
  type SectionFilter,
} from "./sections.ts";

/** The menu's key: opens /reports and the catalogue; each report needs its own key besides. */
export const REPORTS_KEY = "menu.reporting.reports";

/** Each report's filter, as its query schema (http/schemas/reports.ts) parses it. */
export interface ReportFilters {
  enrolment: EnrolmentFilter;
  statuses: StatusFilter;
  leavers: LeaverFilter;
  course_lists: CourseListFilter;
  course_grades: SectionFilter;
  rosters: SectionFilter;
  debtors: DebtorFilter;
}

export const REPORTS: { [K in ReportId]: ReportDefinition<ReportFilters[K]> } = {
  enrolment: enrolmentReport,
  statuses: statusReport,
  leavers: leaversReport,
  course_lists: courseListReport,
  course_grades: courseGradesReport,
  rosters: rosterReport,
  debtors: debtorReport,
};

/** The reports whose key `can` grants, in the catalogue's order. */
export function reportsFor(can: (key: string) => boolean): ReportDefinition<unknown>[] {
  return (Object.values(REPORTS) as ReportDefinition<unknown>[]).filter((r) => can(r.permission));
}
