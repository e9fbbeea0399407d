/** Request and response shapes of academic registration: windows, sections, registrations, rosters, holds. */
import { z } from "@hono/zod-openapi";
import { CREDIT_LIMIT_MAX } from "../../services/registration/windows.ts";
import { CAPACITY_MAX } from "../../services/registration/offerings.ts";
import { REASON_MAX } from "../../services/registration/holds.ts";
import { OVERRIDE_REASON_MAX } from "../../services/registration/decide.ts";
import { HOLD_KINDS, type HoldKind } from "../../services/registration/model.ts";
import { IdText } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IsoDate = z.string().trim().min(1).max(10).openapi({
  example: "2026-11-01",
  description: "YYYY-MM-DD",
});
export const SectionIdText = z.string().max(40).regex(/^\d{1,9}-\d{1,9}-\d{1,9}$/).openapi({
  example: "12-10-4",
  description: "`<groupId>-<courseId>-<professorHrId>`",
});
const RegistrationIdText = z.string().max(50).regex(/^\d{1,9}-\d{1,9}-\d{1,9}-\d{1,9}$/).openapi({
  example: "1-12-10-4",
  description: "`<studentId>-<sectionId>`",
});

export const GroupParam = z.object({ groupId: IdText.openapi({ param: { name: "groupId", in: "path" } }) });
export const SectionParam = z.object({
  sectionId: SectionIdText.openapi({ param: { name: "sectionId", in: "path" } }),
});
export const RegistrationParam = z.object({
  registrationId: RegistrationIdText.openapi({ param: { name: "registrationId", in: "path" } }),
});
export const HoldParam = z.object({
  studentId: IdText.openapi({ param: { name: "studentId", in: "path" } }),
  holdId: z.string().max(40).regex(/^[0-9A-Z]{26}$/).openapi({ param: { name: "holdId", in: "path" } }),
});

const Window = z.object({
  groupId: z.number().int(),
  opens: z.string(),
  closes: z.string(),
  dropDeadline: z.string(),
  creditLimit: z.number().int(),
  programIds: z.array(z.number().int()),
  admissionYears: z.array(z.number().int()),
}).openapi("RegistrationWindow");

export const WindowBody = z.strictObject({
  opens: IsoDate,
  closes: IsoDate,
  dropDeadline: IsoDate,
  creditLimit: z.number().int().min(1).max(CREDIT_LIMIT_MAX).default(30),
  programIds: z.array(Id).max(500).default([]),
  admissionYears: z.array(z.number().int().min(1900).max(2200)).max(100).default([]),
}).openapi("RegistrationWindowInput");

export const WindowResponse = Window;
export const WindowList = z.object({
  data: z.array(z.object({ groupId: z.number().int(), seasonYear: z.string(), window: Window.nullable() })),
}).openapi("RegistrationWindowList");

export const OfferingQuery = z.strictObject({
  groupId: IdText.optional().openapi({ description: "the semester; default: the one whose window is open" }),
  text: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

const Rule = z.object({ kind: z.string(), status: z.string(), title: z.string(), reason: z.string() });
export const Offering = z.object({
  id: z.string(),
  groupId: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), code: z.string(), credits: z.number() }),
  professor: z.string(),
  lessons: z.array(
    z.object({ weekday: z.number().int(), time: z.string(), room: z.string(), type: z.string() }),
  ),
  capacity: z.number().int(),
  enrolled: z.number().int(),
  waitlisted: z.number().int(),
  seatsLeft: z.number().int(),
  price: z.number().int().nullable().openapi({ description: "tetri (1/100 GEL)" }),
  closed: z.boolean(),
  eligibility: z.object({ eligible: z.boolean(), rules: z.array(Rule) }).optional(),
  clash: z.array(z.string()).optional(),
  refusals: z.array(z.object({ check: z.string(), message: z.string() })).optional(),
  mine: z.object({ id: z.string(), status: z.string(), position: z.number().int().nullable() }).nullable()
    .optional(),
}).openapi("Offering");
export const OfferingList = z.object({
  data: z.array(Offering),
  total: z.number().int(),
  groupId: z.number().int().nullable(),
  window: Window.nullable(),
}).openapi("OfferingList");

export const OfferingEditBody = z.strictObject({
  capacity: z.number().int().min(0).max(CAPACITY_MAX).nullable(),
  closed: z.boolean(),
}).openapi("OfferingEdit");
export const OfferingSettings = z.object({ capacity: z.number().int().nullable(), closed: z.boolean() });

export const MineQuery = z.strictObject({ groupId: IdText.optional() });
const Hold = z.object({
  id: z.string(),
  studentId: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  reasonEn: z.string().optional().openapi({ description: "the reason in English, where both were written" }),
  at: z.string(),
  by: z.number().int().nullable(),
}).openapi("Hold");
const Registration = z.object({
  id: z.string(),
  studentId: z.number().int(),
  groupId: z.number().int(),
  sectionId: z.string(),
  bookId: z.number().int(),
  credits: z.number(),
  status: z.enum(["enrolled", "waitlisted"]),
  position: z.number().int().nullable(),
  at: z.string(),
  by: z.number().int().nullable(),
}).openapi("Registration");
export const Mine = z.object({
  groupId: z.number().int().nullable(),
  window: Window.nullable(),
  open: z.boolean(),
  registrations: z.array(Registration.extend({
    course: z.string(),
    professor: z.string(),
    lessons: z.array(
      z.object({ weekday: z.number().int(), time: z.string(), room: z.string(), type: z.string() }),
    ),
  })),
  credits: z.number(),
  creditLimit: z.number().int().nullable(),
  holds: z.array(Hold),
}).openapi("RegistrationMine");

export const AddBody = z.strictObject({
  sectionId: SectionIdText,
  studentId: Id.optional().openapi({ description: "staff only: the student registered on their behalf" }),
  override: z.boolean().optional(),
  reason: z.string().max(OVERRIDE_REASON_MAX).optional(),
}).openapi("RegistrationAdd");
export const AddResult = z.object({
  registration: Registration,
  status: z.enum(["enrolled", "waitlisted"]),
  position: z.number().int().nullable(),
  overridden: z.array(z.string()),
}).openapi("RegistrationAddResult");

export const DropBody = z.strictObject({
  override: z.boolean().optional(),
  reason: z.string().max(OVERRIDE_REASON_MAX).optional(),
}).openapi("RegistrationDrop");
export const DropResult = z.object({ dropped: Registration, promoted: Registration.nullable() })
  .openapi("RegistrationDropResult");

const RosterStudent = z.object({
  registrationId: z.string(),
  studentId: z.number().int(),
  name: z.string(),
  personalNumber: z.string().optional().openapi({
    description: "Only for holders of menu.personalInfo.view.personalNumber",
  }),
  program: z.string(),
  admissionYear: z.number().int(),
  position: z.number().int().nullable(),
});
export const Roster = z.object({
  sectionId: z.string(),
  course: z.string(),
  capacity: z.number().int(),
  enrolled: z.array(RosterStudent),
  waitlist: z.array(RosterStudent),
}).openapi("Roster");

export const HoldQuery = z.strictObject({ studentId: IdText.optional() });
export const HoldList = z.object({ data: z.array(Hold) }).openapi("HoldList");
export const HoldBody = z.strictObject({
  studentId: Id,
  kind: z.enum(HOLD_KINDS as [HoldKind, ...HoldKind[]]),
  reason: z.string().trim().min(1).max(REASON_MAX),
}).openapi("HoldInput");
export { Hold };
