/**
 * Sub-course categories, the courses screen's "sub-books" tab (API.md: subBookList, subBookAdd, subBookEdit,
 * subBookRemove). Managing them needs the categories permission of the courses screen.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  BookIdParam,
  Removed,
  SubBook,
  SubBookBody,
  SubBookEditBody,
  SubBookList,
  SubBookListQuery,
  VersionQuery,
} from "../../http/schemas/books.ts";
import type { StoredRecord } from "../../services/db/records.ts";
import {
  addSubBook,
  editSubBook,
  findSubBooks,
  nextSubBookId,
  removeSubBook,
  type SubBook as SubBookRecord,
} from "../../services/books/sub_books.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const VIEW = "menu.learningProcesses.learningCourses";
const MANAGE = `${VIEW}.categories`;
const DEFAULT_LIMIT = 15;
const json = <S extends z.ZodType>(schema: S, description = "ok") => ({
  description,
  content: { "application/json": { schema } },
});
const stored = (r: StoredRecord<SubBookRecord>) => ({ ...r.value, versionstamp: r.versionstamp });

export const subBookListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "subBookList",
  permission: VIEW,
  summary: "Sub-course categories by id, filtered by text (id, name, code), credit and status; one page",
  request: { query: SubBookListQuery },
  responses: { 200: json(SubBookList) },
});

router.openapi(
  subBookListRoute,
  async (c) => {
    const { page = 1, limit = DEFAULT_LIMIT, ...filter } = c.req.valid("query");
    const [found, nextId] = await Promise.all([findSubBooks(filter, { page, limit }), nextSubBookId()]);
    return c.json({ data: found.rows, total: found.total, nextId }, 200);
  },
);

export const subBookAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "subBookAdd",
  permission: MANAGE,
  summary: "Adds a category with the id given (id, name and credit required; id and code unique)",
  request: { body: { required: true, content: { "application/json": { schema: SubBookBody } } } },
  responses: { 201: json(SubBook, "created") },
});

router.openapi(
  subBookAddRoute,
  async (c) => c.json(stored(await addSubBook(c.req.valid("json"), actorOf(c))), 201),
);

export const subBookEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "subBookEdit",
  permission: MANAGE,
  summary: "Replaces a category's fields; `versionstamp` is the version the form showed (changed → 409)",
  request: {
    params: BookIdParam,
    body: { required: true, content: { "application/json": { schema: SubBookEditBody } } },
  },
  responses: { 200: json(SubBook, "saved") },
});

router.openapi(
  subBookEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    return c.json(stored(await editSubBook(c.req.valid("param").id, input, actorOf(c), versionstamp)), 200);
  },
);

export const subBookRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "subBookRemove",
  permission: MANAGE,
  summary: "Removes a category; refused (409 in_use) while courses are linked to it",
  request: { params: BookIdParam, query: VersionQuery },
  responses: { 200: json(Removed, "removed") },
});

router.openapi(
  subBookRemoveRoute,
  async (c) => {
    await removeSubBook(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;
