/**
 * Course evaluations (the vote form of SPEC §2.7): students submit one anonymous response per course and
 * period (services/votes/mod.ts); holders of menu.table.votes read the averages per criterion.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import { VoteBody, VoteResultsAnswer, VoteResultsQuery } from "../../http/schemas/timetable_view.ts";
import { currentPeriod, submitVote, voteResults } from "../../services/votes/mod.ts";
import { invalid } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;

export const voteSubmitRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "voteSubmit",
  errors: [403, 409],
  permission: "session",
  summary: "A student's evaluation of a course they attend this period: every criterion scored 0–4 (each " +
    "missing one → 422); not a student → 403; a second response for the course and period → 409",
  request: { body: { required: true, content: { "application/json": { schema: VoteBody } } } },
  responses: { 201: { description: "stored", content: { "application/json": { schema: Ok } } } },
});

router.openapi(
  voteSubmitRoute,
  async (c) => {
    const { bookId, scores } = c.req.valid("json");
    const { user, permissions } = stateOf(c).identity!;
    await submitVote({ user, canAll: permissions.has("menu.table.all") }, bookId, scores);
    return c.json({ result: "yes" as const }, 201);
  },
);

export const voteResultsRoute = apiRoute({
  method: "get",
  path: "/results",
  operationId: "voteResults",
  permission: "menu.table.votes",
  summary: "A course's average score per criterion and its number of responses in a period",
  request: { query: VoteResultsQuery },
  responses: {
    200: { description: "ok", content: { "application/json": { schema: VoteResultsAnswer } } },
  },
});

router.openapi(
  voteResultsRoute,
  async (c) => {
    const query = c.req.valid("query");
    const groupId = query.groupId ?? (await currentPeriod())?.id;
    if (groupId === undefined) throw invalid({ groupId: { key: "errors.unknownGroup" } });
    return c.json(await voteResults(groupId, query.bookId), 200);
  },
);

export default router;
