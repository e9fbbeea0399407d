/** A course's log (bookLog): the course's own changes and those of all its dialogs, newest first. */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { BookLog, BookParam } from "../../http/schemas/book_dialogs.ts";
import { bookLog } from "../../services/books/log.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();

export const bookLogRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "bookLog",
  permission: "menu.learningProcesses.learningCourses.logs",
  summary:
    "Every change of the course and of its dialogs (conditions, professors, rule students, syllabuses, " +
    "components) with actor, time, before and after; newest first, at most 300",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: { "application/json": { schema: BookLog } } } },
});

router.openapi(
  bookLogRoute,
  async (c) => {
    const lang = (c.get("state") as AppState).lang;
    return c.json({ data: await bookLog(c.req.valid("param").bookId, lang) }, 200);
  },
);

export default router;
