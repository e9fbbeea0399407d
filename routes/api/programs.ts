/** Educational programs (API.md "Academic core": programList, programAdd, programEdit, programRemove, programLog). */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  HistoryList,
  IdParam,
  Program,
  ProgramBody,
  ProgramEditBody,
  ProgramList,
  ProgramListQuery,
  RemoveQuery,
} from "../../http/schemas/structure.ts";
import type { Program as ProgramRecord } from "../../services/academic/model.ts";
import type { StoredRecord } from "../../services/db/records.ts";
import { createProgram, PROGRAMS, removeProgram, updateProgram } from "../../services/structure/mod.ts";
import { listPrograms, recordHistory } from "../../services/structure/views.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const view = (r: StoredRecord<ProgramRecord>) => ({ ...r.value, versionstamp: r.versionstamp });
const VIEW = "menu.learningProcesses.structure";

export const programListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "programList",
  permission: VIEW,
  summary: "Programs by code, filtered by text, school, level and status, one page of them",
  request: { query: ProgramListQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: ProgramList } } } },
});

router.openapi(
  programListRoute,
  async (c) => c.json(await listPrograms(c.req.valid("query")), 200),
);

export const programAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "programAdd",
  permission: `${VIEW}.add`,
  summary: "Creates a program in an existing school; the code is unique regardless of case",
  request: { body: { required: true, content: { "application/json": { schema: ProgramBody } } } },
  responses: { 201: { description: "created", content: { "application/json": { schema: Program } } } },
});

router.openapi(
  programAddRoute,
  async (c) => c.json(view(await createProgram(c.req.valid("json"), actorOf(c))), 201),
);

export const programEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "programEdit",
  permission: `${VIEW}.edit`,
  summary: "Replaces a program's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: ProgramEditBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: Program } } } },
});

router.openapi(
  programEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    const saved = await updateProgram(c.req.valid("param").id, input, actorOf(c), versionstamp);
    return c.json(view(saved), 200);
  },
);

export const programRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "programRemove",
  permission: `${VIEW}.remove`,
  summary: "Removes a program; refused (409 in_use) while students study in it",
  request: { params: IdParam, query: RemoveQuery },
  responses: { 200: { description: "removed", content: { "application/json": { schema: Ok } } } },
});

router.openapi(
  programRemoveRoute,
  async (c) => {
    await removeProgram(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const programLogRoute = apiRoute({
  method: "get",
  path: "/{id}/log",
  operationId: "programLog",
  permission: VIEW,
  summary: "A program's change history, newest first",
  request: { params: IdParam },
  responses: { 200: { description: "ok", content: { "application/json": { schema: HistoryList } } } },
});

router.openapi(
  programLogRoute,
  async (c) => {
    const data = await recordHistory(PROGRAMS, c.req.valid("param").id, stateOf(c).lang);
    return c.json({ data }, 200);
  },
);

export default router;
