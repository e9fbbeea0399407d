/** Educational units (API.md "Academic core": schoolList, schoolAdd, schoolEdit, schoolRemove, schoolLog). */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  HistoryList,
  IdParam,
  RemoveQuery,
  School,
  SchoolBody,
  SchoolEditBody,
  SchoolList,
  SchoolListQuery,
} from "../../http/schemas/structure.ts";
import type { StoredRecord } from "../../services/db/records.ts";
import { createSchool, removeSchool, SCHOOLS, updateSchool } from "../../services/structure/mod.ts";
import { listSchools, recordHistory } from "../../services/structure/views.ts";
import type { School as SchoolRecord } from "../../services/academic/model.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const view = (r: StoredRecord<SchoolRecord>) => ({ ...r.value, versionstamp: r.versionstamp });
const VIEW = "menu.learningProcesses.structure";

export const schoolListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "schoolList",
  permission: VIEW,
  summary: "Schools by code, filtered by text (code or either name), one page of them",
  request: { query: SchoolListQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: SchoolList } } } },
});

router.openapi(
  schoolListRoute,
  async (c) => c.json(await listSchools(c.req.valid("query")), 200),
);

export const schoolAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "schoolAdd",
  permission: `${VIEW}.add`,
  summary: "Creates a school; the code is unique regardless of case",
  request: { body: { required: true, content: { "application/json": { schema: SchoolBody } } } },
  responses: { 201: { description: "created", content: { "application/json": { schema: School } } } },
});

router.openapi(
  schoolAddRoute,
  async (c) => c.json(view(await createSchool(c.req.valid("json"), actorOf(c))), 201),
);

export const schoolEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "schoolEdit",
  permission: `${VIEW}.edit`,
  summary: "Replaces a school's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: SchoolEditBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: School } } } },
});

router.openapi(
  schoolEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    const saved = await updateSchool(c.req.valid("param").id, input, actorOf(c), versionstamp);
    return c.json(view(saved), 200);
  },
);

export const schoolRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "schoolRemove",
  permission: `${VIEW}.remove`,
  summary: "Removes a school; refused (409 in_use) while it has programs or personnel",
  request: { params: IdParam, query: RemoveQuery },
  responses: { 200: { description: "removed", content: { "application/json": { schema: Ok } } } },
});

router.openapi(
  schoolRemoveRoute,
  async (c) => {
    await removeSchool(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const schoolLogRoute = apiRoute({
  method: "get",
  path: "/{id}/log",
  operationId: "schoolLog",
  permission: VIEW,
  summary: "A school's change history, newest first",
  request: { params: IdParam },
  responses: { 200: { description: "ok", content: { "application/json": { schema: HistoryList } } } },
});

router.openapi(
  schoolLogRoute,
  async (c) => {
    const data = await recordHistory(SCHOOLS, c.req.valid("param").id, stateOf(c).lang);
    return c.json({ data }, 200);
  },
);

export default router;
