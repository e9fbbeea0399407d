/**
 * Reading records, indexes and audit entries (written by `db/records.ts`). Lists page with KV cursors, which
 * callers hand to clients as opaque strings.
 */
import { invalid } from "../../utils/errors.ts";
import { db, readMany } from "./kv.ts";
import type { AuditAction, RecordId, StoredRecord } from "./records.ts";

export interface Page<T> {
  items: T[];
  /** Pass back to get the next page; `null` when there is none. */
  cursor: string | null;
}

export interface PageOptions {
  /** 1–1000, default 50. */
  limit?: number;
  cursor?: string | null;
  reverse?: boolean;
}

export interface AuditEntry {
  /** The entry's ULID (sorts by time). */
  id: string;
  actor: number | string | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
  at: string;
}

export async function getRecord<T>(collection: string, id: RecordId): Promise<StoredRecord<T> | null> {
  const entry = await db().get<T>([collection, id]);
  return entry.versionstamp === null ? null : { id, value: entry.value, versionstamp: entry.versionstamp };
}

/** Records in the order of `ids` (`null` for missing ones), read 10 keys per `getMany`. */
export async function getManyRecords<T>(
  collection: string,
  ids: RecordId[],
): Promise<(StoredRecord<T> | null)[]> {
  const entries = await readMany<T>(ids.map((id) => [collection, id]));
  return entries.map((e, i) =>
    e.versionstamp === null ? null : { id: ids[i], value: e.value, versionstamp: e.versionstamp }
  );
}

/** The id a unique index holds for `value`, or null. */
export async function getByIndex(name: string, value: Deno.KvKeyPart): Promise<RecordId | null> {
  return (await db().get<RecordId>([name, value])).value;
}

/** The record a unique index points to, or null. */
export async function findByIndex<T>(
  collection: string,
  name: string,
  value: Deno.KvKeyPart,
): Promise<StoredRecord<T> | null> {
  const id = await getByIndex(name, value);
  return id === null ? null : await getRecord<T>(collection, id);
}

export function listRecords<T>(collection: string, opts: PageOptions = {}): Promise<Page<StoredRecord<T>>> {
  return listPage<T, StoredRecord<T>>({ prefix: [collection] }, opts, (e) => ({
    id: e.key[1] as RecordId,
    value: e.value,
    versionstamp: e.versionstamp,
  }));
}

/** Ids that a non-unique index holds for `value`, in id order. */
export function listIdsByIndex(
  name: string,
  value: Deno.KvKeyPart,
  opts: PageOptions = {},
): Promise<Page<RecordId>> {
  return listPage<RecordId, RecordId>({ prefix: [name, value] }, opts, (e) => e.value);
}

/** Audit entries of one entity, newest first. */
export function listAudit(
  entity: string,
  entityId: RecordId,
  opts: Omit<PageOptions, "reverse"> = {},
): Promise<Page<AuditEntry>> {
  return listPage<Omit<AuditEntry, "id">, AuditEntry>(
    { prefix: ["audit", entity, entityId] },
    { ...opts, reverse: true },
    (e) => ({ id: e.key[3] as string, ...e.value }),
  );
}

async function listPage<V, R>(
  selector: Deno.KvListSelector,
  opts: PageOptions,
  map: (entry: Deno.KvEntry<V>) => R,
): Promise<Page<R>> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50) || 1, 1), 1000);
  // One entry more than asked tells whether a next page exists, so the last page carries no cursor.
  const iter = db().list<V>(selector, {
    limit: limit + 1,
    cursor: opts.cursor || undefined,
    reverse: opts.reverse,
  });
  const items: R[] = [];
  let cursor: string | null = null;
  try {
    for await (const entry of iter) {
      if (items.length === limit) return { items, cursor };
      items.push(map(entry));
      cursor = iter.cursor;
    }
  } catch (error) {
    // Cursors come from query strings: a mangled one is bad input, not a server error.
    if (error instanceof TypeError && /cursor/i.test(error.message)) {
      throw invalid({ cursor: { key: "errors.invalidCursor" } });
    }
    throw error;
  }
  return { items, cursor: null };
}
