/**
 * The course catalogue (API.md "Courses (books)"): bookList, bookExport, bookGet, bookAdd, bookEdit,
 * bookRemove, and a course's category links (subLinkList, subLinkAdd, subLinkRemove).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  BookBody,
  BookEditBody,
  BookExportQuery,
  BookIdParam,
  BookList,
  BookListQuery,
  Removed,
  StoredBook,
  SubLinkBody,
  SubLinkList,
  SubLinkListQuery,
  SubLinkParams,
  SubLinkRow,
  VersionQuery,
} from "../../http/schemas/books.ts";
import type { Book } from "../../services/academic/model.ts";
import { getBookFlags } from "../../services/books/flags.ts";
import { exportBooks } from "../../services/books/export.ts";
import { type BookFilter, bookListRow, findBooks } from "../../services/books/list_index.ts";
import { addBook, BOOKS, editBook, getStoredBook, removeBook } from "../../services/books/mod.ts";
import type { StoredRecord } from "../../services/db/records.ts";
import { addSubLink, listSubLinks, removeSubLink } from "../../services/books/sub_book_links.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const VIEW = "menu.learningProcesses.learningCourses";
const DEFAULT_LIMIT = 15;
const LINKS_DEFAULT_LIMIT = 10;
const json = <S extends z.ZodType>(schema: S, description = "ok") => ({
  description,
  content: { "application/json": { schema } },
});

/** The query's filter as the snapshot takes it (one language arrives as a string, several as a list). */
function bookFilterOf(query: z.infer<typeof BookExportQuery>): BookFilter {
  const { text, credit, type, status, conditions, components, lang, langCode } = query;
  return {
    text,
    credit,
    type: type as BookFilter["type"],
    status,
    conditions: conditions as BookFilter["conditions"],
    components: components as BookFilter["components"],
    lang: lang === undefined ? undefined : Array.isArray(lang) ? lang : [lang],
    langCode,
  };
}

async function stored(r: StoredRecord<Book>) {
  return { ...r.value, versionstamp: r.versionstamp, ...(await getBookFlags(r.value.id)) };
}

export const bookListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "bookList",
  permission: VIEW,
  summary: "Courses, newest first, filtered by text (id, name, code), credit, type, status, conditions, " +
    "components, languages and language code; one page of them with the total",
  request: { query: BookListQuery },
  responses: { 200: json(BookList) },
});

router.openapi(
  bookListRoute,
  async (c) => {
    const started = performance.now();
    const { page = 1, limit = DEFAULT_LIMIT, ...query } = c.req.valid("query");
    const found = await findBooks(bookFilterOf(query), { page, limit });
    c.header("server-timing", `filter;dur=${(performance.now() - started).toFixed(2)}`);
    return c.json({ data: found.rows.map(bookListRow), total: found.total }, 200);
  },
);

export const bookExportRoute = apiRoute({
  method: "get",
  path: "/export",
  operationId: "bookExport",
  permission: `${VIEW}.export`,
  summary: "Every course the filter matches as an .xlsx download with the list's columns",
  request: { query: BookExportQuery },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  bookExportRoute,
  async (c) => {
    const state = stateOf(c);
    const query = c.req.valid("query");
    const bytes = await exportBooks(
      state.identity!.user.id,
      bookFilterOf(query),
      query.names ?? state.lang,
      state.t,
    );
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition("courses"),
      "cache-control": "no-store",
    });
  },
);

export const bookGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "bookGet",
  permission: VIEW,
  summary: "A course with its versionstamp (for the edit form) and its flags",
  request: { params: BookIdParam },
  responses: { 200: json(StoredBook) },
});

router.openapi(
  bookGetRoute,
  async (c) => {
    const record = await getStoredBook(c.req.valid("param").id);
    if (!record) throw notFound(BOOKS);
    return c.json(await stored(record), 200);
  },
);

export const bookAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "bookAdd",
  permission: `${VIEW}.add`,
  summary: "Adds a course (name, credit, type, status, langCode required; lang for type 2; code unique)",
  request: { body: { required: true, content: { "application/json": { schema: BookBody } } } },
  responses: { 201: json(StoredBook, "created") },
});

router.openapi(
  bookAddRoute,
  async (c) => c.json(await stored(await addBook(c.req.valid("json"), actorOf(c))), 201),
);

export const bookEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "bookEdit",
  permission: `${VIEW}.edit`,
  summary: "Replaces a course's form fields; `versionstamp` is the version the form showed (changed → 409)",
  request: {
    params: BookIdParam,
    body: { required: true, content: { "application/json": { schema: BookEditBody } } },
  },
  responses: { 200: json(StoredBook, "saved") },
});

router.openapi(
  bookEditRoute,
  async (c) => {
    const { versionstamp, ...input } = c.req.valid("json");
    const saved = await editBook(c.req.valid("param").id, input, actorOf(c), versionstamp);
    return c.json(await stored(saved), 200);
  },
);

export const bookRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "bookRemove",
  permission: `${VIEW}.remove`,
  summary: "Removes a course; refused (409 in_use) while timetable lessons or transcripts refer to it",
  request: { params: BookIdParam, query: VersionQuery },
  responses: { 200: json(Removed, "removed") },
});

router.openapi(
  bookRemoveRoute,
  async (c) => {
    await removeBook(c.req.valid("param").id, actorOf(c), c.req.valid("query").versionstamp);
    return c.json({ result: "yes" as const }, 200);
  },
);

export const subLinkListRoute = apiRoute({
  method: "get",
  path: "/{id}/sub-links",
  operationId: "subLinkList",
  permission: `${VIEW}.categories`,
  summary: "The sub-course categories a course is linked to, by category id; one page and the total",
  request: { params: BookIdParam, query: SubLinkListQuery },
  responses: { 200: json(SubLinkList) },
});

router.openapi(
  subLinkListRoute,
  async (c) => {
    const { page = 1, limit = LINKS_DEFAULT_LIMIT } = c.req.valid("query");
    const id = c.req.valid("param").id;
    if (!(await getStoredBook(id))) throw notFound(BOOKS);
    return c.json(await listSubLinks(id, { page, limit }), 200);
  },
);

export const subLinkAddRoute = apiRoute({
  method: "post",
  path: "/{id}/sub-links",
  operationId: "subLinkAdd",
  errors: [409],
  permission: `${VIEW}.categories`,
  summary: "Links an active sub-course category to the course (already linked → 409)",
  request: {
    params: BookIdParam,
    body: { required: true, content: { "application/json": { schema: SubLinkBody } } },
  },
  responses: { 201: json(SubLinkRow, "linked") },
});

router.openapi(
  subLinkAddRoute,
  async (c) => {
    const row = await addSubLink(c.req.valid("param").id, c.req.valid("json").subBookId, actorOf(c));
    return c.json(row, 201);
  },
);

export const subLinkRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}/sub-links/{subBookId}",
  operationId: "subLinkRemove",
  permission: `${VIEW}.categories`,
  summary: "Removes one category link of the course",
  request: { params: SubLinkParams },
  responses: { 200: json(Removed, "removed") },
});

router.openapi(
  subLinkRemoveRoute,
  async (c) => {
    const { id, subBookId } = c.req.valid("param");
    await removeSubLink(id, subBookId, actorOf(c));
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;
