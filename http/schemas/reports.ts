/**
 * The reports' filters (issue 22): one strict schema per report, the API's query schema for both its preview
 * and its export, and what the /reports/{id} page parses its URL with, so a link shows what the API answers.
 * A period's end before its start is refused on the end's field.
 */
import { z } from "@hono/zod-openapi";
import { isIsoDay } from "../../services/finances/projection.ts";
import { LEAVER_KINDS } from "../../services/reports/leavers.ts";
import { REPORT_IDS, type ReportId } from "../../services/reports/model.ts";
import { SectionIdText } from "./registration.ts";

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Year = z.coerce.number().int().min(1900).max(2200);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isIsoDay, { message: "errors.invalidDate" })
  .openapi({ example: "2026-11-22" });
const END_BEFORE_START = "reports.errors.endBeforeStart";

const school = Id.optional().openapi({ description: "Only this school's programs." });
const program = Id.optional().openapi({ description: "Only this educational program." });
const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).optional().openapi({
    description: "Preview page, from 1.",
  }),
  limit: z.coerce.number().int().min(1).max(1000).optional().openapi({
    description: "Preview rows per page.",
  }),
};

export const EnrolmentQuery = z.strictObject({
  schoolId: school,
  programId: program,
  yearFrom: Year.optional().openapi({ description: "Admitted in this year or later." }),
  yearTo: Year.optional().openapi({
    description: "Admitted in this year or earlier; not before `yearFrom`.",
  }),
  ...Paging,
}).refine((q) => q.yearFrom === undefined || q.yearTo === undefined || q.yearFrom <= q.yearTo, {
  path: ["yearTo"],
  message: END_BEFORE_START,
});

export const StatusQuery = z.strictObject({
  schoolId: school,
  programId: program,
  admissionYear: Year.optional().openapi({ description: "Only students admitted in this year." }),
  ...Paging,
});

export const LeaverQuery = z.strictObject({
  kind: z.enum(LEAVER_KINDS as ["graduated", "withdrawn"]).optional().openapi({
    description: "Only graduates or only withdrawals; both when absent.",
  }),
  schoolId: school,
  programId: program,
  from: Day.optional().openapi({ description: "On this day (YYYY-MM-DD) or later." }),
  to: Day.optional().openapi({ description: "On this day (YYYY-MM-DD) or earlier; not before `from`." }),
  ...Paging,
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: END_BEFORE_START });

export const CourseListQuery = z.strictObject({
  groupId: Id.optional().openapi({ description: "The semester; the one running today when absent." }),
  text: z.string().max(100).optional().openapi({ description: "Course name or code, or professor." }),
  ...Paging,
});

export const SectionQuery = z.strictObject({
  sectionId: SectionIdText.openapi({ description: "The section: `<groupId>-<courseId>-<professorHrId>`." }),
  ...Paging,
});

export const DebtorQuery = z.strictObject({
  date: Day.optional().openapi({ description: "Balances as of this day (YYYY-MM-DD); today when absent." }),
  schoolId: school,
  programId: program,
  ...Paging,
});

export const REPORT_QUERIES = {
  enrolment: EnrolmentQuery,
  statuses: StatusQuery,
  leavers: LeaverQuery,
  course_lists: CourseListQuery,
  course_grades: SectionQuery,
  rosters: SectionQuery,
  debtors: DebtorQuery,
} as const satisfies Record<ReportId, z.ZodType>;

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(["text", "number", "money", "date", "section"]),
}).openapi("ReportColumn");

export const ReportPage = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
}).openapi("ReportPage");

export const ReportCatalogue = z.object({
  data: z.array(z.object({
    id: z.enum(REPORT_IDS),
    title: z.string(),
    description: z.string(),
    permission: z.string(),
  })),
}).openapi("ReportCatalogue");
