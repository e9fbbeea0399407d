/**
 * Request and response shapes of the course dialogs' operations (conditions, eligibility, professors, rule
 * students, syllabuses, components, logs). Numbers the forms type (limits, prices, hours, weights) are taken
 * as numbers or numeric text; the services check them, so that the §5 messages ("limit numeric") are theirs.
 */
import { z } from "@hono/zod-openapi";
import { CONDITION_GROUP_TYPES, GROUP_NAME_MAX } from "../../services/books/conditions.ts";
import { COMPONENT_NAME_MAX, MAX_COMPONENTS } from "../../services/books/components.ts";
import { STUDENT_IDS_TEXT_MAX } from "../../services/books/rule_students.ts";
import { FILE_NAME_MAX, SYLLABUS_MAX_BYTES } from "../../services/books/syllabuses.ts";

const IdText = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const pathId = (name: string) => IdText.openapi({ param: { name, in: "path" }, example: 1 });
const NumberLike = z.union([z.number(), z.string().max(20)]);

export const BookParam = z.object({ bookId: pathId("bookId") });
export const GroupParam = z.object({ bookId: pathId("bookId"), groupId: pathId("groupId") });
export const MemberParam = z.object({
  bookId: pathId("bookId"),
  groupId: pathId("groupId"),
  memberId: pathId("memberId"),
});
export const ProgramParam = z.object({ bookId: pathId("bookId"), programId: pathId("programId") });
export const RowParam = z.object({ bookId: pathId("bookId"), id: pathId("id") });
export const SemesterParam = z.object({ bookId: pathId("bookId"), groupId: pathId("groupId") });

// ---- conditions ----

export const GroupAddBody = z.strictObject({
  type: z.enum(CONDITION_GROUP_TYPES),
  name: z.string().max(GROUP_NAME_MAX * 2),
  limit: NumberLike.nullable().optional(),
}).openapi("ConditionGroupInput");

export const GroupEditBody = z.strictObject({
  name: z.string().max(GROUP_NAME_MAX * 2),
  limit: NumberLike.nullable().optional(),
}).openapi("ConditionGroupEdit");

export const GpaBody = z.strictObject({ gpaLimit: NumberLike.nullable() }).openapi("GpaLimitInput");

export const ProgramBody = z.strictObject({
  programId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** Accepted for the legacy payload; the stored name is the program's own. */
  name: z.string().max(500).optional(),
}).openapi("ProgramRestrictionInput");

const Member = z.object({
  bookId: z.number().int(),
  name: z.string(),
  nameEng: z.string(),
  code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const BookConditions = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    type: z.enum(CONDITION_GROUP_TYPES),
    bookId: z.number().int(),
    name: z.string(),
    limit: z.number(),
    conditions: z.array(Member),
    created_at: z.string(),
    updated_at: z.string(),
  })),
  programs: z.array(z.object({
    programId: z.number().int(),
    name: z.string(),
    nameEn: z.string(),
    code: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })),
  gpaLimit: z.number().nullable(),
  conditionStatus: z.union([z.literal(0), z.literal(1)]),
}).openapi("BookConditions");

export const ProgramOptions = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    code: z.string(),
    nameKa: z.string(),
    nameEn: z.string(),
    status: z.string(),
  })),
}).openapi("ConditionProgramOptions");

export const ConditionLogQuery = z.strictObject({ type: z.enum(CONDITION_GROUP_TYPES) });

export const EligibilityQuery = z.strictObject({ studentId: IdText });

const Bilingual = z.object({ ka: z.string(), en: z.string() });

export const Eligibility = z.object({
  eligible: z.boolean(),
  listed: z.boolean(),
  gpa: z.number().nullable(),
  student: z.object({ id: z.number().int(), name: Bilingual, program: Bilingual }),
  rules: z.array(z.object({
    kind: z.enum(["equalCondition", "antiCondition", "gpa", "program", "ruleStudents"]),
    groupId: z.number().int().nullable(),
    title: Bilingual,
    status: z.enum(["pass", "fail", "waived"]),
    reason: Bilingual,
  })),
}).openapi("BookEligibility");

// ---- professors ----

export const ProfessorBody = z.strictObject({
  prof_id: z.union([z.number(), z.string().max(20)]).nullable(),
  price: NumberLike.nullable().optional(),
  additionalPay: z.boolean().optional(),
  additionalPayTime: NumberLike.nullable().optional(),
  additionalPayPrice: NumberLike.nullable().optional(),
  hasFreeTime: z.boolean().optional(),
  freeTime: NumberLike.nullable().optional(),
}).openapi("BookProfessorInput");

export const BookProfessor = z.object({
  id: z.number().int(),
  prof_id: z.number().int(),
  prof_name: z.string(),
  price: z.number(),
  book_id: z.number().int(),
  additionalPay: z.boolean(),
  additionalPayTime: z.number().nullable(),
  additionalPayPrice: z.number().nullable(),
  hasFreeTime: z.boolean(),
  freeTime: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).openapi("BookProfessor");

export const BookProfessorList = z.object({
  data: z.array(BookProfessor.extend({ prof_name_en: z.string() })),
}).openapi("BookProfessorList");

export const CandidateQuery = z.strictObject({ text: z.string().max(100).optional() });
export const CandidateList = z.object({
  data: z.array(
    z.object({ id: z.number().int(), name: z.string(), nameEn: z.string(), position: z.string() }),
  ),
}).openapi("ProfessorCandidates");

// ---- rule students ----

export const RuleStudentsBody = z.strictObject({ studentIds: z.string().max(STUDENT_IDS_TEXT_MAX) })
  .openapi("RuleStudentsInput");
export const RuleStudentsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export const RuleStudentsList = z.object({
  data: z.array(z.object({
    studentId: z.number().int(),
    name: z.string(),
    nameEn: z.string(),
    programId: z.number().int().nullable(),
  })),
  total: z.number().int(),
}).openapi("RuleStudents");
export const RuleStudentsAdded = z.object({
  result: z.literal("yes"),
  added: z.array(z.number().int()),
  alreadyListed: z.array(z.number().int()),
  unknown: z.array(z.string()),
}).openapi("RuleStudentsAdded");
export const RuleStudentsCleared = z.object({ result: z.literal("yes"), removed: z.number().int() });

// ---- syllabuses ----

const Syllabus = z.object({
  groupId: z.number().int(),
  fileId: z.string(),
  name: z.string(),
  kind: z.enum(["pdf", "docx"]),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.number().int().nullable(),
});

export const SyllabusList = z.object({
  data: z.array(
    z.object({ groupId: z.number().int(), seasonYear: z.string(), syllabus: Syllabus.nullable() }),
  ),
}).openapi("SyllabusList");

export const UploadQuery = z.strictObject({
  name: z.string().min(1).max(FILE_NAME_MAX * 2),
  // The generator takes a coerced number for optional (null coerces to 0); a query string always has text.
  size: z.coerce.number().int().min(0).max(SYLLABUS_MAX_BYTES * 10).openapi({ param: { required: true } }),
  offset: z.coerce.number().int().min(0).max(SYLLABUS_MAX_BYTES).openapi({ param: { required: true } }),
  uploadId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/).optional(),
});

export const UploadProgress = z.object({
  status: z.enum(["progress", "finished"]),
  uploadId: z.string(),
  received: z.number().int(),
  size: z.number().int(),
  syllabus: Syllabus.optional(),
}).openapi("SyllabusUploadProgress");

// ---- components ----

export const ComponentsBody = z.strictObject({
  items: z.array(z.strictObject({
    nameKa: z.string().max(COMPONENT_NAME_MAX * 2),
    nameEn: z.string().max(COMPONENT_NAME_MAX * 2),
    weight: NumberLike.nullable(),
    minScore: NumberLike.nullable().optional(),
  })).max(MAX_COMPONENTS * 5),
}).openapi("BookComponentsInput");

export const ComponentList = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    nameKa: z.string(),
    nameEn: z.string(),
    weight: z.number(),
    minScore: z.number(),
  })),
}).openapi("BookComponents");

// ---- logs ----

export const BookLog = z.object({
  data: z.array(z.object({
    id: z.string(),
    at: z.string(),
    actor: z.union([z.number(), z.string()]).nullable(),
    actorName: z.string().nullable(),
    action: z.enum(["create", "update", "remove"]),
    source: z.string(),
    what: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })),
}).openapi("BookLog");
