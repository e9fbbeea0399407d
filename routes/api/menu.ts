/** The side menu edited in the permissions screen's dev mode (menuGet, menuSet, menuLog). */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { MenuBody } from "../../http/schemas/admin.ts";
import { HistoryList } from "../../http/schemas/structure.ts";
import { SETTINGS } from "../../services/identity/params.ts";
import { loadMenu, MENU_ID, saveMenu, settingsHistory } from "../../services/shell/menu_store.ts";
import type { AppState } from "../../http/app_state.ts";

const KEY = "menu.settings.users.dev";
const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const json = <S>(schema: S) => ({ "application/json": { schema } });

export const menuGetRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "menuGet",
  permission: KEY,
  summary: "The side menu as rows (the default menu until one is saved)",
  responses: { 200: { description: "ok", content: json(MenuBody) } },
});

router.openapi(
  menuGetRoute,
  async (c) => c.json({ rows: (await loadMenu()).rows }, 200),
);

export const menuSetRoute = apiRoute({
  method: "put",
  path: "/",
  operationId: "menuSet",
  permission: KEY,
  summary: "Replaces the side menu; the shell draws it from the next page",
  request: { body: { required: true, content: json(MenuBody) } },
  responses: { 200: { description: "saved", content: json(MenuBody) } },
});

router.openapi(
  menuSetRoute,
  async (c) => c.json({ rows: await saveMenu(c.req.valid("json").rows, stateOf(c).identity!.user.id) }, 200),
);

export const menuLogRoute = apiRoute({
  method: "get",
  path: "/log",
  operationId: "menuLog",
  permission: KEY,
  summary: "History of the side menu, newest first",
  responses: { 200: { description: "ok", content: json(HistoryList) } },
});

router.openapi(
  menuLogRoute,
  async (c) => c.json({ data: await settingsHistory(SETTINGS, MENU_ID, stateOf(c).lang) }, 200),
);

export default router;
