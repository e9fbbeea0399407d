/**
 * The one writer of audit entries, `["audit", entity, entityId, ulid] → { actor, action, before, after, at }`
 * (ARCHITECTURE §4): db/records.ts adds one to each record write, and services that write keys of their own
 * shape (mailboxes, course dialogs, lessons, translations …) add one to their own atomic with `addAudit`, so the
 * entry commits with the change or not at all. The "view log" readers (db/reads.ts `listAudit`) read them all.
 */
import { nextUlid } from "./ids.ts";
import { valueSize } from "./kv.ts";

export interface AuditWrite {
  entity: string;
  entityId: string | number;
  /** Who made the change; null for the system. */
  actor: number | string | null;
  /** "create", "update", "remove", or what the writer calls its operation ("read", "keywords" …). */
  action: string;
  before: unknown;
  after: unknown;
  /** When it happened, if not now (a decision that carries its own time). */
  at?: string;
  /** More fields for the log, e.g. the operation (`what`) of a course dialog's change. */
  extra?: Record<string, unknown>;
}

/** An entry's largest size: a value over 64 KiB would make the whole write fail. */
const AUDIT_MAX_BYTES = 60 * 1024;

export function addAudit(atomic: Deno.AtomicOperation, write: AuditWrite): Deno.AtomicOperation {
  const { entity, entityId, actor, action, before, after } = write;
  const entry = { actor, action, before, after, at: write.at ?? new Date().toISOString(), ...write.extra };
  // Too large a before/after (a long list of rule students) loses its detail but keeps the edit.
  const stored = valueSize(entry) <= AUDIT_MAX_BYTES
    ? entry
    : { ...entry, before: truncated(before), after: truncated(after) };
  return atomic.set(["audit", entity, entityId, nextUlid()], stored);
}

const truncated = (value: unknown) => value === null ? null : { truncated: true, bytes: valueSize(value) };
