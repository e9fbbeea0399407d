/**
 * Roles and their permission keys (API.md "Administration": roleList, roleAdd, roleEdit, roleRemove), the
 * "who can do this" view and each role's history. A change counts from everyone's next request.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  RoleBody,
  RoleEditBody,
  RoleList,
  RoleView,
  VersionQuery,
  WhoCan,
  WhoQuery,
} from "../../http/schemas/admin.ts";
import { Ok } from "../../http/schemas/auth.ts";
import { HistoryList } from "../../http/schemas/structure.ts";
import { IdParam } from "../../http/schemas/timetable.ts";
import { addRole, editRole, listRoles, removeRole, whoCan } from "../../services/identity/role_admin.ts";
import { recordHistory } from "../../services/structure/views.ts";
import type { AppState } from "../../http/app_state.ts";

const KEY = "menu.settings.users.roles";
const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const json = <S>(schema: S) => ({ "application/json": { schema } });

export const roleListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "roleList",
  permission: KEY,
  summary: "Every role with its keys and how many accounts hold it",
  responses: { 200: { description: "ok", content: json(RoleList) } },
});

router.openapi(
  roleListRoute,
  async (c) => c.json({ data: await listRoles() }, 200),
);

export const roleWhoCanRoute = apiRoute({
  method: "get",
  path: "/who",
  operationId: "roleWhoCan",
  permission: KEY,
  summary:
    "For one permission key: the roles holding it and the accounts holding those roles (and account 1)",
  request: { query: WhoQuery },
  responses: { 200: { description: "ok", content: json(WhoCan) } },
});

router.openapi(
  roleWhoCanRoute,
  async (c) => c.json(await whoCan(c.req.valid("query").key), 200),
);

export const roleAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "roleAdd",
  permission: KEY,
  summary: "Creates a role; names are unique regardless of case; keys must be known (422 otherwise)",
  request: { body: { required: true, content: json(RoleBody) } },
  responses: { 201: { description: "created", content: json(RoleView) } },
});

router.openapi(
  roleAddRoute,
  async (c) => c.json(await addRole(c.req.valid("json"), actorOf(c)), 201),
);

export const roleEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "roleEdit",
  permission: KEY,
  summary: "Renames a role and replaces its keys; holders have the new keys from their next request",
  request: { params: IdParam, body: { required: true, content: json(RoleEditBody) } },
  responses: { 200: { description: "saved", content: json(RoleView) } },
});

router.openapi(
  roleEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    return c.json(await editRole(c.req.valid("param").id, input, actorOf(c), versionstamp), 200);
  },
);

export const roleRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "roleRemove",
  permission: KEY,
  summary: "Removes a role; refused (409 in_use) while any account holds it",
  request: { params: IdParam, query: VersionQuery },
  responses: { 200: { description: "removed", content: json(Ok) } },
});

router.openapi(
  roleRemoveRoute,
  async (c) => {
    await removeRole(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const roleLogRoute = apiRoute({
  method: "get",
  path: "/{id}/log",
  operationId: "roleLog",
  permission: KEY,
  summary: "A role's change history, newest first",
  request: { params: IdParam },
  responses: { 200: { description: "ok", content: json(HistoryList) } },
});

router.openapi(
  roleLogRoute,
  async (c) => c.json({ data: await recordHistory("roles", c.req.valid("param").id, stateOf(c).lang) }, 200),
);

export default router;
