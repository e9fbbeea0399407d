/**
 * One audit entry added to an atomic, for services that write their own keys rather than records through
 * db/records.ts (mailboxes, shell flags, translations). Same shape and key as db/records.ts writes, so the
 * "view log" readers (db/reads.ts `listAudit`) read these too.
 */
import { monotonicFactory } from "ulid";

const nextUlid = monotonicFactory();

export function addAuditEntry(
  atomic: Deno.AtomicOperation,
  entity: string,
  entityId: string | number,
  actor: number | null,
  action: string,
  before: unknown,
  after: unknown,
): Deno.AtomicOperation {
  return atomic.set(["audit", entity, entityId, nextUlid()], {
    actor,
    action,
    before,
    after,
    at: new Date().toISOString(),
  });
}
