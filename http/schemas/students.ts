/** Request and response shapes of the students registry's operations, for the router and the OpenAPI document. */
import { z } from "@hono/zod-openapi";
import { STUDENT_STATUSES } from "../../services/academic/model.ts";
import { EMAIL_MAX, NAME_MAX } from "../../services/students/rules.ts";

const IdText = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const StudentIdParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

/** KV versionstamps are 20 hex digits; anything else cannot match and is bad input. */
const Versionstamp = z.string().regex(/^[0-9a-f]{20}$/);
const Status = z.enum(STUDENT_STATUSES as ["active", "suspended", "graduated", "withdrawn"]);

/** The list's filter; the export takes the same without paging. */
const FilterFields = {
  text: z.string().max(100).optional(),
  schoolId: IdText.optional(),
  programId: IdText.optional(),
  status: Status.optional(),
  admissionYear: z.coerce.number().int().min(1900).max(2200).optional(),
};

export const StudentListQuery = z.strictObject({
  ...FilterFields,
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const StudentExportQuery = z.strictObject(FilterFields);

// Types and lengths only: the rules (11 digits, Georgian or Latin letters, real dates, the phone, the program,
// the admission year's range, what is required) are the service's, which checks every field at once and names
// each failure with its own message; a form thus shows all its errors together.
const Name = z.string().max(NAME_MAX);
const StudentFields = {
  personalNumber: z.string().max(20),
  firstNameKa: Name,
  lastNameKa: Name,
  firstNameEn: Name,
  lastNameEn: Name,
  birthDate: z.string().max(10),
  email: z.string().max(EMAIL_MAX),
  phone: z.string().max(20),
  programId: z.number().int().min(-1e9).max(Number.MAX_SAFE_INTEGER).optional(),
  status: Status,
  admissionYear: z.number().int().min(-1e9).max(1e9).optional(),
  citizenship: z.string().max(10).optional().openapi({
    description:
      "ISO 3166 two-letter code; absent: Georgia (GE). Kept as stored when the editor may not see it " +
      "(menu.personalInfo.view.country)",
    example: "GE",
  }),
};

export const StudentBody = z.strictObject(StudentFields).openapi("StudentInput");
export const StudentEditBody = z.strictObject({ ...StudentFields, versionstamp: Versionstamp })
  .openapi("StudentEdit");

// Personal fields are absent for a viewer without their menu.personalInfo.view.* key (unless it is their own).
const personal = (key: string) =>
  z.string().optional().openapi({ description: `Personal data: only with menu.personalInfo.view.${key}` });

export const Student = z.object({
  id: z.number().int(),
  personalNumber: personal("personalNumber"),
  firstNameKa: z.string(),
  lastNameKa: z.string(),
  firstNameEn: z.string(),
  lastNameEn: z.string(),
  birthDate: personal("birthDate"),
  email: z.string(),
  phone: personal("phone"),
  programId: z.number().int(),
  status: Status,
  admissionYear: z.number().int(),
  citizenship: z.string().optional().openapi({
    description: "ISO 3166 two-letter code. Personal data: only with menu.personalInfo.view.country",
  }),
  userId: z.number().int().nullable(),
}).openapi("Student");

export const StoredStudent = Student.extend({ versionstamp: z.string() }).openapi("StoredStudent");

export const StudentRow = z.object({
  id: z.number().int(),
  personalNumber: personal("personalNumber"),
  firstNameKa: z.string(),
  lastNameKa: z.string(),
  firstNameEn: z.string(),
  lastNameEn: z.string(),
  programId: z.number().int(),
  programCode: z.string(),
  programNameKa: z.string(),
  programNameEn: z.string(),
  schoolId: z.number().int().nullable(),
  schoolNameKa: z.string(),
  schoolNameEn: z.string(),
  status: Status,
  admissionYear: z.number().int(),
  gpa: z.number().nullable(),
  credits: z.number().int(),
}).openapi("StudentRow");

export const StudentList = z.object({ data: z.array(StudentRow), total: z.number().int() })
  .openapi("StudentList");

const TranscriptLine = z.object({
  id: z.string(),
  bookId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  points: z.number(),
  grade: z.enum(["A", "B", "C", "D", "E", "FX", "F"]),
  credits: z.number(),
});

const Semester = z.object({
  groupId: z.number().int(),
  seasonYear: z.string(),
  entries: z.array(TranscriptLine),
  gpa: z.number().nullable(),
  credits: z.number(),
  earned: z.number(),
});

const NamedRef = z.object({ id: z.number().int(), code: z.string(), nameKa: z.string(), nameEn: z.string() });

export const StudentDetails = z.object({
  student: StoredStudent,
  program: NamedRef.nullable(),
  school: NamedRef.nullable(),
  semesters: z.array(Semester),
  gpa: z.number().nullable(),
  credits: z.number(),
  earned: z.number(),
}).openapi("StudentDetails");

export const StudentLog = z.object({
  data: z.array(z.object({
    at: z.string(),
    actor: z.union([z.number(), z.string()]).nullable(),
    actorName: z.string().nullable(),
    subject: z.enum(["student", "transcript"]),
    action: z.enum(["create", "update", "remove"]),
    before: z.unknown(),
    after: z.unknown(),
  })),
}).openapi("StudentLog");

export const StudentQrLink = z.object({
  href: z.string(),
  /** The QR code of `href`, an SVG data URL for an <img>. */
  qrImage: z.string(),
  expiresAt: z.string(),
}).openapi("StudentQrLink");
