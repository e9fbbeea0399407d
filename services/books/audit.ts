/**
 * Audit entries for the courses screen's writes that db/records.ts does not make itself (a sub-course with the
 * id the person chose, category links): the same key and shape, `["audit", entity, entityId, ulid] →
 * { actor, action, before, after, at }`, added to the write's own atomic so that the log never misses a change.
 */
import { monotonicFactory } from "ulid";
import type { AuditAction, RecordId } from "../db/records.ts";

const nextUlid = monotonicFactory();

export function addAuditEntry(
  atomic: Deno.AtomicOperation,
  entry: {
    entity: string;
    id: RecordId;
    actor: number | string | null;
    action: AuditAction;
    before: unknown;
    after: unknown;
  },
): void {
  const { entity, id, ...rest } = entry;
  atomic.set(["audit", entity, id, nextUlid()], { ...rest, at: new Date().toISOString() });
}
