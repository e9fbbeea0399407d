/**
 * A course's rule students (API.md "Courses (books)": ruleStudentsGet, ruleStudentsAdd, ruleStudentsClear):
 * students listed for the course, exempt from its prerequisites (services/books/eligibility.ts).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  BookParam,
  RuleStudentsAdded,
  RuleStudentsBody,
  RuleStudentsCleared,
  RuleStudentsList,
  RuleStudentsQuery,
} from "../../http/schemas/book_dialogs.ts";
import { addRuleStudents, clearRuleStudents, listRuleStudents } from "../../services/books/rule_students.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const RULE_STUDENTS = "menu.learningProcesses.learningCourses.ruleStudents";
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

export const ruleStudentsGetRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "ruleStudentsGet",
  permission: RULE_STUDENTS,
  summary: "The course's rule students by id, one page of them (default 50), with their names",
  request: { params: BookParam, query: RuleStudentsQuery },
  responses: { 200: { description: "ok", content: json(RuleStudentsList) } },
});

router.openapi(
  ruleStudentsGetRoute,
  async (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(await listRuleStudents(c.req.valid("param").bookId, page, limit), 200);
  },
);

export const ruleStudentsAddRoute = apiRoute({
  method: "post",
  path: "/{bookId}",
  operationId: "ruleStudentsAdd",
  permission: RULE_STUDENTS,
  summary: "Adds the students whose ids the text names (separated by spaces, commas or new lines); unknown " +
    "ids are reported, and a text naming no known student is refused",
  request: { params: BookParam, body: { required: true, content: json(RuleStudentsBody) } },
  responses: { 200: { description: "added", content: json(RuleStudentsAdded) } },
});

router.openapi(
  ruleStudentsAddRoute,
  async (c) =>
    c.json(
      await addRuleStudents(c.req.valid("param").bookId, c.req.valid("json").studentIds, actorOf(c)),
      200,
    ),
);

export const ruleStudentsClearRoute = apiRoute({
  method: "delete",
  path: "/{bookId}",
  operationId: "ruleStudentsClear",
  permission: RULE_STUDENTS,
  summary: "Empties the course's rule-students list",
  request: { params: BookParam },
  responses: { 200: { description: "cleared", content: json(RuleStudentsCleared) } },
});

router.openapi(
  ruleStudentsClearRoute,
  async (c) => c.json(await clearRuleStudents(c.req.valid("param").bookId, actorOf(c)), 200),
);

export default router;
