/**
 * Polls (API.md "Communication"): staff with menu.contact.polls build, open, close and read them; anyone signed
 * in answers the open polls their audience includes (services/polls/).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { IdParam, Versionstamp } from "../../http/schemas/timetable.ts";
import {
  AnswerBody,
  AnswerResult,
  Audience,
  AudiencePreview,
  MineList,
  MyResponse,
  PollAnswer,
  PollBody,
  PollEditBody,
  PollList,
  PollListQuery,
  Results,
} from "../../http/schemas/polls.ts";
import type { AppState } from "../../http/app_state.ts";
import { resolveAudience } from "../../services/polls/audience.ts";
import { audienceIsEmpty } from "../../services/polls/rules.ts";
import { invalid } from "../../utils/errors.ts";
import { answerPoll, hasAnswered, myAnswers, pollsMine } from "../../services/polls/answers.ts";
import { pollResults, pollXlsx } from "../../services/polls/results.ts";
import {
  closePoll,
  createPoll,
  editPoll,
  listPolls,
  openPoll,
  requirePoll,
} from "../../services/polls/store.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";

export const POLLS_KEY = "menu.contact.polls";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const userOf = (c: Context) => stateOf(c).identity!.user;
const json = <S extends z.ZodType>(schema: S, status: 200 | 201 = 200) => ({
  [status]: { description: "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const VersionBody = z.strictObject({ versionstamp: Versionstamp }).openapi("PollVersion");

export const pollMineRoute = apiRoute({
  method: "get",
  path: "/mine",
  operationId: "pollMine",
  permission: "session",
  summary: "The open polls the caller is asked to answer, with whether they answered, soonest closing first",
  responses: json(MineList),
});

router.openapi(pollMineRoute, async (c) => {
  const lang = stateOf(c).lang;
  const data = (await pollsMine(userOf(c))).map(({ poll, answered }) => ({
    id: poll.id,
    title: lang === "en" ? poll.titleEn : poll.title,
    description: poll.description,
    closesAt: poll.closesAt,
    anonymous: poll.anonymous,
    editable: poll.editable,
    answered,
  }));
  return c.json({ data, total: data.length }, 200);
});

export const pollAudiencePreviewRoute = apiRoute({
  method: "post",
  path: "/audience",
  operationId: "pollAudiencePreview",
  permission: POLLS_KEY,
  summary: "How many people (with an account) and students an audience names, before a poll is opened; " +
    "an empty audience → 422",
  request: body(Audience),
  responses: json(AudiencePreview),
});

router.openapi(pollAudiencePreviewRoute, async (c) => {
  const audience = c.req.valid("json");
  if (audienceIsEmpty(audience)) throw invalid({ audience: { key: "polls.errors.noAudience" } });
  const found = await resolveAudience(audience);
  return c.json({ people: found.userIds.length, students: found.students.length }, 200);
});

export const pollListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "pollList",
  permission: POLLS_KEY,
  summary: "Every poll, newest first, optionally only drafts, open or closed ones",
  request: { query: PollListQuery },
  responses: json(PollList),
});

router.openapi(pollListRoute, async (c) => {
  const data = (await listPolls(c.req.valid("query").status)).map((r) => r.value);
  return c.json({ data, total: data.length }, 200);
});

export const pollAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "pollAdd",
  permission: POLLS_KEY,
  summary: "Creates a draft poll: titles in both languages, questions (single, multiple, scale 1–5, text), " +
    "audience, period, anonymity; an empty poll, a choice question without two options or no audience → 422",
  request: body(PollBody),
  responses: json(PollAnswer, 201),
});

router.openapi(pollAddRoute, async (c) => {
  const created = await createPoll(c.req.valid("json"), userOf(c).id);
  return c.json({ poll: created.value, versionstamp: created.versionstamp }, 201);
});

export const pollGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "pollGet",
  permission: POLLS_KEY,
  summary: "A poll with its questions and audience, and the versionstamp an edit names",
  request: { params: IdParam },
  responses: json(PollAnswer),
});

router.openapi(pollGetRoute, async (c) => {
  const poll = await requirePoll(c.req.valid("param").id);
  return c.json({ poll: poll.value, versionstamp: poll.versionstamp }, 200);
});

export const pollEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "pollEdit",
  permission: POLLS_KEY,
  errors: [409],
  summary: "Edits a draft poll (an opened one → 409 conflict); a stale versionstamp → 409",
  request: { params: IdParam, ...body(PollEditBody) },
  responses: json(PollAnswer),
});

router.openapi(pollEditRoute, async (c) => {
  const { versionstamp, ...input } = c.req.valid("json");
  const saved = await editPoll(c.req.valid("param").id, input, userOf(c).id, versionstamp);
  return c.json({ poll: saved.value, versionstamp: saved.versionstamp }, 200);
});

export const pollOpenRoute = apiRoute({
  method: "post",
  path: "/{id}/open",
  operationId: "pollOpen",
  permission: POLLS_KEY,
  errors: [409],
  summary: "Opens a draft at the versionstamp shown: its audience is counted and notified once, and sees " +
    "the poll alert during the poll's period; not a draft or stale → 409",
  request: { params: IdParam, ...body(VersionBody) },
  responses: json(PollAnswer),
});

router.openapi(pollOpenRoute, async (c) => {
  const { id } = c.req.valid("param");
  const opened = await openPoll(id, userOf(c).id, c.req.valid("json").versionstamp);
  return c.json({ poll: opened.value, versionstamp: opened.versionstamp }, 200);
});

export const pollCloseRoute = apiRoute({
  method: "post",
  path: "/{id}/close",
  operationId: "pollClose",
  permission: POLLS_KEY,
  errors: [409],
  summary: "Closes an open poll now (named by the versionstamp shown); not open → 409",
  request: { params: IdParam, ...body(VersionBody) },
  responses: json(PollAnswer),
});

router.openapi(pollCloseRoute, async (c) => {
  const { id } = c.req.valid("param");
  const closed = await closePoll(id, userOf(c).id, c.req.valid("json").versionstamp);
  return c.json({ poll: closed.value, versionstamp: closed.versionstamp }, 200);
});

export const pollMyResponseRoute = apiRoute({
  method: "get",
  path: "/{id}/response",
  operationId: "pollMyResponse",
  permission: "session",
  summary: "Whether the caller answered the poll, and their answers when the poll is named (to edit them)",
  request: { params: IdParam },
  responses: json(MyResponse),
});

router.openapi(pollMyResponseRoute, async (c) => {
  const { id } = c.req.valid("param");
  const user = userOf(c);
  const [answers, answered] = await Promise.all([myAnswers(id, user.id), hasAnswered(id, user.id)]);
  return c.json({ answers, answered }, 200);
});

export const pollAnswerRoute = apiRoute({
  method: "put",
  path: "/{id}/response",
  operationId: "pollAnswer",
  permission: "session",
  errors: [403, 409],
  summary:
    "The caller's answers (question id → option index, option indexes, 1–5 or text): once, or changed " +
    "until the poll closes when it allows; not in the audience → 403 not_in_audience; closed or already " +
    "answered → 409; a required question unanswered → 422",
  request: { params: IdParam, ...body(AnswerBody) },
  responses: json(AnswerResult),
});

router.openapi(pollAnswerRoute, async (c) => {
  const { edited } = await answerPoll(c.req.valid("param").id, userOf(c), c.req.valid("json").answers);
  return c.json({ result: "yes" as const, edited }, 200);
});

export const pollResultsRoute = apiRoute({
  method: "get",
  path: "/{id}/results",
  operationId: "pollResults",
  permission: POLLS_KEY,
  summary:
    "Response rate and per-question results: counts per choice or scale point, means, free-text answers",
  request: { params: IdParam },
  responses: json(Results),
});

router.openapi(pollResultsRoute, async (c) => {
  return c.json(await pollResults(c.req.valid("param").id, stateOf(c).lang), 200);
});

export const pollExportRoute = apiRoute({
  method: "get",
  path: "/{id}/export",
  operationId: "pollExport",
  permission: POLLS_KEY,
  summary: "Every response as .xlsx (the person's name in a named poll), headers in the request's language",
  request: { params: IdParam },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(pollExportRoute, async (c) => {
  const state = stateOf(c);
  const { id } = c.req.valid("param");
  const bytes = await pollXlsx(id, state.lang, state.t);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": XLSX_CONTENT_TYPE,
    "content-disposition": xlsxDisposition(`poll-${id}`),
    "cache-control": "no-store",
  });
});

export default router;
