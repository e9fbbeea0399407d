/**
 * Per-course flags the courses list shows and filters by, derived from the course's dialogs: `conditionStatus`
 * (1 while any condition group, GPA limit or program restriction exists) and `componentCount`. They live beside
 * the course, not in its record, so that a change in a dialog never bumps the course's versionstamp and never
 * turns someone's open edit form into a false conflict.
 *
 * Every flags write also sets `["meta", "book_flags_version"]` in the same atomic; the courses snapshot compares
 * that key's versionstamp to know when to re-read the flags (in this process or any other).
 */
import { db, readMany } from "../db/kv.ts";

export interface BookFlags {
  conditionStatus: 0 | 1;
  componentCount: number;
}

export const BOOK_FLAGS = "book_flags";
export const BOOK_FLAGS_VERSION_KEY: Deno.KvKey = ["meta", "book_flags_version"];
export const NO_FLAGS: BookFlags = { conditionStatus: 0, componentCount: 0 };

/** Adds the write of one course's flags (and the version bump) to the caller's atomic. */
export function addBookFlagsWrite(atomic: Deno.AtomicOperation, bookId: number, flags: BookFlags): void {
  atomic.set([BOOK_FLAGS, bookId], flags).set(BOOK_FLAGS_VERSION_KEY, Date.now());
}

export async function getBookFlags(bookId: number): Promise<BookFlags> {
  return (await db().get<BookFlags>([BOOK_FLAGS, bookId])).value ?? NO_FLAGS;
}

/** Flags of every course that has any; a course absent from the map has NO_FLAGS. */
export async function readAllBookFlags(): Promise<Map<number, BookFlags>> {
  const flags = new Map<number, BookFlags>();
  for await (const entry of db().list<BookFlags>({ prefix: [BOOK_FLAGS] })) {
    flags.set(entry.key[1] as number, entry.value);
  }
  return flags;
}

/** Flags of the given courses, by id (missing ones have NO_FLAGS). */
export async function getManyBookFlags(ids: readonly number[]): Promise<Map<number, BookFlags>> {
  const entries = await readMany<BookFlags>(ids.map((id) => [BOOK_FLAGS, id]));
  return new Map(ids.map((id, i) => [id, entries[i]?.value ?? NO_FLAGS]));
}
