/** Request and response shapes of the analytics operations (issue 22), for the router and the OpenAPI document. */
import { z } from "@hono/zod-openapi";
import { STUDENT_STATUSES } from "../../services/academic/model.ts";

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Status = z.enum(STUDENT_STATUSES as ["active", "suspended", "graduated", "withdrawn"]);
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM").refine((m) => m >= "1990-01", {
  message: "From 1990-01",
});

export const DashboardQuery = z.strictObject({
  schoolId: Id.optional().openapi({ description: "Only the students of this school" }),
  status: Status.optional().openapi({ description: "Only the students of this status" }),
  groupId: Id.optional().openapi({
    description: "The semester of the fill rates (default: the current one)",
  }),
  from: Month.optional().openapi({
    description: "First month of the money chart, YYYY-MM",
    example: "2026-01",
  }),
  to: Month.optional().openapi({ description: "Last month of the money chart, YYYY-MM (not before `from`)" }),
});

const Count = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
const DistributionRow = z.object({
  key: z.string(),
  label: z.string(),
  counts: z.array(z.number().int()),
  total: z.number().int(),
  mean: z.number().nullable().optional(),
});
const Distribution = z.object({
  buckets: z.array(z.string()),
  overall: z.array(z.number().int()),
  bySchool: z.array(DistributionRow),
  byProgram: z.array(DistributionRow),
});
const SectionFill = z.object({
  sectionId: z.string(),
  course: z.string(),
  code: z.string(),
  professor: z.string(),
  capacity: z.number().int(),
  enrolled: z.number().int(),
  waitlisted: z.number().int(),
  rate: z.number(),
});

export const Dashboard = z.object({
  filter: z.object({
    schoolId: z.number().int().nullable(),
    status: Status.nullable(),
    groupId: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
  }),
  students: z.object({
    total: z.number().int(),
    byStatus: z.array(Count),
    bySchool: z.array(Count),
    byProgram: z.array(Count),
    byLevel: z.array(Count),
    byAdmissionYear: z.array(Count),
    grades: Distribution.openapi({ description: "Transcript entries per grade (A … F)" }),
    gpa: Distribution.extend({ withoutGpa: z.number().int() }).openapi({
      description: "Students per GPA band of half a point",
    }),
    gradesUncounted: z.number().int(),
  }),
  registration: z.object({
    groupId: z.number().int(),
    sections: z.number().int(),
    capacity: z.number().int(),
    enrolled: z.number().int(),
    waitlisted: z.number().int(),
    rate: z.number(),
    bands: z.array(z.number().int()),
    fullest: z.array(SectionFill),
    emptiest: z.array(SectionFill),
  }).nullable(),
  money: z.array(z.object({
    month: z.string(),
    charged: z.number().int().openapi({ description: "Tetri debited in the month" }),
    credited: z.number().int().openapi({ description: "Tetri paid or credited in the month" }),
  })),
  semesters: z.array(z.object({ id: z.number().int(), seasonYear: z.string() })),
}).openapi("AnalyticsDashboard");

export const CitizenshipQuery = z.strictObject({
  status: Status.optional().openapi({ description: "Only the students of this status" }),
});

export const Citizenships = z.object({
  total: z.number().int(),
  foreign: z.number().int(),
  rows: z.array(z.object({
    code: z.string(),
    name: z.string(),
    count: z.number().int(),
    active: z.number().int(),
  })),
}).openapi("AnalyticsCitizenships");

export const CitizenshipStudentsQuery = z.strictObject({
  citizenship: z.string().regex(/^[A-Z]{2}$/, "ISO 3166 two-letter code").optional().openapi({
    description: "ISO 3166 two-letter code; absent: every foreign (non-Georgian) student",
    example: "UA",
  }),
  status: Status.optional().openapi({ description: "Only the students of this status" }),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const CitizenshipStudents = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    firstNameKa: z.string(),
    lastNameKa: z.string(),
    firstNameEn: z.string(),
    lastNameEn: z.string(),
    programId: z.number().int(),
    program: z.string(),
    status: Status,
    admissionYear: z.number().int(),
    citizenship: z.string(),
    citizenshipName: z.string(),
  })),
  total: z.number().int(),
}).openapi("AnalyticsCitizenshipStudents");
