/** Request and response shapes of course lists, grades and the component types catalogue. */
import { z } from "@hono/zod-openapi";
import {
  ATTENDANCE_STATES,
  type AttendanceState,
  COMPONENT_TYPE_NAME_MAX,
  UNLOCK_REASON_MAX,
} from "../../services/lists/model.ts";
import { SectionIdText } from "./registration.ts";
import { IdText, Versionstamp } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const ListSectionParam = z.object({
  sectionId: SectionIdText.openapi({ param: { name: "sectionId", in: "path" } }),
});

export const ListMineQuery = z.strictObject({
  groupId: IdText.optional().openapi({ description: "the semester; default: the one running today" }),
  text: z.string().trim().max(100).optional(),
  professorHrId: IdText.optional().openapi({ description: "staff: only this professor's sections" }),
  schoolId: IdText.optional().openapi({
    description:
      "only sections of this school: its professor's, or its course restricted to the school's programs",
  }),
  programId: IdText.optional().openapi({
    description:
      "only sections of this program: its course restricted to it, or open to all and taught in its school",
  }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

const Group = z.object({ id: z.number().int(), label: z.string() });

export const ListPage = z.object({
  groupId: z.number().int().nullable(),
  groups: z.array(Group),
  data: z.array(z.object({
    sectionId: z.string(),
    course: z.string(),
    code: z.string(),
    credits: z.number(),
    professor: z.string(),
    students: z.number().int(),
    status: z.enum(["open", "submitted"]),
    round: z.number().int(),
  })),
  total: z.number().int(),
}).openapi("ListPage");

export const Sheet = z.object({
  sectionId: z.string(),
  groupId: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), code: z.string(), credits: z.number() }),
  professor: z.string(),
  status: z.enum(["open", "submitted"]),
  round: z.number().int(),
  submittedAt: z.string().nullable(),
  unlockReason: z.string().nullable(),
  editable: z.boolean(),
  components: z.array(
    z.object({ id: z.number().int(), name: z.string(), max: z.number(), minScore: z.number() }),
  ),
  students: z.array(z.object({
    studentId: z.number().int(),
    name: z.string(),
    personalNumber: z.string(),
    cells: z.array(z.object({ points: z.number().nullable(), versionstamp: z.string().nullable() })),
    total: z.number(),
    grade: z.string(),
    belowMinimum: z.array(z.number().int()),
    absences: z.number().int(),
    late: z.number().int(),
    absenceShare: z.number(),
    overLimit: z.boolean(),
    published: z.string().nullable(),
  })),
  dates: z.array(z.string()),
  absenceLimit: z.number(),
}).openapi("ListSheet");

export const PointsBody = z.strictObject({
  studentId: Id,
  componentId: z.number().int().min(1).max(100),
  points: z.number().finite().nullable().openapi({ description: "0 … the component's maximum; null clears" }),
  versionstamp: Versionstamp.nullable().openapi({
    description: "the cell's versionstamp as shown (null: never saved); a stale one answers 409 `stale_cell`",
  }),
}).openapi("ListPointsInput");

export const SavedCell = z.object({
  points: z.number().nullable(),
  versionstamp: z.string().nullable(),
  total: z.number(),
  grade: z.string(),
  asOf: z.string().openapi({
    description: "the newest versionstamp among the cells the total was read from",
  }),
}).openapi("ListCell");

export const AttendanceBody = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({
    example: "2026-11-16",
    description: "a lesson date",
  }),
  studentId: Id,
  state: z.enum(ATTENDANCE_STATES as [AttendanceState, ...AttendanceState[]]).nullable()
    .openapi({ description: "null clears the mark" }),
}).openapi("AttendanceInput");

export const AttendanceDay = z.object({
  date: z.string(),
  marks: z.record(z.string(), z.enum(ATTENDANCE_STATES as [AttendanceState, ...AttendanceState[]])),
}).openapi("AttendanceDay");

export const SubmitResult = z.object({
  status: z.literal("submitted"),
  round: z.number().int(),
  published: z.number().int(),
  students: z.number().int(),
}).openapi("ListSubmitResult");

export const UnlockBody = z.strictObject({ reason: z.string().trim().min(1).max(UNLOCK_REASON_MAX) })
  .openapi("ListUnlockInput");

export const ListState = z.object({
  sectionId: z.string(),
  status: z.enum(["open", "submitted"]),
  round: z.number().int(),
  unlockReason: z.string().nullable(),
}).openapi("ListState");

export const GradesQuery = z.strictObject({
  groupId: IdText.optional().openapi({ description: "the semester; default: the one running today" }),
});

export const MyGrades = z.object({
  groupId: z.number().int().nullable(),
  groups: z.array(Group),
  rows: z.array(z.object({
    sectionId: z.string(),
    course: z.string(),
    code: z.string(),
    credits: z.number(),
    grade: z.string().nullable(),
    points: z.number().nullable(),
    absences: z.number().int(),
    late: z.number().int(),
    absenceShare: z.number(),
    overLimit: z.boolean(),
  })),
  gpa: z.number().nullable(),
  credits: z.number(),
}).openapi("MyGrades");

const TypeName = z.string().trim().min(1).max(COMPONENT_TYPE_NAME_MAX);
export const ComponentTypeBody = z.strictObject({ nameKa: TypeName, nameEn: TypeName }).openapi(
  "ComponentTypeInput",
);
export const ComponentTypeEditBody = ComponentTypeBody.extend({ versionstamp: Versionstamp.optional() })
  .openapi("ComponentTypeEdit");
export const ComponentType = z.object({
  id: z.number().int(),
  nameKa: z.string(),
  nameEn: z.string(),
  versionstamp: z.string().openapi({ readOnly: true }),
}).openapi("ComponentType");
export const ComponentTypeList = z.object({ data: z.array(ComponentType) }).openapi("ComponentTypeList");
export const ComponentTypeLog = z.object({
  data: z.array(z.object({
    id: z.string(),
    typeId: z.number().int(),
    actor: z.union([z.number(), z.string()]).nullable(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    at: z.string(),
  })),
}).openapi("ComponentTypeLog");

export const ImportQuery = z.strictObject({
  dryRun: z.enum(["true", "false"]).default("true").openapi({
    description: "true (the default): report what would change and what is wrong, writing nothing",
  }),
});

export const ImportReport = z.object({
  dryRun: z.boolean(),
  rows: z.array(z.object({
    row: z.number().int(),
    studentId: z.number().int().nullable(),
    changes: z.array(
      z.object({ componentId: z.number().int(), from: z.number().nullable(), to: z.number() }),
    ),
    errors: z.array(z.string()),
  })),
  changes: z.number().int(),
  wrongRows: z.number().int(),
  written: z.number().int(),
}).openapi("ListImportReport");

export const AbsenceLimitParam = z.object({
  bookId: IdText.openapi({ param: { name: "bookId", in: "path", description: "The course" }, example: 1 }),
});

export const AbsenceLimitBody = z.strictObject({
  limit: z.number().int().min(0).max(100).openapi({
    description: "Percent of the lessons a student may miss",
  }),
  versionstamp: Versionstamp.nullable().openapi({
    description: "The version read (null: the course kept the default); another one answers 409",
  }),
}).openapi("AbsenceLimitInput");

export const AbsenceLimit = z.object({
  bookId: z.number().int(),
  limit: z.number().int(),
  isDefault: z.boolean().openapi({ description: "True while the course keeps the default of 30 %" }),
  versionstamp: z.string().nullable(),
}).openapi("AbsenceLimit");
