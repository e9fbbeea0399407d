/** Rooms (API.md "Academic core": auditoriumList, auditoriumAdd, auditoriumEdit, auditoriumRemove). */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  Auditorium,
  AuditoriumBody,
  AuditoriumEditBody,
  AuditoriumList,
  IdParam,
  RemoveQuery,
} from "../../http/schemas/timetable.ts";
import {
  type AuditoriumRecord,
  createAuditorium,
  listAuditoriums,
  removeAuditorium,
  updateAuditorium,
} from "../../services/timetable/auditoriums.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const view = (r: AuditoriumRecord) => ({ ...r.value, versionstamp: r.versionstamp });

export const auditoriumListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "auditoriumList",
  permission: "menu.table",
  summary: "Every room, by building and name",
  responses: { 200: { description: "ok", content: { "application/json": { schema: AuditoriumList } } } },
});

router.openapi(
  auditoriumListRoute,
  async (c) => c.json({ data: (await listAuditoriums()).map(view) }, 200),
);

export const auditoriumAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "auditoriumAdd",
  permission: "menu.table.edit",
  summary: "Creates a room; the name is unique regardless of case",
  request: { body: { required: true, content: { "application/json": { schema: AuditoriumBody } } } },
  responses: { 201: { description: "created", content: { "application/json": { schema: Auditorium } } } },
});

router.openapi(
  auditoriumAddRoute,
  async (c) => c.json(view(await createAuditorium(c.req.valid("json"), actorOf(c))), 201),
);

export const auditoriumEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "auditoriumEdit",
  permission: "menu.table.edit",
  summary: "Replaces a room's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: AuditoriumEditBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: Auditorium } } } },
});

router.openapi(
  auditoriumEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    return c.json(
      view(await updateAuditorium(c.req.valid("param").id, input, actorOf(c), versionstamp)),
      200,
    );
  },
);

export const auditoriumRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "auditoriumRemove",
  permission: "menu.table.edit",
  summary: "Removes a room; refused (409 in_use) while timetable entries use it",
  request: { params: IdParam, query: RemoveQuery },
  responses: { 200: { description: "removed", content: { "application/json": { schema: Ok } } } },
});

router.openapi(
  auditoriumRemoveRoute,
  async (c) => {
    await removeAuditorium(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;
