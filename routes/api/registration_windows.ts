/** Registration windows per semester (API.md "Academic registration": registrationWindowList, registrationWindowSet). */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { GroupParam, WindowBody, WindowList, WindowResponse } from "../../http/schemas/registration.ts";
import { REGISTRATION, stateOf } from "../../http/registration_actor.ts";
import { listWindows, setWindow } from "../../services/registration/windows.ts";

const router = createRouter();

export const registrationWindowListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "registrationWindowList",
  permission: REGISTRATION,
  summary: "Every semester, latest first, with its registration window (null where none is set)",
  responses: { 200: { description: "ok", content: { "application/json": { schema: WindowList } } } },
});

router.openapi(
  registrationWindowListRoute,
  async (c) =>
    c.json({
      data: (await listWindows()).map((w) => ({
        groupId: w.group.id,
        seasonYear: w.group.seasonYear,
        window: w.window,
      })),
    }, 200),
);

export const registrationWindowSetRoute = apiRoute({
  method: "put",
  path: "/{groupId}",
  operationId: "registrationWindowSet",
  permission: `${REGISTRATION}.settings`,
  summary: "Sets a semester's window: opens, closes, add/drop deadline (inclusive dates), credit limit per " +
    "student, and optionally the programs and admission years it is for (empty: everyone)",
  request: {
    params: GroupParam,
    body: { required: true, content: { "application/json": { schema: WindowBody } } },
  },
  responses: { 200: { description: "saved", content: { "application/json": { schema: WindowResponse } } } },
});

router.openapi(
  registrationWindowSetRoute,
  async (c) =>
    c.json(
      await setWindow(c.req.valid("param").groupId, c.req.valid("json"), stateOf(c).identity!.user.id),
      200,
    ),
);

export default router;
