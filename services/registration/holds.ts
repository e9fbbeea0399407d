/**
 * Holds on a student (`["holds", studentId, holdId]`): a finance, academic or administrative reason the student
 * may not register, shown to them with its reason. Every hold added or removed moves the student's holds count
 * (`holds_version`: its value counts the holds, its versionstamp is the version), which each decision checks, so a hold placed while a registration is being decided is never
 * missed. Other domains (finances) add holds through `addHold`.
 */
import type { Student } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { moveCounter } from "../db/counters.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { AUDIT, type Hold, HOLD_KINDS, type HoldKind, keys } from "./model.ts";
import { invalid, notFound } from "../../utils/errors.ts";

export const REASON_MAX = 500;

export async function listHolds(studentId?: number): Promise<Hold[]> {
  const out: Hold[] = [];
  const prefix = studentId === undefined ? ["holds"] : keys.holds(studentId);
  for await (const e of db().list<Hold>({ prefix })) out.push(e.value);
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export async function addHold(
  input: { studentId: number; kind: HoldKind; reason: string },
  actor: number | null,
): Promise<Hold> {
  const reason = input.reason.trim();
  if (!HOLD_KINDS.includes(input.kind)) throw invalid({ kind: { key: "errors.invalidChoice" } });
  if (!reason) throw invalid({ reason: { key: "errors.required" } });
  if (reason.length > REASON_MAX) {
    throw invalid({ reason: { key: "errors.tooLong", params: { max: REASON_MAX } } });
  }
  const hold: Hold = {
    id: nextUlid(),
    studentId: input.studentId,
    kind: input.kind,
    reason,
    at: new Date().toISOString(),
    by: actor,
  };
  return await untilCommitted(async () => {
    const [student, version] = await db().getMany<[Student, number]>([
      ["students", input.studentId],
      keys.holdsVersion(input.studentId),
    ]);
    if (student.versionstamp === null) {
      throw invalid({ studentId: { key: "registration.errors.unknownStudent" } });
    }
    const atomic = db().atomic().check(student).set(keys.hold(hold.studentId, hold.id), hold);
    moveCounter(atomic, version, 1);
    addAudit(atomic, {
      entity: AUDIT.hold,
      entityId: hold.studentId,
      actor,
      action: "create",
      before: null,
      after: hold,
    });
    return (await atomic.commit()).ok ? hold : RETRY;
  });
}

export async function removeHold(studentId: number, holdId: string, actor: number | null): Promise<void> {
  await untilCommitted(async () => {
    const [hold, version] = await db().getMany<[Hold, number]>([
      keys.hold(studentId, holdId),
      keys.holdsVersion(studentId),
    ]);
    if (hold.versionstamp === null) throw notFound("holds");
    const atomic = db().atomic().check(hold).delete(hold.key);
    moveCounter(atomic, version, -1, { floor: 0 });
    addAudit(atomic, {
      entity: AUDIT.hold,
      entityId: studentId,
      actor,
      action: "remove",
      before: hold.value,
      after: null,
    });
    return (await atomic.commit()).ok ? undefined : RETRY;
  });
}

/** The one hold finances keeps on a student (services/finances/finance_hold.ts), under a fixed id. */
export const FINANCE_HOLD_ID = "0FINANCE0HOLD0000000000000";

/**
 * Adds to `atomic` the finance hold's next state — `reason` places or rewords it, null lifts it — given the
 * hold and holds version as read; a ledger entry calls it so that a debt past the threshold blocks registration,
 * and the payment that clears it lifts the hold, in the entry's own atomic. Nothing is added when nothing changes.
 */
export function financeHoldIn(
  atomic: Deno.AtomicOperation,
  current: Deno.KvEntryMaybe<Hold>,
  version: Deno.KvEntryMaybe<number>,
  studentId: number,
  reason: { ka: string; en: string } | null,
): void {
  if (reason?.ka === current.value?.reason && reason?.en === current.value?.reasonEn) return;
  const hold: Hold | null = reason === null ? null : {
    id: FINANCE_HOLD_ID,
    studentId,
    kind: "finance",
    reason: reason.ka.slice(0, REASON_MAX),
    reasonEn: reason.en.slice(0, REASON_MAX),
    at: current.value?.at ?? new Date().toISOString(),
    by: null,
  };
  atomic.check(current);
  if (hold) atomic.set(keys.hold(studentId, FINANCE_HOLD_ID), hold);
  else atomic.delete(keys.hold(studentId, FINANCE_HOLD_ID));
  // A reworded hold moves the version by 0: its versionstamp still changes, so racing decisions read again.
  moveCounter(atomic, version, current.value ? (hold ? 0 : -1) : 1, { floor: 0 });
  addAudit(atomic, {
    entity: AUDIT.hold,
    entityId: studentId,
    actor: null,
    action: !hold ? "remove" : current.value ? "update" : "create",
    before: current.value,
    after: hold,
  });
}
