/**
 * The professors of a course (SPEC §3 Book professor, §2.5 professors dialog): who may teach it and at what
 * price, with optional additional pay (hours and price) and free time (hours). A professor is an academic HR
 * person (hr/mod.ts) and appears once per course. One value per course, `["book_professors", bookId]`
 * (books/dialog_store.ts); row ids are per course.
 */
import type { HrPerson } from "../academic/model.ts";
import { changeBookDoc, nowIso, readBookDoc } from "./dialog_store.ts";
import { getHr, listHr } from "../hr/mod.ts";
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface BookProfessor {
  id: number;
  prof_id: number;
  /** The professor's name when saved (the list shows the current one). */
  prof_name: string;
  price: number;
  book_id: number;
  additionalPay: boolean;
  additionalPayTime: number | null;
  additionalPayPrice: number | null;
  hasFreeTime: boolean;
  freeTime: number | null;
  created_at: string;
  updated_at: string;
}

interface BookProfessors {
  rows: BookProfessor[];
  nextId: number;
}

export interface ProfessorInput {
  prof_id: unknown;
  price?: unknown;
  additionalPay?: boolean;
  additionalPayTime?: unknown;
  additionalPayPrice?: unknown;
  hasFreeTime?: boolean;
  freeTime?: unknown;
}

type ProfessorFields = Omit<BookProfessor, "id" | "book_id" | "created_at" | "updated_at">;

const ENTITY = "book_professors";
export const PRICE_MAX = 100_000;
export const HOURS_MAX = 1000;
export const MAX_PROFESSORS = 100;

const numberOf = (value: unknown): number | null =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "")
    ? null
    : typeof value === "number" || typeof value === "string"
    ? Number(value)
    : Number.NaN;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** SPEC §5: the professor is required (book_id comes from the path); amounts and hours are checked numbers. */
export async function normalizeProfessor(input: ProfessorInput): Promise<ProfessorFields> {
  const fields: Record<string, FieldError> = {};
  const amount = (name: string, value: unknown, required: boolean): number | null => {
    const n = numberOf(value);
    if (n === null) {
      if (required) fields[name] = { key: "errors.required" };
      return null;
    }
    if (!Number.isFinite(n) || n < 0 || n > PRICE_MAX || !twoDecimals(n)) {
      fields[name] = { key: "bookDialogs.errors.amount", params: { max: PRICE_MAX } };
    }
    return n;
  };
  const hours = (name: string, value: unknown): number | null => {
    const n = numberOf(value);
    if (n === null) fields[name] = { key: "errors.required" };
    else if (!Number.isFinite(n) || n <= 0 || n > HOURS_MAX || !twoDecimals(n)) {
      fields[name] = { key: "bookDialogs.errors.hours", params: { max: HOURS_MAX } };
    }
    return n;
  };
  const profId = numberOf(input.prof_id);
  let person: HrPerson | null = null;
  if (profId === null || !Number.isSafeInteger(profId) || profId < 1) {
    fields.prof_id = { key: "errors.required" };
  } else {
    person = (await getHr(profId))?.value ?? null;
    if (!person) fields.prof_id = { key: "errors.unknownProfessor" };
    else if (person.kind !== "academic") fields.prof_id = { key: "errors.notAcademic" };
  }
  const price = amount("price", input.price, false) ?? 0;
  const additionalPay = input.additionalPay === true;
  const hasFreeTime = input.hasFreeTime === true;
  const additionalPayTime = additionalPay ? hours("additionalPayTime", input.additionalPayTime) : null;
  const additionalPayPrice = additionalPay
    ? amount("additionalPayPrice", input.additionalPayPrice, true)
    : null;
  const freeTime = hasFreeTime ? hours("freeTime", input.freeTime) : null;
  if (Object.keys(fields).length || !person) throw invalid(fields);
  return {
    prof_id: person.id,
    prof_name: `${person.firstNameKa} ${person.lastNameKa}`,
    price,
    additionalPay,
    additionalPayTime,
    additionalPayPrice,
    hasFreeTime,
    freeTime,
  };
}

const listed = () =>
  new AppError(409, "duplicate", "bookDialogs.errors.professorListed", {
    fields: { prof_id: { key: "bookDialogs.errors.professorListed" } },
  });

export async function addBookProfessor(bookId: number, input: ProfessorInput, actor: number | null) {
  const fields = await normalizeProfessor(input);
  return await changeBookDoc<BookProfessors, BookProfessor>(ENTITY, bookId, actor, (current) => {
    const doc = current ?? { rows: [], nextId: 1 };
    if (doc.rows.some((r) => r.prof_id === fields.prof_id)) throw listed();
    if (doc.rows.length >= MAX_PROFESSORS) {
      throw new AppError(409, "too_many", "bookDialogs.errors.tooMany", { params: { max: MAX_PROFESSORS } });
    }
    const at = nowIso();
    const row: BookProfessor = {
      id: doc.nextId++,
      ...fields,
      book_id: bookId,
      created_at: at,
      updated_at: at,
    };
    doc.rows.push(row);
    return {
      next: doc,
      audit: { action: "create", what: "bookProfessorAdd", before: null, after: row },
      result: row,
    };
  });
}

export async function editBookProfessor(
  bookId: number,
  id: number,
  input: ProfessorInput,
  actor: number | null,
) {
  const fields = await normalizeProfessor(input);
  return await changeBookDoc<BookProfessors, BookProfessor>(ENTITY, bookId, actor, (current) => {
    const row = current?.rows.find((r) => r.id === id);
    if (!current || !row) throw notFound(ENTITY);
    if (current.rows.some((r) => r.id !== id && r.prof_id === fields.prof_id)) throw listed();
    const before = structuredClone(row);
    Object.assign(row, fields, { updated_at: nowIso() });
    return {
      next: current,
      audit: { action: "update", what: "bookProfessorEdit", before, after: row },
      result: row,
    };
  });
}

export function removeBookProfessor(
  bookId: number,
  id: number,
  actor: number | null,
): Promise<BookProfessor> {
  return changeBookDoc<BookProfessors, BookProfessor>(ENTITY, bookId, actor, (current) => {
    const row = current?.rows.find((r) => r.id === id);
    if (!current || !row) throw notFound(ENTITY);
    const rows = current.rows.filter((r) => r !== row);
    return {
      next: rows.length ? { ...current, rows } : null,
      audit: { action: "remove", what: "bookProfessorRemove", before: row, after: null },
      result: row,
    };
  });
}

export interface BookProfessorView extends BookProfessor {
  prof_name_en: string;
}

/** The course's professors with their current names (both scripts), in the order they were added. */
export async function listBookProfessors(bookId: number): Promise<BookProfessorView[]> {
  const rows = (await readBookDoc<BookProfessors>(ENTITY, bookId))?.rows ?? [];
  const people = await Promise.all(rows.map((r) => getHr(r.prof_id)));
  return rows.map((row, i) => {
    const p = people[i]?.value;
    return {
      ...row,
      prof_name: p ? `${p.firstNameKa} ${p.lastNameKa}` : row.prof_name,
      prof_name_en: p ? `${p.firstNameEn} ${p.lastNameEn}` : "",
    };
  });
}

/** Academic staff matching `text` (for the add form's professor picker), at most `limit`. */
export async function professorCandidates(text: string, lang: Lang, limit = 20) {
  const { items } = await listHr({ kind: "academic", text, limit, lang });
  return items.map(({ value: p }) => ({
    id: p.id,
    name: `${p.firstNameKa} ${p.lastNameKa}`,
    nameEn: `${p.firstNameEn} ${p.lastNameEn}`,
    position: p.position,
  }));
}
