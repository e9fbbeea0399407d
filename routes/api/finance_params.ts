/** The finance parameters (API.md: financeParamsGet, financeParamsSet). */
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Params } from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { getParams, setParams } from "../../services/finances/params.ts";
import "../../services/finances/registration_charges.ts";

const router = createRouter();
export const FINANCES = "menu.finances";

export const financeParamsGetRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "financeParamsGet",
  permission: `${FINANCES}.parameters`,
  summary:
    "Tuition per program, price per credit, installments and due days, late fee, hold threshold and grace",
  responses: { 200: { description: "ok", content: { "application/json": { schema: Params } } } },
});

router.openapi(financeParamsGetRoute, async (c) => c.json(await getParams(), 200));

export const financeParamsSetRoute = apiRoute({
  method: "put",
  path: "/",
  operationId: "financeParamsSet",
  permission: `${FINANCES}.parameters`,
  summary: "Replaces the finance parameters (audited); a program named twice or unknown is a 422 at its row",
  request: { body: { content: { "application/json": { schema: Params } } } },
  responses: { 200: { description: "saved", content: { "application/json": { schema: Params } } } },
});

router.openapi(
  financeParamsSetRoute,
  async (c) => c.json(await setParams(c.req.valid("json"), stateOf(c).identity!.user.id), 200),
);

export default router;
