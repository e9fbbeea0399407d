/** Authorization parameters (API.md "Administration": authParamsGet, authParamsSet) and their history. */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { AuthParams } from "../../http/schemas/admin.ts";
import { HistoryList } from "../../http/schemas/structure.ts";
import { AUTH_PARAMS_ID, authParams, setAuthParams, SETTINGS } from "../../services/identity/params.ts";
import { settingsHistory } from "../../services/shell/menu_store.ts";
import type { AppState } from "../../http/app_state.ts";

const KEY = "menu.settings.users.params";
const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S>(schema: S) => ({ "application/json": { schema } });

export const authParamsGetRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "authParamsGet",
  permission: KEY,
  summary: "Password policy, session length, sign-in throttling and SMS code settings in force",
  responses: { 200: { description: "ok", content: json(AuthParams) } },
});

router.openapi(
  authParamsGetRoute,
  async (c) => c.json(await authParams(), 200),
);

export const authParamsSetRoute = apiRoute({
  method: "put",
  path: "/",
  operationId: "authParamsSet",
  permission: KEY,
  summary: "Replaces the parameters; sign-in, password change and throttling use them from the next request",
  request: { body: { required: true, content: json(AuthParams) } },
  responses: { 200: { description: "saved", content: json(AuthParams) } },
});

router.openapi(
  authParamsSetRoute,
  async (c) => c.json(await setAuthParams(c.req.valid("json"), stateOf(c).identity!.user.id), 200),
);

export const authParamsLogRoute = apiRoute({
  method: "get",
  path: "/log",
  operationId: "authParamsLog",
  permission: KEY,
  summary: "History of the parameters, newest first",
  responses: { 200: { description: "ok", content: json(HistoryList) } },
});

router.openapi(
  authParamsLogRoute,
  async (c) => c.json({ data: await settingsHistory(SETTINGS, AUTH_PARAMS_ID, stateOf(c).lang) }, 200),
);

export default router;
