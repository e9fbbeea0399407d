/** Request and response shapes of admissions (applications) and the student lifecycle (status changes). */
import { z } from "@hono/zod-openapi";
import {
  APPLICATION_STATES,
  type ApplicationState,
  type Decision,
  DECISIONS,
  DOCUMENT_KINDS,
  type DocumentKind,
} from "../../services/admissions/model.ts";
import { REASON_MAX } from "../../services/admissions/rules.ts";
import { STATUS_ACTIONS, type StatusAction } from "../../services/lifecycle/status.ts";
import { IdText, Versionstamp } from "./timetable.ts";

const States = APPLICATION_STATES as [ApplicationState, ...ApplicationState[]];
const IsoDate = z.string().trim().min(1).max(10).openapi({
  example: "2026-07-01",
  description: "YYYY-MM-DD",
});

export const ApplicationParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
export const DocumentParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }),
  kind: z.enum(DOCUMENT_KINDS as [DocumentKind, ...DocumentKind[]]).openapi({
    param: { name: "kind", in: "path", description: "identity or certificate" },
  }),
});

export const ApplicationQuery = z.strictObject({
  state: z.enum(States).optional().openapi({ description: "Only applications in this state" }),
  programId: IdText.optional().openapi({ description: "Only applications for this program" }),
  q: z.string().max(100).optional().openapi({
    description: "Part of a name, the personal number or the reference",
  }),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({ description: "Page, from 1" }),
  limit: z.coerce.number().int().min(1).max(200).optional().openapi({ description: "Rows per page (20)" }),
});

const ApplicationDocument = z.object({
  kind: z.enum(DOCUMENT_KINDS as [DocumentKind, ...DocumentKind[]]),
  name: z.string(),
  format: z.enum(["pdf", "jpeg", "png"]),
  size: z.number().int(),
}).openapi("ApplicationDocument");

const Step = z.object({
  state: z.enum(States),
  at: z.string(),
  by: z.number().int().nullable(),
  reason: z.string().nullable(),
}).openapi("ApplicationStep");

export const Application = z.object({
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(States),
  personalNumber: z.string().optional().openapi({
    description: "Absent without the field's menu.personalInfo.view key",
  }),
  firstNameKa: z.string(),
  lastNameKa: z.string(),
  firstNameEn: z.string(),
  lastNameEn: z.string(),
  birthDate: z.string().optional().openapi({
    description: "Absent without the field's menu.personalInfo.view key",
  }),
  citizenship: z.string().optional().openapi({
    description: "Absent without the field's menu.personalInfo.view key",
  }),
  email: z.string(),
  phone: z.string().optional().openapi({
    description: "Absent without the field's menu.personalInfo.view key",
  }),
  programId: z.number().int(),
  documents: z.array(ApplicationDocument),
  consentAt: z.string(),
  lang: z.enum(["ka", "en"]),
  submittedAt: z.string(),
  updatedAt: z.string(),
  history: z.array(Step),
  studentId: z.number().int().nullable(),
}).openapi("Application");

export const ApplicationWithVersion = z.object({ application: Application, versionstamp: z.string() })
  .openapi("ApplicationWithVersion");

export const ApplicationList = z.object({
  data: z.array(Application),
  total: z.number().int(),
  counts: z.record(z.enum(States), z.number().int()),
}).openapi("ApplicationList");

const ApplicantText = (description: string, example: string) =>
  z.string().max(300).openapi({ description, example });
const SubmittedDocument = z.strictObject({
  kind: z.enum(DOCUMENT_KINDS as [DocumentKind, ...DocumentKind[]]),
  name: z.string().max(300).openapi({
    description: "The file's name; its extension must say what its content is (.pdf, .jpg, .jpeg, .png)",
    example: "passport.pdf",
  }),
  content: z.string().openapi({
    description: "The file's bytes in base64: a PDF, JPEG or PNG judged by its content, at most 3 MB decoded",
  }),
}).openapi("ApplicationDocumentUpload");

/** The public form's fields (/online-register) as JSON: the same rules, the same messages at the same fields. */
export const SubmitBody = z.strictObject({
  firstNameKa: ApplicantText("Georgian first name", "ნინო"),
  lastNameKa: ApplicantText("Georgian last name", "ბერიძე"),
  firstNameEn: ApplicantText("First name in Latin letters", "Nino"),
  lastNameEn: ApplicantText("Last name in Latin letters", "Beridze"),
  personalNumber: ApplicantText("11 digits", "01001012345"),
  birthDate: ApplicantText("YYYY-MM-DD", "2007-05-14"),
  citizenship: ApplicantText("ISO 3166-1 alpha-2", "GE"),
  email: ApplicantText("E-mail", "nino@example.ge"),
  phone: ApplicantText("Phone", "+995555123456"),
  programId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).openapi({ description: "An open program" }),
  consent: z.boolean().openapi({ description: "Agrees to the processing of personal data; must be true" }),
  documents: z.array(SubmittedDocument).max(DOCUMENT_KINDS.length).openapi({
    description:
      "The identity document and the school certificate; a resubmission may leave out those already sent",
  }),
}).openapi("ApplicationSubmission");

export const Submitted = z.object({
  reference: z.string().openapi({ example: "A-2026-000123" }),
  updated: z.boolean().openapi({
    description: "True when the open application of the same personal number and program was updated",
  }),
}).openapi("ApplicationSubmitted");

export const DecisionBody = z.strictObject({
  decision: z.enum(DECISIONS as [Decision, ...Decision[]]),
  reason: z.string().max(REASON_MAX).optional().openapi({ description: "Required for a rejection" }),
  versionstamp: Versionstamp.optional().openapi({ description: "The version the decision was based on" }),
}).openapi("ApplicationDecision");

export const EnrolBody = z.strictObject({
  admissionYear: z.number().int().min(1990).max(2200),
  versionstamp: Versionstamp.optional().openapi({ description: "The version the enrolment was based on" }),
}).openapi("ApplicationEnrolment");

export const Enrolled = z.object({
  application: Application,
  studentId: z.number().int(),
}).openapi("ApplicationEnrolled");

export const StudentParam = z.object({
  studentId: IdText.openapi({ param: { name: "studentId", in: "path" }, example: 1 }),
});

export const StatusChangeBody = z.strictObject({
  action: z.enum(STATUS_ACTIONS as [StatusAction, ...StatusAction[]]),
  reason: z.string().max(REASON_MAX),
  date: IsoDate,
}).openapi("StudentStatusChange");

const Status = z.enum(["active", "suspended", "graduated", "withdrawn"]);
export const StatusEvent = z.object({
  id: z.string(),
  studentId: z.number().int(),
  action: z.enum(STATUS_ACTIONS as [StatusAction, ...StatusAction[]]),
  from: Status,
  to: Status,
  reason: z.string(),
  date: z.string(),
  at: z.string(),
  by: z.number().int().nullable(),
}).openapi("StudentStatusEvent");
export const StatusHistory = z.object({ data: z.array(StatusEvent) }).openapi("StudentStatusHistory");

export const SupplementQuery = z.strictObject({
  lang: z.enum(["ka", "en"]).default("ka").openapi({
    description: "The language that leads (both are printed)",
  }),
});
export const YearParam = z.object({
  year: z.coerce.number().int().min(1990).max(2200).openapi({
    param: { name: "year", in: "path", description: "The graduation year" },
    example: 2026,
  }),
});
export const BatchQuery = SupplementQuery.extend({
  programId: IdText.optional().openapi({ description: "Only the graduates of this program" }),
});

const Directions = ["out", "in"] as const;
export const MobilityQuery = z.strictObject({
  studentId: IdText.optional().openapi({ description: "Only this student's exchanges" }),
  direction: z.enum(Directions).optional().openapi({ description: "out (our students abroad) or in" }),
});
export const MobilityBody = z.strictObject({
  studentId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  direction: z.enum(Directions),
  partner: z.string().max(200),
  country: z.string().max(2).openapi({ description: "ISO 3166-1 alpha-2", example: "DE" }),
  from: IsoDate,
  to: IsoDate,
}).openapi("MobilityInput");
const Recognition = z.object({
  id: z.string(),
  externalCode: z.string(),
  externalName: z.string(),
  externalCredits: z.number(),
  bookId: z.number().int(),
  groupId: z.number().int(),
  credits: z.number().int(),
  points: z.number().int(),
  grade: z.string(),
  transcriptEntryId: z.string(),
  at: z.string(),
  by: z.number().int().nullable(),
}).openapi("Recognition");
export const Mobility = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  direction: z.enum(Directions),
  partner: z.string(),
  country: z.string(),
  from: z.string(),
  to: z.string(),
  recognitions: z.array(Recognition),
  createdAt: z.string(),
}).openapi("Mobility");
export const MobilityList = z.object({ data: z.array(Mobility) }).openapi("MobilityList");
export const MobilityParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path", description: "The exchange's id" }, example: 1 }),
});
export const RecognitionBody = z.strictObject({
  externalCode: z.string().max(40),
  externalName: z.string().max(200),
  externalCredits: z.number().min(0.5).max(60),
  bookId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  groupId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  points: z.number().int().min(0).max(100),
  credits: z.number().int().min(1).max(60).optional().openapi({
    description: "Our credits; the course's own by default",
  }),
}).openapi("RecognitionInput");
export { Recognition };
