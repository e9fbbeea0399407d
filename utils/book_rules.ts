/**
 * The rules of a course's fields (SPEC §3 Book, §5 course form): their domains and the few facts every reader
 * of a course needs (an empty type is 1, only type 2 has a language, how credit is read). The rules themselves
 * are the zod schema built from these (utils/book_schema.ts), written once and used by the API's bodies (so the
 * OpenAPI document), the books service and, through the API's answers, the course form. This module has no zod
 * in it, so the course form can ask `takesLanguage` without shipping a validator.
 */
import { LEVELS } from "./structure_values.ts";

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

/** Trimmed, runs of spaces and tabs made one space. */
export const tidyText = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/[ \t]+/g, " ") : "";
export const blank = (value: unknown) => value === undefined || value === null || value === "";
/** Numbers may come as text from a select ("2"); anything else stays as it came. */
export const numberish = (value: unknown) =>
  typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
/** Credit as typed: a number, or digits with a decimal point or comma; NaN otherwise. */
export const creditOf = (value: unknown) => {
  const raw = typeof value === "string" ? value.trim().replace(",", ".") : value;
  return typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : NaN;
};
/** An empty type means 1 (SPEC §3). */
export const typeOf = (value: unknown) => blank(value) ? 1 : numberish(value);
/** A language-type course (type 2) has a language, required; no other course has one. */
export const takesLanguage = (type: unknown) => typeOf(type) === 2;

export { LEVELS as BOOK_LEVELS };
