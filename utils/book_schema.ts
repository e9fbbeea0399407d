/**
 * The course form's body and its rules as one zod schema (the facts it reads are utils/book_rules.ts): the API's
 * body schemas (http/schemas/books.ts, and so the OpenAPI document) and the books service (the last word,
 * whoever calls it: services/books/rules.ts) apply it. Every failure names its field with an i18n key
 * (utils/validation_error.ts), all reported together, so the form shows every error at once in the person's
 * language. The course form itself reads them from the API's answer: zod in a page's bundle would cost every page
 * a shared chunk of bundler helpers.
 */
import { z } from "zod";
import {
  blank,
  BOOK_CODE_MAX,
  BOOK_CODE_PATTERN,
  BOOK_DESCRIPTION_MAX,
  BOOK_LANGS,
  BOOK_LEVELS,
  BOOK_NAME_MAX,
  BOOK_STATUSES,
  BOOK_TYPES,
  CREDIT_MAX,
  creditOf,
  LANG_CODES,
  numberish,
  PRACTICE_TYPES,
  takesLanguage,
  tidyText,
  typeOf,
} from "./book_rules.ts";

const Text = (max: number) => z.string().max(max).nullable().optional();
/** A form may send numbers as text ("2" from a select, "7,5" typed). */
const NumberOrText = z.union([z.number(), z.string().max(20)]).nullable().optional();

/** The fields as they arrive: types and length caps; what they must hold is checked by `withBookRules`. */
export const BOOK_FIELDS = {
  name: Text(BOOK_NAME_MAX),
  nameEng: Text(BOOK_NAME_MAX),
  code: Text(BOOK_CODE_MAX),
  description: Text(BOOK_DESCRIPTION_MAX),
  credit: NumberOrText,
  type: NumberOrText,
  status: Text(20),
  lang: Text(10),
  langCode: Text(10),
  nashromi_praqtika_type: Text(20),
  medic: z.boolean().nullable().optional(),
  level: NumberOrText,
};

type BookFields = z.infer<z.ZodObject<typeof BOOK_FIELDS>>;

/** The rules between and within fields: required ones, the domains, credit, the code's form, lang for type 2. */
export function withBookRules<S extends z.ZodObject<typeof BOOK_FIELDS>>(schema: S) {
  return schema.superRefine(
    (book: BookFields, ctx) => {
      const fail = (field: string, key: string, params?: Record<string, number>) =>
        ctx.addIssue({ code: "custom", path: [field], message: key, params });
      const oneOf = (
        field: keyof BookFields,
        value: unknown,
        allowed: readonly unknown[],
        required: boolean,
      ) => {
        if (blank(value) ? required : !allowed.includes(value)) {
          fail(field, blank(value) ? "errors.required" : "errors.invalidChoice");
        }
      };
      if (!tidyText(book.name)) fail("name", "errors.required");
      const code = tidyText(book.code);
      if (code && !BOOK_CODE_PATTERN.test(code)) fail("code", "errors.invalidFormat");
      const credit = creditOf(book.credit);
      if (blank(book.credit)) fail("credit", "errors.required");
      else if (!Number.isFinite(credit)) fail("credit", "books.errors.numeric");
      else if (credit < 0) fail("credit", "errors.tooSmall", { min: 0 });
      else if (credit > CREDIT_MAX) fail("credit", "errors.tooBig", { max: CREDIT_MAX });
      else if (!Number.isInteger(credit * 2)) fail("credit", "books.errors.creditStep");
      const type = typeOf(book.type);
      oneOf("type", type, BOOK_TYPES, false);
      if (takesLanguage(type)) oneOf("lang", book.lang, BOOK_LANGS, true);
      oneOf("status", book.status, BOOK_STATUSES, true);
      oneOf("langCode", book.langCode, LANG_CODES, true);
      oneOf("nashromi_praqtika_type", book.nashromi_praqtika_type ?? "", PRACTICE_TYPES, false);
      // SPEC §5 requires name, credit, type, status and langCode; the level may stay empty.
      oneOf("level", numberish(book.level), BOOK_LEVELS, false);
      // Field types are checked first, but every rule is reported in the same answer as them (an object it is).
    },
    {
      when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
    } as never,
  );
}

/** A course's fields and their rules (other keys are left out; the API's bodies refuse them instead). */
export const BookRules = withBookRules(z.object(BOOK_FIELDS));

/** A course as stored, from fields that passed `BookRules`: text tidied, numbers from text, defaults filled. */
export function bookOf(fields: BookFields) {
  const type = typeOf(fields.type) as typeof BOOK_TYPES[number];
  return {
    name: tidyText(fields.name),
    nameEng: tidyText(fields.nameEng),
    code: tidyText(fields.code),
    description: tidyText(fields.description),
    credit: creditOf(fields.credit),
    type,
    status: fields.status as typeof BOOK_STATUSES[number],
    // The language belongs to a language-type course only: type 1 drops one sent along.
    lang: takesLanguage(type) ? fields.lang as typeof BOOK_LANGS[number] : null,
    langCode: fields.langCode as typeof LANG_CODES[number],
    nashromi_praqtika_type: (fields.nashromi_praqtika_type ?? "") as typeof PRACTICE_TYPES[number],
    medic: fields.medic === true,
    level: blank(fields.level) ? null : numberish(fields.level) as typeof BOOK_LEVELS[number],
    gpaLimit: null,
  };
}
