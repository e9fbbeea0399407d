/**
 * A course's conditions (API.md "Courses (books)": bookConditionsGet, gpaLimitSet, conditionGroupAdd,
 * conditionGroupEdit, conditionGroupRemove, conditionAdd, conditionRemove, programRestrictionAdd,
 * programRestrictionRemove, bookEligibility).
 *
 * The group operations are declared with the conditions key; the key of the group's type and action
 * (`…conditions.equalCondition.addGroup`, `…conditions.antiCondition.removeBook` …) is checked as well, once the
 * group's type is known (it is in the body, or it is the stored group's), and its absence answers 403.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  BookConditions,
  BookLog,
  BookParam,
  ConditionLogQuery,
  Eligibility,
  EligibilityQuery,
  GpaBody,
  GroupAddBody,
  GroupEditBody,
  GroupParam,
  MemberParam,
  ProgramBody,
  ProgramOptions,
  ProgramParam,
} from "../../http/schemas/book_dialogs.ts";
import {
  addCondition,
  addConditionGroup,
  addProgramRestriction,
  type ConditionAuthorizer,
  editConditionGroup,
  removeCondition,
  removeConditionGroup,
  removeProgramRestriction,
  setGpaLimit,
} from "../../services/books/conditions.ts";
import { bookConditionsView } from "../../services/books/conditions_view.ts";
import { bookEligibility } from "../../services/books/eligibility_check.ts";
import { dialogLog } from "../../services/books/log.ts";
import { forbidden } from "../../utils/errors.ts";
import { listAllPrograms } from "../../services/structure/mod.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const CONDITIONS = "menu.learningProcesses.learningCourses.conditions";

/** The caller's keys of each group type: equal conditions are `condition` groups, anti-conditions the others. */
const authorizer = (c: Context): ConditionAuthorizer => (type, action) =>
  stateOf(c).auth.can(`${CONDITIONS}.${type === "condition" ? "equalCondition" : "antiCondition"}.${action}`);

const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const changed = {
  200: { description: "the course's conditions after the change", content: json(BookConditions) },
};

export const conditionProgramOptionsRoute = apiRoute({
  method: "get",
  path: "/program-options",
  operationId: "conditionProgramOptions",
  permission: `${CONDITIONS}.program.add`,
  summary: "Every educational program (id, code, names), for the program restriction's add form",
  responses: { 200: { description: "ok", content: json(ProgramOptions) } },
});

router.openapi(
  conditionProgramOptionsRoute,
  async (c) => {
    const data = (await listAllPrograms()).map(({ id, code, nameKa, nameEn, status }) => ({
      id,
      code,
      nameKa,
      nameEn,
      status,
    }));
    return c.json({ data }, 200);
  },
);

export const bookConditionsGetRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "bookConditionsGet",
  permission: CONDITIONS,
  summary:
    "A course's condition groups with their courses, program restrictions, GPA limit and conditionStatus",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: json(BookConditions) } },
});

router.openapi(
  bookConditionsGetRoute,
  async (c) => c.json(await bookConditionsView(c.req.valid("param").bookId), 200),
);

export const gpaLimitSetRoute = apiRoute({
  method: "put",
  path: "/{bookId}/gpa",
  operationId: "gpaLimitSet",
  permission: `${CONDITIONS}.gpa.edit`,
  summary: "Sets the course's GPA limit (0–4, two decimals); null or empty removes it",
  request: { params: BookParam, ...body(GpaBody) },
  responses: changed,
});

router.openapi(
  gpaLimitSetRoute,
  async (c) => {
    const { bookId } = c.req.valid("param");
    await setGpaLimit(bookId, c.req.valid("json").gpaLimit, actorOf(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const conditionGroupAddRoute = apiRoute({
  method: "post",
  path: "/{bookId}/groups",
  operationId: "conditionGroupAdd",
  permission: CONDITIONS,
  summary: "Adds a condition group (type condition or nonCondition; name required, limit numeric). " +
    "Also needs …conditions.equalCondition.addGroup or …antiCondition.addGroup",
  request: { params: BookParam, ...body(GroupAddBody) },
  responses: changed,
});

router.openapi(
  conditionGroupAddRoute,
  async (c) => {
    const { bookId } = c.req.valid("param");
    await addConditionGroup(bookId, c.req.valid("json"), actorOf(c), authorizer(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const conditionGroupEditRoute = apiRoute({
  method: "put",
  path: "/{bookId}/groups/{groupId}",
  operationId: "conditionGroupEdit",
  permission: CONDITIONS,
  summary: "Renames a condition group or changes its limit. Also needs the type's editGroup key",
  request: { params: GroupParam, ...body(GroupEditBody) },
  responses: changed,
});

router.openapi(
  conditionGroupEditRoute,
  async (c) => {
    const { bookId, groupId } = c.req.valid("param");
    await editConditionGroup(bookId, groupId, c.req.valid("json"), actorOf(c), authorizer(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const conditionGroupRemoveRoute = apiRoute({
  method: "delete",
  path: "/{bookId}/groups/{groupId}",
  operationId: "conditionGroupRemove",
  permission: CONDITIONS,
  summary: "Removes a condition group with its courses. Also needs the type's removeGroup key",
  request: { params: GroupParam },
  responses: changed,
});

router.openapi(
  conditionGroupRemoveRoute,
  async (c) => {
    const { bookId, groupId } = c.req.valid("param");
    await removeConditionGroup(bookId, groupId, actorOf(c), authorizer(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const conditionAddRoute = apiRoute({
  method: "post",
  path: "/{bookId}/groups/{groupId}/members/{memberId}",
  operationId: "conditionAdd",
  permission: CONDITIONS,
  summary: "Adds the course memberId to a condition group. Also needs the type's addBook key",
  request: { params: MemberParam },
  responses: changed,
});

router.openapi(
  conditionAddRoute,
  async (c) => {
    const { bookId, groupId, memberId } = c.req.valid("param");
    await addCondition(bookId, groupId, memberId, actorOf(c), authorizer(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const conditionRemoveRoute = apiRoute({
  method: "delete",
  path: "/{bookId}/groups/{groupId}/members/{memberId}",
  operationId: "conditionRemove",
  permission: CONDITIONS,
  summary: "Removes a course from a condition group. Also needs the type's removeBook key",
  request: { params: MemberParam },
  responses: changed,
});

router.openapi(
  conditionRemoveRoute,
  async (c) => {
    const { bookId, groupId, memberId } = c.req.valid("param");
    await removeCondition(bookId, groupId, memberId, actorOf(c), authorizer(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const programRestrictionAddRoute = apiRoute({
  method: "post",
  path: "/{bookId}/programs",
  operationId: "programRestrictionAdd",
  permission: `${CONDITIONS}.program.add`,
  summary: "Restricts the course to one more educational program",
  request: { params: BookParam, ...body(ProgramBody) },
  responses: changed,
});

router.openapi(
  programRestrictionAddRoute,
  async (c) => {
    const { bookId } = c.req.valid("param");
    await addProgramRestriction(bookId, c.req.valid("json").programId, actorOf(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const programRestrictionRemoveRoute = apiRoute({
  method: "delete",
  path: "/{bookId}/programs/{programId}",
  operationId: "programRestrictionRemove",
  permission: `${CONDITIONS}.program.remove`,
  summary: "Removes a program from the course's restriction",
  request: { params: ProgramParam },
  responses: changed,
});

router.openapi(
  programRestrictionRemoveRoute,
  async (c) => {
    const { bookId, programId } = c.req.valid("param");
    await removeProgramRestriction(bookId, programId, actorOf(c));
    return c.json(await bookConditionsView(bookId), 200);
  },
);

export const bookEligibilityRoute = apiRoute({
  method: "get",
  path: "/{bookId}/eligibility",
  operationId: "bookEligibility",
  permission: CONDITIONS,
  summary: "Evaluates every condition of the course for a student: pass, fail or waived per rule, with the " +
    "reason in Georgian and English",
  request: { params: BookParam, query: EligibilityQuery },
  responses: { 200: { description: "ok", content: json(Eligibility) } },
});

router.openapi(
  bookEligibilityRoute,
  async (c) =>
    c.json(await bookEligibility(c.req.valid("param").bookId, c.req.valid("query").studentId), 200),
);

export const conditionLogRoute = apiRoute({
  method: "get",
  path: "/{bookId}/log",
  operationId: "conditionLog",
  permission: CONDITIONS,
  summary: "Changes of the course's condition groups of one type, newest first. Also needs " +
    "…conditions.equalCondition.logs (type condition) or …antiCondition.logs (nonCondition)",
  request: { params: BookParam, query: ConditionLogQuery },
  responses: { 200: { description: "ok", content: json(BookLog) } },
});

router.openapi(
  conditionLogRoute,
  async (c) => {
    const { type } = c.req.valid("query");
    if (!authorizer(c)(type, "logs")) throw forbidden();
    const entries = await dialogLog("book_conditions", c.req.valid("param").bookId, stateOf(c).lang);
    return c.json({ data: entries.filter((e) => groupTypeOf(e.before ?? e.after) === type) }, 200);
  },
);

/** The group type an audit entry of the conditions is about (none for the GPA and program entries). */
const groupTypeOf = (value: unknown) => (value as { type?: string } | null)?.type;

export default router;
