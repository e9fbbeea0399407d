/**
 * A course's assessment components (componentList, componentSave: the whole set, weights totalling 100;
 * componentLog: the components' own change history).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { BookLog, BookParam, ComponentList, ComponentsBody } from "../../http/schemas/book_dialogs.ts";
import { listComponents, saveComponents } from "../../services/books/components.ts";
import { dialogLog } from "../../services/books/log.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const COMPONENTS = "menu.learningProcesses.learningCourses.components";
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

export const componentListRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "componentList",
  permission: COMPONENTS,
  summary: "The course's assessment components (name in both languages, weight %, minimum score)",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: json(ComponentList) } },
});

router.openapi(
  componentListRoute,
  async (c) => c.json({ data: await listComponents(c.req.valid("param").bookId) }, 200),
);

export const componentSaveRoute = apiRoute({
  method: "put",
  path: "/{bookId}",
  operationId: "componentSave",
  permission: COMPONENTS,
  summary: "Replaces the course's components with the given set; the weights must total 100 (an empty set " +
    "removes them all)",
  request: { params: BookParam, body: { required: true, content: json(ComponentsBody) } },
  responses: { 200: { description: "saved", content: json(ComponentList) } },
});

router.openapi(
  componentSaveRoute,
  async (c) => {
    const saved = await saveComponents(
      c.req.valid("param").bookId,
      c.req.valid("json").items,
      stateOf(c).identity!.user.id,
    );
    return c.json({ data: saved }, 200);
  },
);

export const componentLogRoute = apiRoute({
  method: "get",
  path: "/{bookId}/log",
  operationId: "componentLog",
  permission: `${COMPONENTS}.logs`,
  summary: "Changes of the course's components, newest first",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: json(BookLog) } },
});

router.openapi(
  componentLogRoute,
  async (c) =>
    c.json({ data: await dialogLog("book_components", c.req.valid("param").bookId, stateOf(c).lang) }, 200),
);

export default router;
