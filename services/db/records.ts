/**
 * Records `[collection, id] → value`, written with their index keys, uniqueness checks, a concurrency check and
 * an audit entry in one `kv.atomic()` (ARCHITECTURE §4). Services describe a record's indexes with a function
 * `indexes(value) → IndexSpec[]`, used both to write new index keys and to find the stale ones to delete.
 *
 * Callbacks (`build`, `change`, `guard`) run while this process holds the write queue of the key concerned
 * (the collection's counter for numeric creates, else the record): they must not write that same key, or the
 * write waits for itself.
 */
import { AppError, conflict, invalid, notFound } from "../../utils/errors.ts";
import { addAudit } from "./audit_log.ts";
import { counterValue, moveCounter } from "./counters.ts";
import { nextUlid } from "./ids.ts";
import { db, keyId, readMany } from "./kv.ts";
import { RETRY, serialized, untilCommitted } from "./retry.ts";

export type RecordId = number | string;

/** One index entry of a record; `value: null` leaves the record out of that index (an empty optional field). */
export interface IndexSpec {
  /** `<collection>_by_<field>`, e.g. `books_by_code`. */
  name: string;
  value: Deno.KvKeyPart | null;
  unique?: boolean;
  /** Form field named by a duplicate error; by default the part of `name` after `_by_`. */
  field?: string;
}

/** Who made a change (`null` for the system) and the audit entity, which defaults to the collection. */
export interface AuditInfo {
  actor: number | string | null;
  entity?: string;
}

export interface StoredRecord<T, I extends RecordId = RecordId> {
  id: I;
  value: T;
  versionstamp: string;
}

export type AuditAction = "create" | "update" | "remove";

/**
 * A record this one points to (a program's school, a student's program). It must exist when the write
 * commits; the write also marks it, so that removing it in a race fails and re-checks its users.
 */
export interface Reference {
  collection: string;
  id: RecordId;
  /** Form field that names it, for the error when it does not exist. */
  field: string;
  /** i18n key of that field error, e.g. "errors.unknownSchool". */
  messageKey: string;
}

interface CreateBase<T, I extends RecordId> {
  collection: string;
  build(id: I): T | Promise<T>;
  indexes(value: T): IndexSpec[];
  audit: AuditInfo;
  references?(value: T): Reference[];
  /** What the audit log keeps of a value: secrets (password hashes) must not be copied into it. */
  auditView?(value: T): unknown;
}

interface WriteBase<T> {
  collection: string;
  id: RecordId;
  indexes(value: T): IndexSpec[];
  audit: AuditInfo;
  references?(value: T): Reference[];
  auditView?(value: T): unknown;
  /** The versionstamp the person's form was based on; a newer record → 409 `conflict` (errors.editConflict). */
  expectedVersionstamp?: string;
}

export interface UpdateOptions<T> extends WriteBase<T> {
  /** Receives a copy of the current value; called again on a retry, so it must not have side effects. */
  change(current: T): T | Promise<T>;
}

export interface RemoveOptions<T> extends WriteBase<T> {
  /** Refuses the removal by throwing (e.g. "still in use"); may return checks of keys it read, so that the
   * removal fails if they change before it commits. */
  guard?(current: T): Promise<Deno.AtomicCheck[] | void> | Deno.AtomicCheck[] | void;
}

type Indexed = IndexSpec & { value: Deno.KvKeyPart };

/** Numeric id from the counter `["counters", collection]`, advanced in the same atomic; ids start at 1. */
export function createRecord<T>(
  opts: CreateBase<T, number> & { numericId?: true; id?: undefined },
): Promise<StoredRecord<T, number>>;
/** String id: `id` if given (taken → 409 duplicate on field `id`), else a new ULID. */
export function createRecord<T>(
  opts: CreateBase<T, string> & ({ numericId: false; id?: string } | { id: string }),
): Promise<StoredRecord<T, string>>;
export function createRecord<T>(
  opts: CreateBase<T, RecordId> & { numericId?: boolean; id?: string },
): Promise<StoredRecord<T>> {
  const { collection } = opts;
  const counterKey = ["counters", collection];
  const counted = opts.id === undefined && opts.numericId !== false;
  const fixedId = counted ? "" : opts.id ?? nextUlid();
  return serialized(counted ? counterKey : [collection, fixedId], () =>
    untilCommitted(async () => {
      const kv = db();
      const counter = counted ? await kv.get<number>(counterKey) : null;
      const id = counter ? counterValue(counter) + 1 : fixedId;
      const key = [collection, id];
      const value = await opts.build(id);
      const specs = present(opts.indexes(value));
      const [existing, claims] = await Promise.all([kv.get(key), claimUnique(specs, id)]);
      if (existing.versionstamp !== null) {
        if (!counter) throw duplicate({ name: collection, value: id, field: "id" });
        // Our counter read may be stale (another writer took this id since): then simply try again.
        if ((await kv.get(counterKey)).versionstamp !== counter.versionstamp) return RETRY;
        throw new Error(`counter ${collection} is behind: record ${id} exists (seeded without reserveIds?)`);
      }
      const atomic = kv.atomic().check({ key, versionstamp: null });
      await claimReferences(atomic, opts.references?.(value) ?? []);
      if (counter) moveCounter(atomic, counter, 1);
      for (const check of claims) atomic.check(check);
      atomic.set(key, value);
      for (const spec of specs) atomic.set(indexKey(spec, id), id);
      addAudit(atomic, auditWrite(opts.audit, collection, id, "create", null, view(opts, value)));
      const result = await atomic.commit();
      return result.ok ? { id, value, versionstamp: result.versionstamp } : RETRY;
    }));
}

/** Applies `change` to the current value, moving index keys whose values changed. Not found → 404. */
export function updateRecord<T>(opts: UpdateOptions<T>): Promise<StoredRecord<T>> {
  const key = [opts.collection, opts.id];
  return serialized(key, () =>
    untilCommitted(async () => {
      const current = await loadForWrite<T>(key, opts);
      const before = current.value;
      const value = await opts.change(structuredClone(before));
      // Index keys present before and after stay untouched; only stale ones go and fresh ones come.
      const stale = new Map(present(opts.indexes(before)).map((s) => [keyId(indexKey(s, opts.id)), s]));
      const fresh = present(opts.indexes(value)).filter((s) => !stale.delete(keyId(indexKey(s, opts.id))));
      const claims = await claimUnique(fresh, opts.id);
      const atomic = db().atomic().check(current);
      await claimReferences(atomic, opts.references?.(value) ?? []);
      for (const check of claims) atomic.check(check);
      for (const spec of stale.values()) atomic.delete(indexKey(spec, opts.id));
      for (const spec of fresh) atomic.set(indexKey(spec, opts.id), opts.id);
      atomic.set(key, value);
      addAudit(
        atomic,
        auditWrite(opts.audit, opts.collection, opts.id, "update", view(opts, before), view(opts, value)),
      );
      const result = await atomic.commit();
      return result.ok ? { id: opts.id, value, versionstamp: result.versionstamp } : RETRY;
    }));
}

/** Deletes the record and its index keys; returns the value it had. Not found → 404. */
export function removeRecord<T>(opts: RemoveOptions<T>): Promise<T> {
  const key = [opts.collection, opts.id];
  return serialized(key, () =>
    untilCommitted(async () => {
      const current = await loadForWrite<T>(key, opts);
      // Read before the guard: a record that starts to refer to this one meanwhile moves this mark.
      const mark = await db().get(referenceMark(opts.collection, opts.id));
      const checks = (await opts.guard?.(current.value)) ?? [];
      const atomic = db().atomic().check(current, mark, ...checks).delete(key).delete(mark.key);
      for (const spec of present(opts.indexes(current.value))) atomic.delete(indexKey(spec, opts.id));
      addAudit(
        atomic,
        auditWrite(opts.audit, opts.collection, opts.id, "remove", view(opts, current.value), null),
      );
      return (await atomic.commit()).ok ? current.value : RETRY;
    }));
}

/** Advances a counter by `count` in one atomic and returns the first id of the block (seeding, imports). */
export function reserveIds(collection: string, count: number): Promise<number> {
  const key = ["counters", collection];
  return serialized(key, () =>
    untilCommitted(async () => {
      const atomic = db().atomic();
      const last = moveCounter(atomic, await db().get(key), count);
      return (await atomic.commit()).ok ? last - count + 1 : RETRY;
    }));
}

/** The entries `createRecord` would write for a record, without audit: for `bulkSet` when seeding. */
export function recordEntries<T>(
  collection: string,
  id: RecordId,
  value: T,
  indexes: IndexSpec[],
): [Deno.KvKey, unknown][] {
  return [
    [[collection, id], value],
    ...present(indexes).map((s): [Deno.KvKey, unknown] => [indexKey(s, id), id]),
  ];
}

/** The key a reference moves on the record it points to (see `Reference`). */
export const referenceMark = (
  collection: string,
  id: RecordId,
): Deno.KvKey => ["reference_marks", collection, id];

/** Checks that every referenced record exists (422 naming the field otherwise) and marks each one. */
async function claimReferences(atomic: Deno.AtomicOperation, refs: Reference[]): Promise<void> {
  const entries = await readMany(refs.map((r) => [r.collection, r.id]));
  const missing = refs.filter((_, i) => entries[i].versionstamp === null);
  if (missing.length) throw invalid(Object.fromEntries(missing.map((r) => [r.field, { key: r.messageKey }])));
  for (const [i, ref] of refs.entries()) {
    atomic.check(entries[i]).set(referenceMark(ref.collection, ref.id), nextUlid());
  }
}

async function loadForWrite<T>(
  key: Deno.KvKey,
  opts: { collection: string; expectedVersionstamp?: string },
): Promise<Deno.KvEntry<T>> {
  const current = await db().get<T>(key);
  if (current.versionstamp === null) throw notFound(opts.collection);
  if (opts.expectedVersionstamp !== undefined && current.versionstamp !== opts.expectedVersionstamp) {
    throw conflict("errors.editConflict");
  }
  return current;
}

/**
 * Refuses unique keys another record holds now, and returns checks that fail the atomic if one is taken before
 * it commits; the retry then re-reads and reports the duplicate (or, with an expected versionstamp, the
 * concurrent edit).
 */
async function claimUnique(specs: Indexed[], id: RecordId): Promise<Deno.AtomicCheck[]> {
  const uniques = specs.filter((s) => s.unique);
  const entries = await readMany<RecordId>(uniques.map((s) => indexKey(s, id)));
  return entries.map((entry, i) => {
    if (entry.value !== null && entry.value !== id) throw duplicate(uniques[i]);
    return { key: entry.key, versionstamp: entry.versionstamp };
  });
}

function duplicate(spec: IndexSpec): AppError {
  const field = spec.field ?? spec.name.slice(spec.name.lastIndexOf("_by_") + 4);
  return new AppError(409, "duplicate", "errors.duplicate", {
    fields: { [field]: { key: "errors.duplicate" } },
  });
}

const auditWrite = (
  audit: AuditInfo,
  collection: string,
  id: RecordId,
  action: AuditAction,
  before: unknown,
  after: unknown,
) => ({ entity: audit.entity ?? collection, entityId: id, actor: audit.actor, action, before, after });

const view = <T>(opts: { auditView?(value: T): unknown }, value: T) =>
  opts.auditView ? opts.auditView(value) : value;

const present = (specs: IndexSpec[]) => specs.filter((s): s is Indexed => s.value !== null);

const indexKey = (spec: Indexed, id: RecordId): Deno.KvKey =>
  spec.unique ? [spec.name, spec.value] : [spec.name, spec.value, id];
