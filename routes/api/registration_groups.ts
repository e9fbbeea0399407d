/**
 * Semesters (API.md: registrationGroupList under "Timetable", registrationGroupAdd and registrationGroupEdit
 * under "Academic core"). Professors and students read the list for their timetable, hence `menu.table`.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Group, GroupBody, GroupEditBody, GroupList, IdParam } from "../../http/schemas/timetable.ts";
import { createGroup, type GroupRecord, listGroups, updateGroup } from "../../services/academic/semesters.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const view = (r: GroupRecord) => ({ ...r.value, versionstamp: r.versionstamp });

export const registrationGroupListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "registrationGroupList",
  permission: "menu.table",
  summary: "Every semester, earliest first (the last is the timetable's default)",
  responses: { 200: { description: "ok", content: { "application/json": { schema: GroupList } } } },
});

router.openapi(
  registrationGroupListRoute,
  async (c) => c.json({ data: (await listGroups()).map(view) }, 200),
);

export const registrationGroupAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "registrationGroupAdd",
  permission: "menu.table.edit",
  summary: "Creates a semester: season 1–40 characters, comment ≤ 500, start date before end date",
  request: { body: { required: true, content: { "application/json": { schema: GroupBody } } } },
  responses: { 201: { description: "created", content: { "application/json": { schema: Group } } } },
});

router.openapi(
  registrationGroupAddRoute,
  async (c) => c.json(view(await createGroup(c.req.valid("json"), actorOf(c))), 201),
);

export const registrationGroupEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "registrationGroupEdit",
  permission: "menu.table.edit",
  summary:
    "Replaces a semester's fields; `versionstamp` is the version the form showed (changed since → 409)",
  request: {
    params: IdParam,
    body: { required: true, content: { "application/json": { schema: GroupEditBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: Group } } } },
});

router.openapi(
  registrationGroupEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    return c.json(view(await updateGroup(c.req.valid("param").id, input, actorOf(c), versionstamp)), 200);
  },
);

export default router;
