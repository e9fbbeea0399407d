/**
 * Sub-course categories (SPEC §3 Sub-course category; the "sub-books" tab): `["sub_books", id]` with the id
 * the person chose (SPEC §5: id, name and credit are required), an optional unique code, audited under entity
 * "sub_books". A category linked to courses cannot be removed until its links are (books/sub_book_links.ts).
 */
import { addAudit } from "../db/audit_log.ts";
import { BOOK_CODE_MAX, BOOK_CODE_PATTERN, BOOK_NAME_MAX, CREDIT_MAX } from "./rules.ts";
import { db } from "../db/kv.ts";
import { type IndexSpec, removeRecord, type StoredRecord, updateRecord } from "../db/records.ts";
import { getRecord } from "../db/reads.ts";
import { normalizeBookSearch } from "./list_index.ts";
import { AppError, conflict, type FieldError, invalid } from "../../utils/errors.ts";

export const SUB_BOOKS = "sub_books";
export const SUB_LINKS_BY_SUB = "book_sub_links_by_sub";

export interface SubBook {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  credit: number;
  status: "active" | "closed";
}

export interface SubBookInput {
  id?: unknown;
  name?: unknown;
  nameEng?: unknown;
  code?: unknown;
  credit?: unknown;
  status?: unknown;
}

export interface SubBookFilter {
  text?: string;
  credit?: number;
  status?: "active" | "closed";
}

export const SUB_BOOK_ID_MAX = 999_999_999;

export const subBookIndexes = (s: SubBook): IndexSpec[] => [
  { name: "sub_books_by_code", value: s.code ? s.code.toLowerCase() : null, unique: true, field: "code" },
];

type Fields = Record<string, FieldError>;

function text(fields: Fields, name: string, value: unknown, max: number, required: boolean): string {
  if (value !== undefined && value !== null && typeof value !== "string") {
    fields[name] = { key: "errors.invalidType" };
    return "";
  }
  const trimmed = (value ?? "").trim().replace(/\s+/g, " ");
  if (!trimmed && required) fields[name] = { key: "errors.required" };
  else if (trimmed.length > max) fields[name] = { key: "errors.tooLong", params: { max } };
  return trimmed;
}

function number(fields: Fields, name: string, value: unknown, max: number, whole: boolean): number {
  const raw = typeof value === "string" ? value.trim() : value;
  if (raw === undefined || raw === null || raw === "") {
    fields[name] = { key: "errors.required" };
    return 0;
  }
  const n = typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : NaN;
  if (!Number.isFinite(n)) fields[name] = { key: "books.errors.numeric" };
  else if (whole && !Number.isInteger(n)) fields[name] = { key: "books.errors.wholeNumber" };
  else if (n < (whole ? 1 : 0)) fields[name] = { key: "errors.tooSmall", params: { min: whole ? 1 : 0 } };
  else if (n > max) fields[name] = { key: "errors.tooBig", params: { max } };
  return n;
}

/** A category's fields trimmed and checked; 422 naming each bad field. */
export function normalizeSubBook(input: SubBookInput): SubBook {
  const fields: Fields = {};
  const code = text(fields, "code", input.code, BOOK_CODE_MAX, false);
  if (code && !fields.code && !BOOK_CODE_PATTERN.test(code)) fields.code = { key: "errors.invalidFormat" };
  const status = input.status ?? "active";
  if (status !== "active" && status !== "closed") fields.status = { key: "errors.invalidChoice" };
  const sub: SubBook = {
    id: number(fields, "id", input.id, SUB_BOOK_ID_MAX, true),
    name: text(fields, "name", input.name, BOOK_NAME_MAX, true),
    nameEng: text(fields, "nameEng", input.nameEng, BOOK_NAME_MAX, false),
    code,
    credit: number(fields, "credit", input.credit, CREDIT_MAX, false),
    status: status as SubBook["status"],
  };
  if (Object.keys(fields).length) throw invalid(fields);
  return sub;
}

const duplicate = (field: string) =>
  new AppError(409, "duplicate", "errors.duplicate", { fields: { [field]: { key: "errors.duplicate" } } });

/** Creates a category with the id given; a taken id or code → 409 `duplicate` naming the field. */
export async function addSubBook(
  input: SubBookInput,
  actor: number | null,
): Promise<StoredRecord<SubBook, number>> {
  const sub = normalizeSubBook(input);
  const key: Deno.KvKey = [SUB_BOOKS, sub.id];
  const codeKey: Deno.KvKey | null = sub.code ? ["sub_books_by_code", sub.code.toLowerCase()] : null;
  const [existing, codeEntry] = await db().getMany<unknown[]>(codeKey ? [key, codeKey] : [key]);
  if (existing.versionstamp !== null) throw duplicate("id");
  if (codeEntry && codeEntry.versionstamp !== null) throw duplicate("code");
  const atomic = db().atomic().check({ key, versionstamp: null }).set(key, sub);
  if (codeKey) atomic.check({ key: codeKey, versionstamp: null }).set(codeKey, sub.id);
  addAudit(atomic, {
    entity: SUB_BOOKS,
    entityId: sub.id,
    actor,
    action: "create",
    before: null,
    after: sub,
  });
  const result = await atomic.commit();
  // Someone took the id or the code in the meantime: the person tries again and sees which.
  if (!result.ok) throw conflict("errors.editConflict");
  return { id: sub.id, value: sub, versionstamp: result.versionstamp };
}

/** Replaces a category's fields (its id stays); a newer record than the form's → 409 `conflict`. */
export async function editSubBook(
  id: number,
  input: SubBookInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<SubBook>> {
  const sub = normalizeSubBook({ ...input, id });
  return await updateRecord<SubBook>({
    collection: SUB_BOOKS,
    id,
    change: () => sub,
    indexes: subBookIndexes,
    audit: { actor },
    expectedVersionstamp,
  });
}

/** Removes a category; refused (409 `in_use`) while courses link to it. */
export async function removeSubBook(
  id: number,
  actor: number | null,
  expectedVersionstamp: string,
): Promise<SubBook> {
  return await removeRecord<SubBook>({
    collection: SUB_BOOKS,
    id,
    indexes: subBookIndexes,
    audit: { actor },
    expectedVersionstamp,
    async guard() {
      let count = 0;
      for await (const _ of db().list({ prefix: [SUB_LINKS_BY_SUB, id] })) count++;
      if (count) throw new AppError(409, "in_use", "books.errors.subBookInUse", { params: { count } });
    },
  });
}

export async function getSubBook(id: number): Promise<StoredRecord<SubBook> | null> {
  return await getRecord<SubBook>(SUB_BOOKS, id);
}

export interface SubBookRow extends SubBook {
  versionstamp: string;
}

/** Every category (there are tens), by id. */
export async function allSubBooks(): Promise<SubBookRow[]> {
  const rows: SubBookRow[] = [];
  for await (const entry of db().list<SubBook>({ prefix: [SUB_BOOKS] })) {
    rows.push({ ...entry.value, versionstamp: entry.versionstamp });
  }
  return rows;
}

/** Categories matching the filter, by id: one page and the total. */
export async function findSubBooks(
  filter: SubBookFilter,
  paging: { page: number; limit: number },
): Promise<{ rows: SubBookRow[]; total: number }> {
  const needle = filter.text ? normalizeBookSearch(filter.text) : "";
  const matching = (await allSubBooks()).filter((s) =>
    (filter.credit === undefined || s.credit === filter.credit) &&
    (filter.status === undefined || s.status === filter.status) &&
    (!needle || [s.id, s.code, s.name, s.nameEng].join("\u0001").toLowerCase().includes(needle))
  );
  const from = (paging.page - 1) * paging.limit;
  return { rows: matching.slice(from, from + paging.limit), total: matching.length };
}

/** The id the add form proposes: one more than the largest in use. */
export async function nextSubBookId(): Promise<number> {
  let last = 0;
  for await (const entry of db().list({ prefix: [SUB_BOOKS] }, { reverse: true, limit: 1 })) {
    last = entry.key[1] as number;
  }
  return last + 1;
}
