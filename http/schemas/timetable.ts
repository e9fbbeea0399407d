/** Request and response shapes of semesters (registration groups), rooms and timetable entries. */
import { z } from "@hono/zod-openapi";
import { AUDITORIUM_NAME_MAX, BUILDING_MAX, CAPACITY_MAX } from "../../services/timetable/auditoriums.ts";
import { COMMENT_MAX, SEASON_YEAR_MAX } from "../../services/academic/semesters.ts";
import {
  clock,
  DAY_END,
  FIRST_HOUR,
  LAST_START_HOUR,
  LESSON_TYPES,
  MAX_DURATION,
  MIN_DURATION,
} from "../../services/timetable/rules.ts";
import type { LessonType } from "../../services/academic/model.ts";
import { literalOf } from "./literal.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Ids in paths and query strings arrive as text. */
export const IdText = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const IdParam = z.object({ id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }) });
/** KV versionstamps are 20 hex digits; anything else cannot match and is bad input. */
export const Versionstamp = z.string().regex(/^[0-9a-f]{20}$/);
/** A removal names the version the person saw, so that a record changed meanwhile is not removed blindly. */
export const RemoveQuery = z.strictObject({ versionstamp: Versionstamp });

const IsoDate = z.string().trim().min(1).max(10).openapi({
  example: "2026-09-15",
  description: "YYYY-MM-DD",
});

const GroupFields = {
  seasonYear: z.string().trim().min(1).max(SEASON_YEAR_MAX).openapi({ example: "2026-2027 autumn" }),
  comment: z.string().trim().max(COMMENT_MAX).default(""),
  startDate: IsoDate,
  endDate: IsoDate,
};
export const GroupBody = z.strictObject(GroupFields).openapi("RegistrationGroupInput");
export const GroupEditBody = z.strictObject({ ...GroupFields, versionstamp: Versionstamp })
  .openapi("RegistrationGroupEdit");
export const Group = z.object({
  id: z.number().int(),
  seasonYear: z.string(),
  comment: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  versionstamp: z.string(),
}).openapi("RegistrationGroup");
export const GroupList = z.object({ data: z.array(Group) }).openapi("RegistrationGroupList");

const AuditoriumFields = {
  name: z.string().trim().min(1).max(AUDITORIUM_NAME_MAX),
  building: z.string().trim().min(1).max(BUILDING_MAX),
  capacity: z.number().int().min(1).max(CAPACITY_MAX),
};
export const AuditoriumBody = z.strictObject(AuditoriumFields).openapi("AuditoriumInput");
export const AuditoriumEditBody = z.strictObject({ ...AuditoriumFields, versionstamp: Versionstamp })
  .openapi("AuditoriumEdit");
export const Auditorium = z.object({
  id: z.number().int(),
  name: z.string(),
  building: z.string(),
  capacity: z.number().int(),
  versionstamp: z.string(),
}).openapi("Auditorium");
export const AuditoriumList = z.object({ data: z.array(Auditorium) }).openapi("AuditoriumList");

const Weekday = literalOf([1, 2, 3, 4, 5, 6]);
const Type = z.enum(LESSON_TYPES as [LessonType, ...LessonType[]]);
// The service's ranges (services/timetable/rules.ts), so the document publishes what is accepted; the service
// checks them too (with the end of the day), so both paths give the same field errors.
const EntryFields = {
  bookId: Id,
  professorHrId: Id,
  groupId: Id,
  weekday: Weekday,
  hour: z.number().int().min(FIRST_HOUR).max(LAST_START_HOUR),
  minute: z.number().int().min(0).max(59),
  duration: z.number().int().min(MIN_DURATION).max(MAX_DURATION).openapi({
    description: `Minutes; the lesson ends by ${clock(DAY_END)}.`,
  }),
  type: Type,
  auditoriumId: Id,
};
export const EntryBody = z.strictObject(EntryFields).openapi("TimetableEntryInput");
export const EntryEditBody = z.strictObject({ ...EntryFields, versionstamp: Versionstamp })
  .openapi("TimetableEntryEdit");
export const Entry = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  professorHrId: z.number().int(),
  groupId: z.number().int(),
  weekday: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  duration: z.number().int(),
  type: Type,
  auditoriumId: z.number().int(),
  versionstamp: z.string(),
}).openapi("TimetableEntry");
export const EntryList = z.object({ data: z.array(Entry) }).openapi("TimetableEntryList");
export const EntryListQuery = z.strictObject({
  groupId: IdText.optional(),
  professorHrId: IdText.optional(),
  auditoriumId: IdText.optional(),
});
