/**
 * Courses (SPEC §3 Book), the minimum the academic core needs: reading them for transcripts and lessons, and
 * creating one. The courses screen (its own issue) extends this module with the full form, lists and removal.
 */
import type { Book } from "./academic_model.ts";
import { bookIndexes } from "./academic_indexes.ts";
import { createRecord } from "./db_records.ts";
import { getManyRecords, getRecord } from "./db_reads.ts";
import type { Lang } from "../utils/i18n.ts";

export const BOOKS = "books";

export type NewBook = Omit<Book, "id">;

export async function getBook(id: number): Promise<Book | null> {
  return (await getRecord<Book>(BOOKS, id))?.value ?? null;
}

/** The courses of `ids` that exist, by id (duplicates and missing ids are simply absent). */
export async function getBooks(ids: readonly number[]): Promise<Map<number, Book>> {
  const unique = [...new Set(ids)];
  const records = await getManyRecords<Book>(BOOKS, unique);
  return new Map(records.flatMap((r) => (r ? [[r.value.id, r.value] as const] : [])));
}

/** Creates a course; a code another course has → 409 `duplicate` on `code`. */
export async function createBook(input: NewBook, actor: number | null): Promise<Book> {
  const created = await createRecord<Book>({
    collection: BOOKS,
    build: (id) => ({ ...input, id }),
    indexes: bookIndexes,
    audit: { actor },
  });
  return created.value;
}

/** The course's name in the interface language (the English name falls back to the Georgian one). */
export function bookName(book: Pick<Book, "name" | "nameEng">, lang: Lang): string {
  return lang === "en" && book.nameEng ? book.nameEng : book.name;
}
