/**
 * A course's log (the "view log" row action, SPEC §9 logs 900): its own audit entries (entity `books`, written
 * with each course write) merged with those of its dialogs (books/dialog_store.ts writes them under the dialog's
 * entity and the course's id), newest first, with the actor's name. Entry ids are ULIDs, so ordering the
 * merged lists by id orders them by time. The components dialog's own log reads only its entity.
 */
import { DIALOG_ENTITIES, type DialogEntity } from "./dialog_store.ts";
import { db } from "../db/kv.ts";
import { type AuditEntry, listAudit } from "../db/reads.ts";
import { getUser } from "../identity/users.ts";
import { notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface BookLogEntry {
  id: string;
  at: string;
  actor: number | string | null;
  actorName: string | null;
  action: AuditEntry["action"];
  /** Where it happened: `books` (the course form) or a dialog's entity. */
  source: string;
  /** The dialog operation (e.g. "conditionGroupAdd"); null for the course's own entries. */
  what: string | null;
  before: unknown;
  after: unknown;
}

/** Entities whose entries (keyed by the course's id) make up a course's log. */
export const BOOK_LOG_SOURCES: readonly string[] = ["books", ...DIALOG_ENTITIES];
const PER_SOURCE = 200;
const MAX_ENTRIES = 300;

export async function bookLog(
  bookId: number,
  lang: Lang,
  sources: readonly string[] = BOOK_LOG_SOURCES,
): Promise<BookLogEntry[]> {
  const pages = await Promise.all(sources.map((source) => listAudit(source, bookId, { limit: PER_SOURCE })));
  const merged = pages.flatMap((page, i) => page.items.map((entry) => ({ entry, source: sources[i] })))
    .sort((a, b) => (a.entry.id < b.entry.id ? 1 : a.entry.id > b.entry.id ? -1 : 0))
    .slice(0, MAX_ENTRIES);
  if (merged.length === 0 && (await db().get(["books", bookId])).versionstamp === null) {
    throw notFound("books");
  }
  const actorIds = [
    ...new Set(merged.map((m) => m.entry.actor).filter((a): a is number => typeof a === "number")),
  ];
  const users = new Map(await Promise.all(actorIds.map(async (id) => [id, await getUser(id)] as const)));
  return merged.map(({ entry, source }) => {
    const user = typeof entry.actor === "number" ? users.get(entry.actor) : null;
    return {
      id: entry.id,
      at: entry.at,
      actor: entry.actor,
      actorName: user ? (lang === "en" ? user.nameEn : user.name) : null,
      action: entry.action,
      source,
      what: (entry as AuditEntry & { what?: string }).what ?? null,
      before: entry.before,
      after: entry.after,
    };
  });
}

/** The log of one dialog of a course (the components dialog's own log). */
export function dialogLog(entity: DialogEntity, bookId: number, lang: Lang): Promise<BookLogEntry[]> {
  return bookLog(bookId, lang, [entity]);
}
