/**
 * A course's professors (API.md "Courses (books)": bookProfessorList, bookProfessorAdd, bookProfessorEdit,
 * bookProfessorRemove; and bookProfessorCandidates, the academic staff the add form may choose from, so the
 * dialog needs no personnel-screen key).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  BookParam,
  BookProfessor,
  BookProfessorList,
  CandidateList,
  CandidateQuery,
  ProfessorBody,
  RowParam,
} from "../../http/schemas/book_dialogs.ts";
import {
  addBookProfessor,
  editBookProfessor,
  listBookProfessors,
  professorCandidates,
  removeBookProfessor,
} from "../../services/books/professors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;
const actorOf = (c: Context) => stateOf(c).identity!.user.id;
const PROFESSORS = "menu.learningProcesses.learningCourses.professors";
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });
const body = { body: { required: true, content: json(ProfessorBody) } };

export const bookProfessorCandidatesRoute = apiRoute({
  method: "get",
  path: "/candidates",
  operationId: "bookProfessorCandidates",
  permission: PROFESSORS,
  summary: "Academic staff whose name, email or position matches the text (at most 20), for the add form",
  request: { query: CandidateQuery },
  responses: { 200: { description: "ok", content: json(CandidateList) } },
});

router.openapi(
  bookProfessorCandidatesRoute,
  async (c) =>
    c.json({ data: await professorCandidates(c.req.valid("query").text ?? "", stateOf(c).lang) }, 200),
);

export const bookProfessorListRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "bookProfessorList",
  permission: PROFESSORS,
  summary: "The course's professors with price, additional pay and free time",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: json(BookProfessorList) } },
});

router.openapi(
  bookProfessorListRoute,
  async (c) => c.json({ data: await listBookProfessors(c.req.valid("param").bookId) }, 200),
);

export const bookProfessorAddRoute = apiRoute({
  method: "post",
  path: "/{bookId}",
  operationId: "bookProfessorAdd",
  permission: PROFESSORS,
  summary: "Adds a professor (prof_id: an academic HR person, once per course) to the course",
  request: { params: BookParam, ...body },
  responses: { 201: { description: "added", content: json(BookProfessor) } },
});

router.openapi(
  bookProfessorAddRoute,
  async (c) =>
    c.json(await addBookProfessor(c.req.valid("param").bookId, c.req.valid("json"), actorOf(c)), 201),
);

export const bookProfessorEditRoute = apiRoute({
  method: "put",
  path: "/{bookId}/{id}",
  operationId: "bookProfessorEdit",
  permission: PROFESSORS,
  summary: "Changes a professor row of the course",
  request: { params: RowParam, ...body },
  responses: { 200: { description: "saved", content: json(BookProfessor) } },
});

router.openapi(
  bookProfessorEditRoute,
  async (c) => {
    const { bookId, id } = c.req.valid("param");
    return c.json(await editBookProfessor(bookId, id, c.req.valid("json"), actorOf(c)), 200);
  },
);

export const bookProfessorRemoveRoute = apiRoute({
  method: "delete",
  path: "/{bookId}/{id}",
  operationId: "bookProfessorRemove",
  permission: PROFESSORS,
  summary: "Removes a professor row from the course",
  request: { params: RowParam },
  responses: { 200: { description: "removed", content: json(Ok) } },
});

router.openapi(
  bookProfessorRemoveRoute,
  async (c) => {
    const { bookId, id } = c.req.valid("param");
    await removeBookProfessor(bookId, id, actorOf(c));
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;
