/**
 * Category links (SPEC §3 Category link, §2.5 "course category links"): which sub-course categories a course
 * belongs to. `["book_sub_links", bookId, subBookId] → SubLink` with the reverse index
 * `["book_sub_links_by_sub", subBookId, bookId] → bookId` (a linked category cannot be removed). Each add and
 * removal is audited under the course (entity "books"), so the course's log shows it.
 */
import type { Book } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { commitInBatches, db, readMany } from "../db/kv.ts";
import { nextUlid } from "../db/ids.ts";
import { referenceMark } from "../db/records.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { SUB_BOOKS, SUB_LINKS_BY_SUB, type SubBook } from "./sub_books.ts";
import { AppError, conflict, invalid, notFound } from "../../utils/errors.ts";

export const SUB_LINKS = "book_sub_links";

export interface SubLink {
  bookId: number;
  subBookId: number;
  at: string;
}

/** One row of a course's links: the category's id, names, code and credit. */
export interface SubLinkRow {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  credit: number;
}

const linkKey = (bookId: number, subBookId: number): Deno.KvKey => [SUB_LINKS, bookId, subBookId];
const reverseKey = (bookId: number, subBookId: number): Deno.KvKey => [SUB_LINKS_BY_SUB, subBookId, bookId];

/** Links a category to a course: both must exist (422), the category be active, the link new (409). */
export async function addSubLink(
  bookId: number,
  subBookId: number,
  actor: number | null,
): Promise<SubLinkRow> {
  return await untilCommitted(async () => {
    const [book, sub, link] = await db().getMany<[Book, SubBook, SubLink]>([
      ["books", bookId],
      [SUB_BOOKS, subBookId],
      linkKey(bookId, subBookId),
    ]);
    if (book.versionstamp === null) throw notFound("books");
    if (sub.versionstamp === null) throw invalid({ subBookId: { key: "books.errors.unknownSubBook" } });
    if (sub.value.status !== "active") throw invalid({ subBookId: { key: "books.errors.subBookClosed" } });
    if (link.versionstamp !== null) {
      throw new AppError(409, "duplicate", "books.errors.alreadyLinked", {
        fields: { subBookId: { key: "books.errors.alreadyLinked" } },
      });
    }
    const value: SubLink = { bookId, subBookId, at: new Date().toISOString() };
    const atomic = db().atomic()
      .check(book, sub, link)
      .set(linkKey(bookId, subBookId), value)
      .set(reverseKey(bookId, subBookId), bookId)
      // A removal of the category that started before this link sees its mark move, and looks again.
      .set(referenceMark(SUB_BOOKS, subBookId), nextUlid());
    addAudit(atomic, {
      entity: "books",
      entityId: bookId,
      actor,
      action: "create",
      before: null,
      after: { subLink: rowOf(sub.value) },
    });
    return (await atomic.commit()).ok ? rowOf(sub.value) : RETRY;
  });
}

/** Removes one link (404 when there is none). */
export async function removeSubLink(bookId: number, subBookId: number, actor: number | null): Promise<void> {
  const [link, sub] = await db().getMany<[SubLink, SubBook]>([linkKey(bookId, subBookId), [
    SUB_BOOKS,
    subBookId,
  ]]);
  if (link.versionstamp === null) throw notFound(SUB_LINKS);
  const atomic = db().atomic().check(link).delete(link.key).delete(reverseKey(bookId, subBookId));
  addAudit(atomic, {
    entity: "books",
    entityId: bookId,
    actor,
    action: "remove",
    before: { subLink: sub.value ? rowOf(sub.value) : { id: subBookId } },
    after: null,
  });
  if (!(await atomic.commit()).ok) throw conflict("errors.editConflict");
}

/** A course's links, by category id: one page and the total. */
export async function listSubLinks(
  bookId: number,
  paging: { page: number; limit: number },
): Promise<{ data: SubLinkRow[]; total: number }> {
  const ids: number[] = [];
  for await (const entry of db().list<SubLink>({ prefix: [SUB_LINKS, bookId] })) {
    ids.push(entry.key[2] as number);
  }
  const from = (paging.page - 1) * paging.limit;
  const pageIds = ids.slice(from, from + paging.limit);
  const subs = await readMany<SubBook>(pageIds.map((id) => [SUB_BOOKS, id]));
  return {
    data: pageIds.map((id, i) =>
      subs[i].value ? rowOf(subs[i].value!) : { id, name: "", nameEng: "", code: "", credit: 0 }
    ),
    total: ids.length,
  };
}

/** After a course's removal: its links go too (the removal itself is the audited change). */
export async function removeLinksOfBook(bookId: number): Promise<void> {
  const deletes: Deno.KvKey[] = [];
  for await (const entry of db().list<SubLink>({ prefix: [SUB_LINKS, bookId] })) {
    deletes.push(entry.key, reverseKey(bookId, entry.key[2] as number));
  }
  if (deletes.length) await commitInBatches(deletes.map((key) => ({ type: "delete" as const, key })));
}

function rowOf(sub: SubBook): SubLinkRow {
  return { id: sub.id, name: sub.name, nameEng: sub.nameEng, code: sub.code, credit: sub.credit };
}
