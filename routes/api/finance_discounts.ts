/**
 * Discount types and their assignment to students (API.md: discountList, discountAdd, discountEdit,
 * discountRemove, discountAssign, and discountApprove, which writes the discount's ledger line).
 */
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  AssignBody,
  Assignment,
  AssignmentParam,
  Discount,
  DiscountBody,
  DiscountList,
  DiscountParam,
  VersionBody,
} from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import {
  addDiscount,
  approveAssignment,
  assignDiscount,
  editDiscount,
  listAssignments,
  listDiscounts,
  removeDiscount,
} from "../../services/finances/discounts.ts";
import { getRecord } from "../../services/db/reads.ts";
import { conflict, notFound } from "../../utils/errors.ts";
import { FINANCES } from "./finance_params.ts";

const router = createRouter();
const DISCOUNTS = `${FINANCES}.discounts`;
const actorOf = (c: Parameters<typeof stateOf>[0]) => stateOf(c).identity!.user.id;

export const discountListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "discountList",
  permission: DISCOUNTS,
  summary: "Discount types and every assignment of one to a student (newest first)",
  responses: { 200: { description: "ok", content: { "application/json": { schema: DiscountList } } } },
});

router.openapi(
  discountListRoute,
  async (c) => c.json({ data: await listDiscounts(), assignments: await listAssignments() }, 200),
);

export const discountAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "discountAdd",
  permission: DISCOUNTS,
  summary: "Adds a discount type: a percentage (1-100) or a fixed amount in tetri",
  request: { body: { content: { "application/json": { schema: DiscountBody } } } },
  responses: { 201: { description: "added", content: { "application/json": { schema: Discount } } } },
});

router.openapi(
  discountAddRoute,
  async (c) => c.json(await addDiscount(c.req.valid("json"), actorOf(c)), 201),
);

export const discountEditRoute = apiRoute({
  method: "put",
  path: "/{id}",
  operationId: "discountEdit",
  permission: DISCOUNTS,
  summary: "Changes a discount type (lines already written stay as they were)",
  request: { params: DiscountParam, body: { content: { "application/json": { schema: DiscountBody } } } },
  responses: { 200: { description: "saved", content: { "application/json": { schema: Discount } } } },
});

router.openapi(
  discountEditRoute,
  async (c) => c.json(await editDiscount(c.req.valid("param").id, c.req.valid("json"), actorOf(c)), 200),
);

export const discountRemoveRoute = apiRoute({
  method: "delete",
  path: "/{id}",
  operationId: "discountRemove",
  permission: DISCOUNTS,
  summary: "Removes a discount type nobody was given (409 otherwise), named with the version shown",
  request: { params: DiscountParam, body: { content: { "application/json": { schema: VersionBody } } } },
  responses: { 204: { description: "removed" } },
  errors: [409],
});

router.openapi(discountRemoveRoute, async (c) => {
  const { id } = c.req.valid("param");
  const stored = await getRecord(`finance_discounts`, id);
  if (!stored) throw notFound("finance_discounts");
  if (stored.versionstamp !== c.req.valid("json").versionstamp) throw conflict("errors.editConflict");
  await removeDiscount(id, actorOf(c));
  return c.body(null, 204);
});

export const discountAssignRoute = apiRoute({
  method: "post",
  path: "/assignments",
  operationId: "discountAssign",
  permission: DISCOUNTS,
  summary: "Gives a student a discount for a period; it waits for approval",
  request: { body: { content: { "application/json": { schema: AssignBody } } } },
  responses: { 201: { description: "assigned", content: { "application/json": { schema: Assignment } } } },
});

router.openapi(
  discountAssignRoute,
  async (c) => c.json(await assignDiscount(c.req.valid("json"), actorOf(c)), 201),
);

export const discountApproveRoute = apiRoute({
  method: "post",
  path: "/assignments/{studentId}/{assignmentId}/approve",
  operationId: "discountApprove",
  permission: DISCOUNTS,
  summary:
    "Approves an assignment: its discount becomes a ledger line (a percentage of the period's charges " +
    "or the fixed amount); approving again writes nothing",
  request: { params: AssignmentParam, body: { content: { "application/json": { schema: VersionBody } } } },
  responses: { 200: { description: "approved", content: { "application/json": { schema: Assignment } } } },
  errors: [409],
});

router.openapi(discountApproveRoute, async (c) => {
  const { studentId, assignmentId } = c.req.valid("param");
  return c.json(
    await approveAssignment(studentId, assignmentId, c.req.valid("json").versionstamp, actorOf(c)),
    200,
  );
});

export default router;
