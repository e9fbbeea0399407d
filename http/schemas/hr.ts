/** Request and response shapes of the personnel (HR) operations. */
import { z } from "@hono/zod-openapi";
import {
  EMAIL_MAX,
  isEmail,
  isGeorgianName,
  isLatinName,
  isPhone,
  NAME_MAX,
  POSITION_MAX,
} from "../../services/hr/mod.ts";
import { IdText, Versionstamp } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Kind = z.enum(["academic", "administrative"]);
// The service checks all of this again (and that the school and account exist), with the same field errors.
const Name = z.string().trim().min(1).max(NAME_MAX);
const GeorgianName = Name.refine(isGeorgianName, "errors.georgianLetters");
const LatinName = Name.refine(isLatinName, "errors.latinLetters");

const HrFields = {
  kind: Kind,
  firstNameKa: GeorgianName.openapi({ example: "ნინო" }),
  lastNameKa: GeorgianName.openapi({ example: "ბერიძე" }),
  firstNameEn: LatinName.openapi({ example: "Nino" }),
  lastNameEn: LatinName.openapi({ example: "Beridze" }),
  position: z.string().trim().min(1).max(POSITION_MAX),
  schoolId: Id.nullable().default(null),
  email: z.string().trim().min(1).max(EMAIL_MAX).refine(isEmail, "errors.email"),
  phone: z.string().max(30).refine(isPhone, "errors.phone").default("")
    .openapi({ example: "+995599123456", description: "+995 and 9 digits, or empty" }),
  userId: Id.nullable().default(null).openapi({ description: "The person's sign-in account, if any" }),
};

export const HrBody = z.strictObject(HrFields).openapi("HrInput");
export const HrEditBody = z.strictObject({ ...HrFields, versionstamp: Versionstamp }).openapi("HrEdit");

export const HrListQuery = z.strictObject({
  kind: Kind.optional(),
  text: z.string().max(100).optional(),
  schoolId: IdText.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const HrPerson = z.object({
  id: z.number().int(),
  kind: Kind,
  firstNameKa: z.string(),
  lastNameKa: z.string(),
  firstNameEn: z.string(),
  lastNameEn: z.string(),
  position: z.string(),
  schoolId: z.number().int().nullable(),
  email: z.string(),
  phone: z.string().optional()
    .openapi({
      description: "Personal data: only with menu.personalInfo.view.phone, or on one's own record",
    }),
  userId: z.number().int().nullable(),
  versionstamp: z.string(),
}).openapi("HrPerson");

export const HrList = z.object({ data: z.array(HrPerson), total: z.number().int() }).openapi("HrList");
