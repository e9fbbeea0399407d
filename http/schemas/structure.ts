/** Request and response shapes of the structure operations (schools and programs), for routers and OpenAPI. */
import { z } from "@hono/zod-openapi";
import { LEVELS } from "../../services/academic/model.ts";
import {
  CODE_MAX,
  CODE_PATTERN,
  CREDITS_MAX,
  CREDITS_MIN,
  NAME_MAX,
  PROGRAM_STATUSES,
  TEACHING_LANGUAGES,
} from "../../services/structure/rules.ts";
import { literalOf } from "./literal.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Ids in paths and query strings arrive as text. */
const IdText = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const IdParam = z.object({ id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }) });

/** KV versionstamps are 20 hex digits; anything else cannot match and is bad input. */
const Versionstamp = z.string().regex(/^[0-9a-f]{20}$/);

const Name = z.string().trim().min(1).max(NAME_MAX);
const Code = z.string().trim().min(1).max(CODE_MAX).regex(CODE_PATTERN);
const Level = literalOf(LEVELS);

const ListPaging = {
  text: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
};

export const SchoolListQuery = z.strictObject(ListPaging);

export const ProgramListQuery = z.strictObject({
  ...ListPaging,
  schoolId: IdText.optional(),
  level: z.coerce.number().pipe(Level).optional(),
  status: z.enum(PROGRAM_STATUSES).optional(),
});

const SchoolFields = {
  nameKa: Name,
  nameEn: Name,
  code: Code,
  deanHrId: Id.nullable(),
};

const ProgramFields = {
  nameKa: Name,
  nameEn: Name,
  code: Code,
  schoolId: Id,
  level: Level,
  credits: z.number().int().min(CREDITS_MIN).max(CREDITS_MAX),
  language: z.enum(TEACHING_LANGUAGES),
  status: z.enum(PROGRAM_STATUSES),
};

export const SchoolBody = z.strictObject(SchoolFields).openapi("SchoolInput");
export const SchoolEditBody = z.strictObject({ ...SchoolFields, versionstamp: Versionstamp })
  .openapi("SchoolEdit");
export const ProgramBody = z.strictObject(ProgramFields).openapi("ProgramInput");
export const ProgramEditBody = z.strictObject({ ...ProgramFields, versionstamp: Versionstamp })
  .openapi("ProgramEdit");

/** A removal names the version the person saw, so that a record changed meanwhile is not removed blindly. */
export const RemoveQuery = z.strictObject({ versionstamp: Versionstamp });

export const School = z.object({
  id: z.number().int(),
  nameKa: z.string(),
  nameEn: z.string(),
  code: z.string(),
  deanHrId: z.number().int().nullable(),
  versionstamp: z.string(),
}).openapi("School");

export const SchoolRow = School.extend({
  deanNameKa: z.string().nullable(),
  deanNameEn: z.string().nullable(),
  programCount: z.number().int(),
}).openapi("SchoolRow");

export const Program = z.object({
  id: z.number().int(),
  nameKa: z.string(),
  nameEn: z.string(),
  code: z.string(),
  schoolId: z.number().int(),
  level: z.number().int(),
  credits: z.number().int(),
  language: z.enum(TEACHING_LANGUAGES),
  status: z.enum(PROGRAM_STATUSES),
  versionstamp: z.string(),
}).openapi("Program");

export const ProgramRow = Program.extend({
  schoolCode: z.string(),
  schoolNameKa: z.string(),
  schoolNameEn: z.string(),
}).openapi("ProgramRow");

export const SchoolList = z.object({ data: z.array(SchoolRow), total: z.number().int() });
export const ProgramList = z.object({ data: z.array(ProgramRow), total: z.number().int() });

export const HistoryList = z.object({
  data: z.array(z.object({
    id: z.string(),
    at: z.string(),
    actor: z.union([z.number(), z.string()]).nullable(),
    actorName: z.string().nullable(),
    action: z.enum(["create", "update", "remove"]),
    before: z.unknown(),
    after: z.unknown(),
  })),
}).openapi("RecordHistory");
