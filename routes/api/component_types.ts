/**
 * The catalogue of assessment component types (API.md: componentTypeList, componentTypeAdd, componentTypeEdit,
 * componentTypeRemove, and its log). Reading is the /components page's key; changing it is the course
 * components key's, the log its `logs` key's (SPEC §6).
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  ComponentType,
  ComponentTypeBody,
  ComponentTypeEditBody,
  ComponentTypeList,
  ComponentTypeLog,
} from "../../http/schemas/lists.ts";
import { IdParam, RemoveQuery } from "../../http/schemas/timetable.ts";
import { stateOf } from "../../http/list_actor.ts";
import {
  addComponentType,
  componentTypeLog,
  editComponentType,
  listComponentTypes,
  removeComponentType,
} from "../../services/lists/component_types.ts";

const router = createRouter();
const VIEW = "menu.learningProcesses.components";
const EDIT = "menu.learningProcesses.learningCourses.components";
const json = <S extends z.ZodType>(schema: S) => ({ content: { "application/json": { schema } } });
const actorOf = (c: Parameters<typeof stateOf>[0]) => stateOf(c).identity!.user.id;

export const componentTypeListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "componentTypeList",
  permission: VIEW,
  summary: "Every component type (midterm, final, quiz …) with its names in both languages",
  responses: { 200: { description: "ok", ...json(ComponentTypeList) } },
});

router.openapi(componentTypeListRoute, async (c) => {
  const data = (await listComponentTypes()).map((r) => ({ ...r.value, versionstamp: r.versionstamp }));
  return c.json({ data }, 200);
});

export const componentTypeLogRoute = apiRoute({
  method: "get",
  path: "/log",
  operationId: "componentTypeLog",
  permission: `${EDIT}.logs`,
  summary: "Every change of the catalogue, newest first (at most 500)",
  responses: { 200: { description: "ok", ...json(ComponentTypeLog) } },
});

router.openapi(componentTypeLogRoute, async (c) => c.json({ data: await componentTypeLog(500) }, 200));

export const componentTypeAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "componentTypeAdd",
  permission: EDIT,
  // A name another type has already.
  errors: [409],
  summary: "Adds a component type; its names must be unique in each language",
  request: { body: { required: true, ...json(ComponentTypeBody) } },
  responses: { 201: { description: "added", ...json(ComponentType) } },
});

router.openapi(componentTypeAddRoute, async (c) => {
  const r = await addComponentType(c.req.valid("json"), actorOf(c));
  return c.json({ ...r.value, versionstamp: r.versionstamp }, 201);
});

export const componentTypeEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "componentTypeEdit",
  permission: EDIT,
  errors: [409],
  summary: "Renames a component type (a stale `versionstamp` or a taken name answers 409)",
  request: { params: IdParam, body: { required: true, ...json(ComponentTypeEditBody) } },
  responses: { 200: { description: "saved", ...json(ComponentType) } },
});

router.openapi(componentTypeEditRoute, async (c) => {
  const { versionstamp, ...input } = c.req.valid("json");
  const r = await editComponentType(c.req.valid("param").id, input, versionstamp, actorOf(c));
  return c.json({
    ...(r.value as z.infer<typeof ComponentTypeBody> & { id: number }),
    versionstamp: r.versionstamp,
  }, 200);
});

export const componentTypeRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "componentTypeRemove",
  permission: EDIT,
  // `in_use`: a course has a component of this type.
  errors: [409],
  summary: "Removes a component type, refused (409 `in_use`) while a course has a component of its name",
  request: { params: IdParam, query: RemoveQuery },
  responses: { 204: { description: "removed" } },
});

router.openapi(componentTypeRemoveRoute, async (c) => {
  await removeComponentType(c.req.valid("param").id, c.req.valid("query").versionstamp, actorOf(c));
  return c.body(null, 204);
});

export default router;
