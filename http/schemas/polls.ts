/** Request and response shapes of polls (API.md "Communication": pollList … pollExport). */
import { z } from "@hono/zod-openapi";
import { LIMITS, POLL_STATUSES, QUESTION_KINDS, SCALE_MAX } from "../../services/polls/model.ts";
import { Versionstamp } from "./timetable.ts";

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max);
const Instant = z.string().max(40).openapi({
  example: "2026-12-01T09:00:00+04:00",
  description: "ISO instant",
});

const Option = z.strictObject({ text: text(LIMITS.optionText), textEn: text(LIMITS.optionText) })
  .openapi("PollOption");

const QuestionInput = z.strictObject({
  kind: z.enum(QUESTION_KINDS),
  text: text(LIMITS.questionText),
  textEn: text(LIMITS.questionText),
  required: z.boolean().default(false),
  options: z.array(Option).max(LIMITS.options).default([]),
}).openapi("PollQuestionInput");

const Question = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  textEn: z.string(),
  required: z.boolean(),
  options: z.array(Option),
}).openapi("PollQuestion");

export const Audience = z.strictObject({
  guards: z.array(z.enum(["user", "prof", "custom"])).max(3).default([]).openapi({
    description: "Roles asked: user (students), prof (academic staff), custom (administrative staff)",
  }),
  schoolIds: z.array(Id).max(LIMITS.audienceValues).default([]),
  programIds: z.array(Id).max(LIMITS.audienceValues).default([]),
  admissionYears: z.array(z.number().int().min(1900).max(2200)).max(LIMITS.audienceValues).default([]),
  sectionIds: z.array(z.string().max(40).regex(/^\d{1,9}-\d{1,9}-\d{1,9}$/)).max(LIMITS.audienceValues)
    .default([]),
  userIds: z.array(Id).max(LIMITS.audienceIds).default([]).openapi({ description: "A list of people" }),
}).openapi("PollAudience");

export const PollBody = z.strictObject({
  title: text(LIMITS.title),
  titleEn: text(LIMITS.title),
  description: text(LIMITS.description).default(""),
  questions: z.array(QuestionInput).max(LIMITS.questions),
  audience: Audience,
  opensAt: Instant,
  closesAt: Instant,
  anonymous: z.boolean().default(false),
  editable: z.boolean().default(false),
}).openapi("PollInput");

export const PollEditBody = PollBody.extend({ versionstamp: Versionstamp.optional() }).openapi(
  "PollEditInput",
);

export const Poll = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  description: z.string(),
  questions: z.array(Question),
  audience: z.object({
    guards: z.array(z.string()),
    schoolIds: z.array(z.number().int()),
    programIds: z.array(z.number().int()),
    admissionYears: z.array(z.number().int()),
    sectionIds: z.array(z.string()),
    userIds: z.array(z.number().int()),
  }),
  opensAt: z.string(),
  closesAt: z.string(),
  anonymous: z.boolean(),
  editable: z.boolean(),
  status: z.enum(POLL_STATUSES),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  audienceSize: z.number().int(),
}).openapi("Poll");

export const PollAnswer = z.object({ poll: Poll, versionstamp: z.string() }).openapi("PollWithVersion");
export const PollList = z.object({ data: z.array(Poll), total: z.number().int() }).openapi("PollList");
export const PollListQuery = z.strictObject({ status: z.enum(POLL_STATUSES).optional() });

const AnswerValue = z.union([
  z.number().int().min(0).max(Math.max(LIMITS.options, SCALE_MAX)),
  z.array(z.number().int().min(0).max(LIMITS.options)).max(LIMITS.options),
  z.string().max(LIMITS.textAnswer),
]);
export const AnswerBody = z.strictObject({
  answers: z.record(z.string().max(10), AnswerValue).refine(
    (a) => Object.keys(a).length <= LIMITS.questions,
    {
      message: "too many answers",
    },
  ),
}).openapi("PollAnswerInput");

export const AnswerResult = z.object({ result: z.literal("yes"), edited: z.boolean() }).openapi(
  "PollAnswerResult",
);

export const MinePoll = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  closesAt: z.string(),
  anonymous: z.boolean(),
  editable: z.boolean(),
  answered: z.boolean(),
}).openapi("PollMine");
export const MineList = z.object({ data: z.array(MinePoll), total: z.number().int() }).openapi(
  "PollMineList",
);

export const MyResponse = z.object({
  answers: z.record(z.string(), AnswerValue).nullable(),
  answered: z.boolean(),
}).openapi("PollMyResponse");

export const Results = z.object({
  pollId: z.number().int(),
  title: z.string(),
  status: z.enum(POLL_STATUSES),
  anonymous: z.boolean(),
  audienceSize: z.number().int(),
  responses: z.number().int(),
  rate: z.number(),
  questions: z.array(z.object({
    id: z.string(),
    kind: z.enum(QUESTION_KINDS),
    text: z.string(),
    answered: z.number().int(),
    counts: z.array(z.object({ label: z.string(), count: z.number().int() })),
    mean: z.number().nullable(),
    texts: z.array(z.string()),
  })),
}).openapi("PollResults");

export const AudiencePreview = z.object({ people: z.number().int(), students: z.number().int() })
  .openapi("PollAudiencePreview");
