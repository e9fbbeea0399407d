/**
 * The student lifecycle (API.md: studentStatusChange): withdrawal, suspension and return, graduation and
 * re-admission, each with its reason and date; and a student's history of such changes.
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { StatusChangeBody, StatusEvent, StatusHistory, StudentParam } from "../../http/schemas/admissions.ts";
import { changeStudentStatus, statusHistory } from "../../services/lifecycle/status.ts";
import { getStudent } from "../../services/students/mod.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";
import type { Context } from "hono";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

export const studentStatusHistoryRoute = apiRoute({
  method: "get",
  path: "/{studentId}",
  operationId: "studentStatusHistory",
  permission: "menu.students",
  summary: "A student's status changes, oldest first",
  request: { params: StudentParam },
  responses: { 200: { description: "ok", content: json(StatusHistory) } },
});

router.openapi(studentStatusHistoryRoute, async (c) => {
  const { studentId } = c.req.valid("param");
  if (!(await getStudent(studentId))) throw notFound("students");
  return c.json({ data: await statusHistory(studentId) }, 200);
});

export const studentStatusChangeRoute = apiRoute({
  method: "post",
  path: "/{studentId}",
  operationId: "studentStatusChange",
  permission: "menu.students.status",
  summary:
    "Withdraws, suspends, returns, graduates or re-admits a student, with reason and date; a change the " +
    "current status does not allow answers 409 wrong_status. A student who is not active cannot register",
  request: { params: StudentParam, body: { content: json(StatusChangeBody) } },
  responses: { 201: { description: "changed", content: json(StatusEvent) } },
  errors: [409],
});

router.openapi(studentStatusChangeRoute, async (c) => {
  const event = await changeStudentStatus(c.req.valid("param").studentId, c.req.valid("json"), actorOf(c));
  return c.json(event, 201);
});

export default router;
