/**
 * The data of the course dialogs (conditions, professors, rule students, syllabuses, components): one KV value
 * per course and dialog, `[entity, bookId]`. Each of them is small and always read and written whole, so one
 * value gives every change a single atomic with one concurrency check, and a course's data never spreads over
 * keys that could drift apart.
 *
 * Every change writes, in the same atomic: the new value, an audit entry `["audit", entity, bookId, ulid]`
 * (what bookLog merges with the course's own audit), the course's list flags when they change (books/flags.ts;
 * never the course record, so an open course form does not turn into a false conflict), and the course's
 * reference mark, so that a removal of the course racing this write re-runs its guard.
 */
import type { Book } from "../academic/model.ts";
import { addBookFlagsWrite, BOOK_FLAGS, BOOK_FLAGS_VERSION_KEY, type BookFlags, NO_FLAGS } from "./flags.ts";
import { db, KV_LIMITS, valueSize } from "../db/kv.ts";
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { type AuditAction, referenceMark } from "../db/records.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { AppError, notFound } from "../../utils/errors.ts";

export type DialogEntity =
  | "book_conditions"
  | "book_professors"
  | "rule_students"
  | "syllabuses"
  | "book_components";

/** Every dialog entity, for the course's merged log. */
export const DIALOG_ENTITIES: readonly DialogEntity[] = [
  "book_conditions",
  "book_professors",
  "rule_students",
  "syllabuses",
  "book_components",
];

/** What one change does; `next: null` deletes the value (the dialog is empty again). */
export interface DialogChange<T, R> {
  next: T | null;
  audit: {
    action: AuditAction;
    /** The operation, e.g. "conditionGroupAdd": the log names it. */
    what: string;
    before: unknown;
    after: unknown;
  };
  /** Flags of the course list that this change sets (the others are kept). */
  flags?: Partial<BookFlags>;
  result: R;
}

/** A dialog's audit entry: the fields of db_records' entries plus the operation. */
export interface DialogAuditValue {
  actor: number | string | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
  at: string;
  what: string;
}

/** The courses collection (services/books/mod.ts). */
const BOOKS = "books";

/** The course, or 404. */
export async function requireBook(bookId: number): Promise<Deno.KvEntry<Book>> {
  const entry = await db().get<Book>([BOOKS, bookId]);
  if (entry.versionstamp === null) throw notFound(BOOKS);
  return entry;
}

/** A course's value of one dialog (null when it has none); 404 when the course does not exist. */
export async function readBookDoc<T>(entity: DialogEntity, bookId: number): Promise<T | null> {
  const [book, doc] = await db().getMany<[Book, T]>([[BOOKS, bookId], [entity, bookId]]);
  if (book.versionstamp === null) throw notFound(BOOKS);
  return doc.value;
}

/**
 * Set (blindly: dialog writes never conflict on it) by every dialog write: copies of the dialogs' values kept
 * in a process (registration's sections and eligibility display) compare its versionstamp, so an edit through
 * any instance shows at their next read.
 */
export const BOOK_DIALOGS_VERSION_KEY: Deno.KvKey = ["meta", "book_dialogs_version"];

/**
 * Applies `change` to the course's current value and commits it with its audit entry and flags. `change` may
 * throw an AppError to refuse; it runs again when another writer got in first, so it must not have effects.
 */
export async function changeBookDoc<T, R>(
  entity: DialogEntity,
  bookId: number,
  actor: number | null,
  change: (current: T | null, book: Book) => DialogChange<T, R> | Promise<DialogChange<T, R>>,
): Promise<R> {
  const kv = db();
  return await untilCommitted(async () => {
    const [book, doc, flags] = await kv.getMany<[Book, T, BookFlags]>([
      [BOOKS, bookId],
      [entity, bookId],
      [BOOK_FLAGS, bookId],
    ]);
    if (book.versionstamp === null) throw notFound(BOOKS);
    const planned = await change(doc.value === null ? null : structuredClone(doc.value), book.value);
    const atomic = kv.atomic().check(book).check(doc);
    if (planned.next === null) atomic.delete([entity, bookId]);
    else {
      if (valueSize(planned.next) > KV_LIMITS.valueBytes - 1024) {
        throw new AppError(409, "too_large", "bookDialogs.errors.tooMuchData");
      }
      atomic.set([entity, bookId], planned.next);
    }
    if (planned.flags) {
      const current = flags.value ?? NO_FLAGS;
      const merged: BookFlags = { ...current, ...planned.flags };
      if (
        merged.conditionStatus !== current.conditionStatus || merged.componentCount !== current.componentCount
      ) {
        atomic.check(flags);
        addBookFlagsWrite(atomic, bookId, merged);
      }
    }
    atomic.set(referenceMark(BOOKS, bookId), nextUlid()).set(BOOK_DIALOGS_VERSION_KEY, Date.now());
    const { what, ...audit } = planned.audit;
    addAudit(atomic, { entity, entityId: bookId, actor, ...audit, extra: { what } });
    return (await atomic.commit()).ok ? planned.result : RETRY;
  });
}

/** Now, as the dialogs' records store times. */
export const nowIso = () => new Date().toISOString();

/**
 * Drops what the dialogs kept for a course that has been removed (its values and flags; the audit stays, so
 * the log of a removed course can still be read). Files of its syllabuses are deleted by the caller's
 * `onFile` (db/files.ts), which this module does not know about.
 */
export async function removeBookDialogData(bookId: number, onFile?: (fileId: string) => Promise<unknown>) {
  const syllabuses = await db().get<{ items: { fileId: string }[] }>(["syllabuses", bookId]);
  const atomic = db().atomic();
  for (const entity of DIALOG_ENTITIES) atomic.delete([entity, bookId]);
  atomic.delete([BOOK_FLAGS, bookId]).set(BOOK_FLAGS_VERSION_KEY, Date.now());
  await atomic.commit();
  for (const file of syllabuses.value?.items ?? []) await onFile?.(file.fileId);
}
