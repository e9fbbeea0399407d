/**
 * Discounts (discountList, discountAdd, discountEdit, discountRemove, discountAssign, discountApprove): types
 * (percentage or fixed; scholarship, social, sibling, staff …) and their assignment to a student for a period.
 * An assignment waits for approval; approving it writes the discount as its own ledger line (a percentage of
 * what the student was charged in the period, or the fixed amount), whose source is the assignment, so an
 * approval repeated writes nothing. Types, assignments and approvals are audited.
 */
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { createRecord, removeRecord, updateRecord } from "../db/records.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { appendEntry, listEntries } from "./ledger.ts";
import { AUDIT, type DiscountAssignment, type DiscountType, keys } from "./model.ts";
import { percentOf } from "./money.ts";
import { isIsoDay } from "./projection.ts";
import { AppError, conflict, type FieldError, invalid, notFound } from "../../utils/errors.ts";

const COLLECTION = "finance_discounts";

export type DiscountInput = Omit<DiscountType, "id">;

function discountErrors(input: DiscountInput): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  if (input.kind === "percent" && (input.value < 1 || input.value > 100)) {
    fields.value = { key: "finances.errors.percent" };
  }
  if (input.kind === "fixed" && input.value < 1) fields.value = { key: "finances.errors.positive" };
  return fields;
}

export async function listDiscounts(): Promise<DiscountType[]> {
  const out: DiscountType[] = [];
  for await (const e of db().list<DiscountType>({ prefix: keys.discounts() })) out.push(e.value);
  return out;
}

export async function addDiscount(input: DiscountInput, actor: number | null): Promise<DiscountType> {
  const fields = discountErrors(input);
  if (Object.keys(fields).length) throw invalid(fields);
  const stored = await createRecord<DiscountType>({
    collection: COLLECTION,
    build: (id) => ({ id, ...input }),
    indexes: () => [],
    audit: { actor, entity: AUDIT.discount },
  });
  return stored.value;
}

export async function editDiscount(
  id: number,
  input: DiscountInput,
  actor: number | null,
): Promise<DiscountType> {
  const fields = discountErrors(input);
  if (Object.keys(fields).length) throw invalid(fields);
  const stored = await updateRecord<DiscountType>({
    collection: COLLECTION,
    id,
    change: () => ({ id, ...input }),
    indexes: () => [],
    audit: { actor, entity: AUDIT.discount },
  });
  return stored.value;
}

/** A type given to anyone stays (the assignments name it): 409. */
export async function removeDiscount(id: number, actor: number | null): Promise<void> {
  await removeRecord<DiscountType>({
    collection: COLLECTION,
    id,
    indexes: () => [],
    audit: { actor, entity: AUDIT.discount },
    guard: async () => {
      if ((await listAssignments()).some((a) => a.discountId === id)) {
        throw conflict("finances.errors.discountInUse");
      }
    },
  });
}

/** Assignments (of one student, or everyone's), newest first, each with the versionstamp an approval names. */
export async function listAssignments(
  studentId?: number,
): Promise<(DiscountAssignment & { versionstamp: string })[]> {
  const out: (DiscountAssignment & { versionstamp: string })[] = [];
  for await (const e of db().list<DiscountAssignment>({ prefix: keys.assignments(studentId) })) {
    out.push({ ...e.value, versionstamp: e.versionstamp });
  }
  return out.sort((a, b) => b.at.localeCompare(a.at));
}

export async function assignDiscount(
  input: { studentId: number; discountId: number; from: string; to: string },
  actor: number | null,
): Promise<DiscountAssignment> {
  const fields: Record<string, FieldError> = {};
  if (!isIsoDay(input.from)) fields.from = { key: "finances.errors.date" };
  if (!isIsoDay(input.to)) fields.to = { key: "finances.errors.date" };
  else if (input.to < input.from) fields.to = { key: "finances.errors.period" };
  const [student, discount] = await db().getMany([
    ["students", input.studentId],
    keys.discount(input.discountId),
  ]);
  if (student.versionstamp === null) fields.studentId = { key: "finances.errors.unknownStudent" };
  if (discount.versionstamp === null) fields.discountId = { key: "finances.errors.unknownDiscount" };
  if (Object.keys(fields).length) throw invalid(fields);
  const assignment: DiscountAssignment = {
    id: nextUlid(),
    ...input,
    status: "pending",
    entryId: null,
    by: actor,
    approvedBy: null,
    at: new Date().toISOString(),
  };
  const atomic = db().atomic()
    .check(discount)
    .set(keys.assignment(input.studentId, assignment.id), assignment);
  addAudit(atomic, {
    entity: AUDIT.assignment,
    entityId: input.studentId,
    actor,
    action: "create",
    before: null,
    after: assignment,
  });
  if (!(await atomic.commit()).ok) throw conflict();
  return assignment;
}

/** What the discount is worth: the fixed amount, or its percentage of the period's charges (net of reversals). */
async function amountOf(assignment: DiscountAssignment, discount: DiscountType): Promise<number> {
  if (discount.kind === "fixed") return discount.value;
  const entries = await listEntries(assignment.studentId, assignment.to);
  const inPeriod = entries.filter((e) => e.date >= assignment.from);
  const reversed = new Set(entries.filter((e) => e.reverses).map((e) => e.reverses));
  const charged = inPeriod.filter((e) => e.kind === "charge" && !reversed.has(e.id))
    .reduce((sum, e) => sum + e.amount, 0);
  return percentOf(charged, discount.value);
}

export async function approveAssignment(
  studentId: number,
  assignmentId: string,
  versionstamp: string,
  actor: number | null,
): Promise<DiscountAssignment> {
  const stored = await db().get<DiscountAssignment>(keys.assignment(studentId, assignmentId));
  if (!stored.value) throw notFound("finance_discount_assignments");
  if (stored.versionstamp !== versionstamp) throw conflict("errors.editConflict");
  if (stored.value.status === "approved") return stored.value;
  const discount = (await db().get<DiscountType>(keys.discount(stored.value.discountId))).value;
  if (!discount) throw notFound("finance_discounts");
  const amount = await amountOf(stored.value, discount);
  if (amount <= 0) throw new AppError(422, "nothing_to_discount", "finances.errors.nothingToDiscount");
  const { entry } = await appendEntry({
    studentId,
    kind: "discount",
    amount,
    date: stored.value.from,
    reference: discount.nameEn,
    note: discount.kind === "percent" ? `${discount.value}%` : "",
    source: { type: "discount", id: assignmentId },
  }, actor);
  return await untilCommitted(async () => {
    const current = await db().get<DiscountAssignment>(keys.assignment(studentId, assignmentId));
    const approved: DiscountAssignment = {
      ...current.value!,
      status: "approved",
      entryId: entry.id,
      approvedBy: actor,
    };
    const atomic = db().atomic().check(current).set(current.key, approved);
    addAudit(atomic, {
      entity: AUDIT.assignment,
      entityId: studentId,
      actor,
      action: "approve",
      before: current.value,
      after: approved,
    });
    return (await atomic.commit()).ok ? approved : RETRY;
  });
}
