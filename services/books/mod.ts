/**
 * The books domain (services/books/) owns courses and everything attached to one: conditions and eligibility,
 * professors, rule students, syllabuses, components, sub-course categories and links, the log, the list
 * snapshot and export. This file: courses (SPEC §3 Book): reading them (for transcripts, lessons and the
 * courses screen) and the course form's writes — validated (books/rules.ts), the code unique, audited under
 * entity "books", with the optimistic concurrency check of db/records.ts — and removal, refused while lessons
 * or transcripts refer to the course. Each write advances the courses' version (books/version.ts) so that
 * every process's list sees it.
 */
import type { Book } from "../academic/model.ts";
import { bookIndexes } from "../academic/indexes.ts";
import { type BookInput, type NewBook, normalizeBook } from "./rules.ts";
import { booksChanged } from "./version.ts";
import { db } from "../db/kv.ts";
import { createRecord, removeRecord, type StoredRecord, updateRecord } from "../db/records.ts";
import { getManyRecords, getRecord } from "../db/reads.ts";
import { removeLinksOfBook } from "./sub_book_links.ts";
import { removeBookDialogData } from "./dialog_store.ts";
import { deleteFile } from "../db/files.ts";
import { AppError } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export type { BookInput, NewBook } from "./rules.ts";

export const BOOKS = "books";

export async function getBook(id: number): Promise<Book | null> {
  return (await getRecord<Book>(BOOKS, id))?.value ?? null;
}

/** A course with the versionstamp an edit form sends back. */
export async function getStoredBook(id: number): Promise<StoredRecord<Book> | null> {
  return await getRecord<Book>(BOOKS, id);
}

/** The courses of `ids` that exist, by id (duplicates and missing ids are simply absent). */
export async function getBooks(ids: readonly number[]): Promise<Map<number, Book>> {
  const unique = [...new Set(ids)];
  const records = await getManyRecords<Book>(BOOKS, unique);
  return new Map(records.flatMap((r) => (r ? [[r.value.id, r.value] as const] : [])));
}

/** Creates a course from checked fields; a code another course has → 409 `duplicate` on `code`. */
export async function createBook(input: NewBook, actor: number | null): Promise<Book> {
  return (await insert(input, actor)).value;
}

/** The course form's add: every field checked (422 naming each bad one), then created. */
export async function addBook(input: BookInput, actor: number | null): Promise<StoredRecord<Book, number>> {
  return await insert(normalizeBook(input), actor);
}

async function insert(fields: NewBook, actor: number | null): Promise<StoredRecord<Book, number>> {
  const created = await createRecord<Book>({
    collection: BOOKS,
    build: (id) => ({ ...fields, id }),
    indexes: bookIndexes,
    audit: { actor },
  });
  await booksChanged(created.id);
  return created;
}

/**
 * The course form's edit: replaces the form's fields (the GPA limit, set in the conditions dialog, stays);
 * `expectedVersionstamp` is what the form was based on, and a newer record → 409 `conflict`.
 */
export async function editBook(
  id: number,
  input: BookInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<Book>> {
  const fields = normalizeBook(input);
  const updated = await updateRecord<Book>({
    collection: BOOKS,
    id,
    change: (book) => ({ ...fields, gpaLimit: book.gpaLimit, id }),
    indexes: bookIndexes,
    audit: { actor },
    expectedVersionstamp,
  });
  await booksChanged(id);
  return updated;
}

/**
 * Removes a course: refused (409 `in_use`, saying what refers to it) while timetable lessons or transcript
 * entries name it. Lessons and transcript entries move the course's reference mark, so one added while this
 * removal runs makes it fail and look again. Its category links go with it.
 */
export async function removeBook(
  id: number,
  actor: number | null,
  expectedVersionstamp: string,
): Promise<Book> {
  const removed = await removeRecord<Book>({
    collection: BOOKS,
    id,
    indexes: bookIndexes,
    audit: { actor },
    expectedVersionstamp,
    async guard() {
      const [lessons, transcripts] = await Promise.all([
        countPrefix(["timetable_by_book", id]),
        countPrefix(["transcripts_by_book", id]),
      ]);
      if (lessons || transcripts) {
        throw new AppError(409, "in_use", "books.errors.inUse", { params: { lessons, transcripts } });
      }
    },
  });
  await booksChanged(id);
  await removeLinksOfBook(id);
  // What the course's dialogs kept (conditions, professors, rule students, components, syllabus files) goes
  // with it; their audit stays, so the removed course's log can still be read.
  await removeBookDialogData(id, deleteFile);
  return removed;
}

const COUNT_CAP = 100_000;

async function countPrefix(prefix: Deno.KvKey): Promise<number> {
  let count = 0;
  for await (const _ of db().list({ prefix }, { limit: COUNT_CAP, batchSize: 1000 })) count++;
  return count;
}

/** The course's name in the interface language (the English name falls back to the Georgian one). */
export function bookName(book: Pick<Book, "name" | "nameEng">, lang: Lang): string {
  return lang === "en" && book.nameEng ? book.nameEng : book.name;
}
