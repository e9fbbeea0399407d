/** The signed-in student's own grades (API.md: gradesMine). */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { GradesQuery, MyGrades } from "../../http/schemas/lists.ts";
import { stateOf } from "../../http/list_actor.ts";
import { GRADES_KEY } from "../../services/lists/access.ts";
import { gradesMine } from "../../services/lists/grades.ts";

const router = createRouter();

export const gradesMineRoute = apiRoute({
  method: "get",
  path: "/mine",
  operationId: "gradesMine",
  permission: GRADES_KEY,
  summary: "The signed-in student's sections in a semester with the grades their lists published, their " +
    "attendance, and their GPA (none for someone who is no student)",
  request: { query: GradesQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: MyGrades } } } },
});

router.openapi(gradesMineRoute, async (c) => {
  const state = stateOf(c);
  return c.json(
    await gradesMine(state.identity!.user.studentId, c.req.valid("query").groupId, state.lang),
    200,
  );
});

export default router;
