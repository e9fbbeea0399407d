/**
 * The rules of a course's fields (SPEC §3 Book, §5 course form) are written once, as the zod schema in
 * utils/book_schema.ts that the API and the OpenAPI document also use (the course form shows the API's answer);
 * the books service applies it here (the last word, whoever calls it: the API, the seed, a migration).
 */
import type { Book } from "../academic/model.ts";
import { bookOf, BookRules } from "../../utils/book_schema.ts";
import { validationError } from "../../utils/validation_error.ts";

export {
  BOOK_CODE_MAX,
  BOOK_CODE_PATTERN,
  BOOK_DESCRIPTION_MAX,
  BOOK_LANGS,
  BOOK_NAME_MAX,
  BOOK_STATUSES,
  BOOK_TYPES,
  CREDIT_MAX,
  LANG_CODES,
  PRACTICE_TYPES,
} from "../../utils/book_rules.ts";

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

/**
 * A course's fields trimmed and checked (uniqueness of the code is the service's); 422 naming each bad field.
 * Type: empty means 1 (SPEC §3). Language (`lang`): required for type 2, dropped for type 1.
 */
export function normalizeBook(input: BookInput): NewBook {
  const checked = BookRules.safeParse(input);
  if (!checked.success) throw validationError(checked.error.issues, input);
  return bookOf(checked.data);
}
