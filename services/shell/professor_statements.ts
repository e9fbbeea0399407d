/**
 * The professor statement (SPEC §2.5, §7.2 "check professor statement"): academic staff (guard `prof`) confirm
 * a statement once per version; until they do, the shell opens the statement dialog once per session. Nobody
 * else has a statement to check (`isChecked` is true for them).
 * `["professor_statements", userId, version]` → { at, ip }, written once (checked null) and audited.
 */
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import type { Guard } from "../identity/users.ts";
import { AppError } from "../../utils/errors.ts";

/** A new version asks every professor again. */
export const STATEMENT_VERSION = "2026-09";

export interface StatementAcceptance {
  version: string;
  at: string;
  ip: string;
}

const statementKey = (userId: number, version = STATEMENT_VERSION): Deno.KvKey => [
  "professor_statements",
  userId,
  version,
];

export const hasStatement = (guard: Guard) => guard === "prof";

export async function statementChecked(user: { id: number; guard: Guard }): Promise<boolean> {
  if (!hasStatement(user.guard)) return true;
  return (await db().get(statementKey(user.id))).versionstamp !== null;
}

/** Records the confirmation; confirming twice keeps the first. */
export async function acceptStatement(user: { id: number; guard: Guard }, ip: string): Promise<void> {
  if (!hasStatement(user.guard)) throw new AppError(409, "not_academic", "shellLive.errors.academicOnly");
  const key = statementKey(user.id);
  const after: StatementAcceptance = { version: STATEMENT_VERSION, at: new Date().toISOString(), ip };
  const atomic = db().atomic().check({ key, versionstamp: null }).set(key, after);
  addAudit(atomic, {
    entity: "professor_statements",
    entityId: `${user.id}:${STATEMENT_VERSION}`,
    actor: user.id,
    action: "create",
    before: null,
    after,
  });
  await atomic.commit();
}
