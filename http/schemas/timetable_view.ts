/** Request and response shapes of the weekly timetable (professorTimetable) and the course evaluation (votes). */
import { z } from "@hono/zod-openapi";
import { LESSON_TYPES } from "../../services/timetable/rules.ts";
import type { LessonType } from "../../services/academic/model.ts";
import { CRITERIA } from "../../services/votes/criteria.ts";
import { IdText } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ example: "2026-11-16" });

export const TimetableQuery = z.strictObject({
  dates: z.array(IsoDate).min(1).max(7).openapi({
    description: "The displayed days (YYYY-MM-DD), 1–7 of them",
    example: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"],
  }),
  groupId: Id,
  professorHrId: Id.optional().openapi({ description: "Another professor's lessons (menu.table.all only)" }),
  auditoriumId: Id.optional().openapi({ description: "A room's lessons (menu.table.all only)" }),
  programId: Id.optional().openapi({ description: "A program's lessons (menu.table.all only)" }),
}).openapi("TimetableQuery");

/** SPEC §3 Timetable entry, with the date it falls on (and, beyond the spec, its length and the "now" mark). */
export const TimetableLesson = z.object({
  data: z.object({
    id: z.number().int(),
    h: z.number().int().openapi({ description: "Start hour, 0–23" }),
    m: z.number().int().openapi({ description: "Start minute" }),
    duration: z.number().int().openapi({ description: "Minutes" }),
    auditorium: z.object({ name: z.string() }),
  }),
  item: z.object({
    book: z.object({
      name: z.string().openapi({ description: "In the request's language" }),
      description: z.string(),
    }),
    isMinimized: z.boolean(),
  }),
  type: z.enum(LESSON_TYPES as [LessonType, ...LessonType[]]),
  date: z.string().openapi({ description: "YYYY-MM-DD" }),
  isNow: z.boolean().openapi({ description: "Running at `time`" }),
}).openapi("TimetableLesson");

export const TimetableAnswer = z.object({
  result: z.literal("yes"),
  time: z.string().openapi({ description: "The server's now, ISO 8601" }),
  data: z.array(TimetableLesson),
}).openapi("Timetable");

const ScoreFields = Object.fromEntries(
  CRITERIA.map((id) => [id, z.number().int().min(0).max(4).optional()]),
) as Record<string, z.ZodOptional<z.ZodNumber>>;

export const VoteBody = z.strictObject({
  bookId: Id,
  // Every criterion is required; the service names each missing one (422 with one field error per criterion).
  scores: z.strictObject(ScoreFields).openapi({
    description: `A score 0–4 for each of: ${CRITERIA.join(", ")}`,
  }),
}).openapi("VoteInput");

export const VoteResultsQuery = z.strictObject({
  bookId: IdText,
  groupId: IdText.optional().openapi({ description: "Evaluation period; the current one by default" }),
});

export const VoteResultsAnswer = z.object({
  groupId: z.number().int(),
  bookId: z.number().int(),
  count: z.number().int(),
  averages: z.array(z.object({ id: z.string(), average: z.number().nullable() })),
}).openapi("VoteResults");
