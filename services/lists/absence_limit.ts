/**
 * A course's absence limit: the share of a list's lessons a student may miss before the attendance tab warns
 * (`["list_absence_limits", bookId]` → percent, DEFAULT_ABSENCE_LIMIT when unset). Set by holders of
 * ABSENCE_LIMIT_KEY; a change checks the version it was based on (null: the default, nothing stored yet), so two
 * people setting it at once cannot overwrite each other unseen (409), and is audited in the same atomic.
 */
import type { Book } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { getRecord } from "../db/reads.ts";
import { conflict, invalid, notFound } from "../../utils/errors.ts";
import { LISTS_KEY } from "./access.ts";
import { DEFAULT_ABSENCE_LIMIT, keys } from "./model.ts";

export const ABSENCE_LIMIT_KEY = `${LISTS_KEY}.absenceLimit`;
export const ABSENCE_LIMIT_MAX = 100;
const AUDIT_ENTITY = "list_absence_limits";

export interface AbsenceLimit {
  bookId: number;
  /** Percent of the lessons, 0–100. */
  limit: number;
  /** True while the course keeps the default (nothing stored). */
  isDefault: boolean;
  /** The stored value's version; null while the default applies. */
  versionstamp: string | null;
}

async function courseExists(bookId: number): Promise<void> {
  if (!(await getRecord<Book>("books", bookId))) throw notFound("books");
}

const shapeOf = (bookId: number, entry: Deno.KvEntryMaybe<number>): AbsenceLimit => ({
  bookId,
  limit: entry.value ?? DEFAULT_ABSENCE_LIMIT,
  isDefault: entry.value === null,
  versionstamp: entry.versionstamp,
});

export async function getAbsenceLimit(bookId: number): Promise<AbsenceLimit> {
  await courseExists(bookId);
  return shapeOf(bookId, await db().get<number>(keys.absenceLimit(bookId)));
}

/** Sets the limit: 422 unless a whole percent 0–100, 404 for an unknown course, 409 when it changed since read. */
export async function setAbsenceLimit(
  bookId: number,
  input: { limit: number; versionstamp: string | null },
  actor: number | null,
): Promise<AbsenceLimit> {
  if (!Number.isInteger(input.limit) || input.limit < 0 || input.limit > ABSENCE_LIMIT_MAX) {
    throw invalid({ limit: { key: "lists.absenceLimit.range", params: { max: ABSENCE_LIMIT_MAX } } });
  }
  await courseExists(bookId);
  const key = keys.absenceLimit(bookId);
  const current = await db().get<number>(key);
  if (current.versionstamp !== input.versionstamp) throw conflict("errors.editConflict");
  const atomic = db().atomic().check(current).set(key, input.limit);
  addAudit(atomic, {
    entity: AUDIT_ENTITY,
    entityId: bookId,
    actor,
    action: "update",
    before: { limit: current.value ?? DEFAULT_ABSENCE_LIMIT },
    after: { limit: input.limit },
  });
  const result = await atomic.commit();
  if (!result.ok) throw conflict("errors.editConflict");
  return { bookId, limit: input.limit, isDefault: false, versionstamp: result.versionstamp };
}
