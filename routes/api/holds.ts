/** Holds on students, which block registration (API.md: holdList, holdAdd, holdRemove). */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Hold, HoldBody, HoldList, HoldParam, HoldQuery } from "../../http/schemas/registration.ts";
import { REGISTRATION, stateOf } from "../../http/registration_actor.ts";
import { addHold, listHolds, removeHold } from "../../services/registration/holds.ts";

const router = createRouter();
const HOLDS = `${REGISTRATION}.holds`;

export const holdListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "holdList",
  permission: HOLDS,
  summary: "Holds on one student (`studentId`) or on everyone, oldest first",
  request: { query: HoldQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: HoldList } } } },
});

router.openapi(
  holdListRoute,
  async (c) => c.json({ data: await listHolds(c.req.valid("query").studentId) }, 200),
);

export const holdAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "holdAdd",
  permission: HOLDS,
  summary: "Places a hold (finance, academic, administrative) with its reason; the student may not register",
  request: { body: { required: true, content: { "application/json": { schema: HoldBody } } } },
  responses: { 201: { description: "added", content: { "application/json": { schema: Hold } } } },
});

router.openapi(
  holdAddRoute,
  async (c) => c.json(await addHold(c.req.valid("json"), stateOf(c).identity!.user.id), 201),
);

export const holdRemoveRoute = apiRoute({
  method: "delete",
  path: "/{studentId}/{holdId}",
  operationId: "holdRemove",
  permission: HOLDS,
  summary: "Lifts a hold",
  request: { params: HoldParam },
  responses: { 204: { description: "removed" } },
});

router.openapi(
  holdRemoveRoute,
  async (c) => {
    const { studentId, holdId } = c.req.valid("param");
    await removeHold(studentId, holdId, stateOf(c).identity!.user.id);
    return c.body(null, 204);
  },
);

export default router;
