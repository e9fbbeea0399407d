/**
 * The rules of a course's fields (SPEC §3 Book, §5 course form), shared by the books service (the last word,
 * whoever calls it) and the API's zod schemas (which report the same length limits before any read). Every
 * failure names its field with an i18n key, so the form shows all its errors together in the person's language.
 */
import { type Book, LEVELS } from "../academic/model.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";

export const BOOK_NAME_MAX = 200;
export const BOOK_CODE_MAX = 30;
export const BOOK_DESCRIPTION_MAX = 2000;
export const CREDIT_MAX = 100;
/** SPEC §3: the languages of a language-type course (type 2). */
export const BOOK_LANGS = ["gr", "en", "fr", "ru", "es", "tu"] as const;
export const BOOK_TYPES = [1, 2] as const;
export const BOOK_STATUSES = ["active", "closed"] as const;
export const LANG_CODES = ["geo", "eng"] as const;
export const PRACTICE_TYPES = ["", "praktika", "nashromi"] as const;
/** Letters, digits and the separators real course codes use ("CSE-1001", "MATH 101", "ECON_2.1"). */
export const BOOK_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._\/-]*$/u;

export type NewBook = Omit<Book, "id">;

/** What a form sends: any field may be missing or of the wrong type; `normalizeBook` says which. */
export interface BookInput {
  name?: unknown;
  nameEng?: unknown;
  code?: unknown;
  description?: unknown;
  credit?: unknown;
  type?: unknown;
  status?: unknown;
  lang?: unknown;
  langCode?: unknown;
  nashromi_praqtika_type?: unknown;
  medic?: unknown;
  level?: unknown;
}

type Fields = Record<string, FieldError>;

function text(fields: Fields, name: string, value: unknown, max: number, required: boolean): string {
  if (value !== undefined && value !== null && typeof value !== "string") {
    fields[name] = { key: "errors.invalidType" };
    return "";
  }
  const trimmed = (value ?? "").trim().replace(/[ \t]+/g, " ");
  if (!trimmed && required) fields[name] = { key: "errors.required" };
  else if (trimmed.length > max) fields[name] = { key: "errors.tooLong", params: { max } };
  return trimmed;
}

/** Credit: a number (a form may send it as text) from 0 to CREDIT_MAX, in halves at the finest. */
function credit(fields: Fields, value: unknown): number {
  const raw = typeof value === "string" ? value.trim().replace(",", ".") : value;
  if (raw === undefined || raw === null || raw === "") {
    fields.credit = { key: "errors.required" };
    return 0;
  }
  const n = typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : NaN;
  if (!Number.isFinite(n)) fields.credit = { key: "books.errors.numeric" };
  else if (n < 0) fields.credit = { key: "errors.tooSmall", params: { min: 0 } };
  else if (n > CREDIT_MAX) fields.credit = { key: "errors.tooBig", params: { max: CREDIT_MAX } };
  else if (!Number.isInteger(n * 2)) fields.credit = { key: "books.errors.creditStep" };
  return n;
}

function choice<T extends string | number>(
  fields: Fields,
  name: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (!allowed.includes(value as T)) {
    fields[name] = {
      key: value === undefined || value === null || value === "" ? "errors.required" : "errors.invalidChoice",
    };
  }
  return value as T;
}

/** A choice that may be left empty (null); anything else must be one of `allowed`. */
function optionalChoice<T extends string | number>(
  fields: Fields,
  name: string,
  value: unknown,
  allowed: readonly T[],
): T | null {
  return value === undefined || value === null || value === "" ? null : choice(fields, name, value, allowed);
}

/** Numbers may come as text from a select ("2"); empty stays empty. */
const numberish = (value: unknown) =>
  typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/**
 * A course's fields trimmed and checked (uniqueness of the code is the service's); 422 naming each bad field.
 * Type: empty means 1 (SPEC §3). Language (`lang`): required for type 2, dropped for type 1.
 */
export function normalizeBook(input: BookInput): NewBook {
  const fields: Fields = {};
  const rawType = numberish(input.type);
  const type = rawType === undefined || rawType === null || rawType === ""
    ? 1
    : choice(fields, "type", rawType, BOOK_TYPES);
  const code = text(fields, "code", input.code, BOOK_CODE_MAX, false);
  if (code && !fields.code && !BOOK_CODE_PATTERN.test(code)) fields.code = { key: "errors.invalidFormat" };
  const lang = type === 2
    ? choice(fields, "lang", input.lang === "" ? undefined : input.lang, BOOK_LANGS)
    : null;
  const medic = input.medic ?? false;
  if (typeof medic !== "boolean") fields.medic = { key: "errors.invalidType" };
  const book: NewBook = {
    name: text(fields, "name", input.name, BOOK_NAME_MAX, true),
    nameEng: text(fields, "nameEng", input.nameEng, BOOK_NAME_MAX, false),
    code,
    description: text(fields, "description", input.description, BOOK_DESCRIPTION_MAX, false),
    credit: credit(fields, input.credit),
    type,
    status: choice(fields, "status", input.status, BOOK_STATUSES),
    lang,
    langCode: choice(fields, "langCode", input.langCode, LANG_CODES),
    nashromi_praqtika_type: choice(
      fields,
      "nashromi_praqtika_type",
      input.nashromi_praqtika_type ?? "",
      PRACTICE_TYPES,
    ),
    medic: medic === true,
    // SPEC §5 requires name, credit, type, status and langCode; the level may stay empty.
    level: optionalChoice(fields, "level", numberish(input.level), LEVELS),
    gpaLimit: null,
  };
  if (Object.keys(fields).length) throw invalid(fields);
  return book;
}
