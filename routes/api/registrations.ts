/**
 * Registrations (API.md: registrationMine, registrationAdd, registrationDrop). A student registers and drops for
 * themselves only; registrar staff (`…registration.manage`) act for any student, and may override failed
 * checks with a reason, which the audit keeps.
 */
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  AddBody,
  AddResult,
  DropBody,
  DropResult,
  Mine,
  MineQuery,
  RegistrationParam,
} from "../../http/schemas/registration.ts";
import { REGISTRATION, registrationActor, stateOf } from "../../http/registration_actor.ts";
import { addRegistration } from "../../services/registration/decide.ts";
import { dropRegistration } from "../../services/registration/drop.ts";
import { registrationMine } from "../../services/registration/offerings.ts";
import { currentWindowGroup } from "../../services/registration/windows.ts";
import { AppError, forbidden } from "../../utils/errors.ts";

const router = createRouter();
const notStudent = () => new AppError(403, "not_student", "registration.errors.notStudent");

export const registrationMineRoute = apiRoute({
  method: "get",
  path: "/mine",
  operationId: "registrationMine",
  permission: REGISTRATION,
  summary: "The signed-in student's registrations and waitlist places for a semester, credits and holds " +
    "(none for someone who is no student)",
  request: { query: MineQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: Mine } } } },
});

router.openapi(
  registrationMineRoute,
  async (c) => {
    const state = stateOf(c);
    const studentId = state.identity!.user.studentId;
    const groupId = c.req.valid("query").groupId ?? await currentWindowGroup();
    // Someone who is no student holds no registrations (staff open the page too).
    if (groupId === null || studentId === null) {
      return c.json(
        {
          groupId: null,
          window: null,
          open: false,
          registrations: [],
          credits: 0,
          creditLimit: null,
          holds: [],
        },
        200,
      );
    }
    return c.json(await registrationMine(studentId, groupId, state.lang), 200);
  },
);

export const registrationAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "registrationAdd",
  // A section or student that does not exist is named in the body, not the path.
  errors: [404],
  permission: REGISTRATION,
  summary:
    "Registers in a section in one atomic decision → enrolled, or waitlisted with a position when it " +
    "is full; 422 `registration_refused` names each failed check in `fields`; staff may pass `studentId` " +
    "and bypass failed checks with `override` and a `reason`",
  request: { body: { required: true, content: { "application/json": { schema: AddBody } } } },
  responses: { 201: { description: "registered", content: { "application/json": { schema: AddResult } } } },
});

router.openapi(
  registrationAddRoute,
  async (c) => {
    const actor = registrationActor(c);
    const body = c.req.valid("json");
    const studentId = body.studentId ?? actor.studentId;
    if (studentId === null) throw notStudent();
    if (studentId !== actor.studentId && !actor.staff) throw forbidden();
    return c.json(await addRegistration({ ...body, studentId }, actor), 201);
  },
);

export const registrationDropRoute = apiRoute({
  method: "post",
  path: "/{registrationId}/drop",
  operationId: "registrationDrop",
  permission: REGISTRATION,
  summary: "Drops a registration (until the add/drop deadline; staff later with `override` + `reason`); a " +
    "freed seat goes, in the same atomic, to the first waitlisted student who is still eligible",
  request: {
    params: RegistrationParam,
    body: { required: true, content: { "application/json": { schema: DropBody } } },
  },
  responses: { 200: { description: "dropped", content: { "application/json": { schema: DropResult } } } },
});

router.openapi(
  registrationDropRoute,
  async (c) => {
    const body = c.req.header("content-type")?.includes("json") ? c.req.valid("json") : {};
    return c.json(
      await dropRegistration(c.req.valid("param").registrationId, registrationActor(c), body),
      200,
    );
  },
);

export default router;
