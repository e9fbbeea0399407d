/**
 * Request and response shapes of the courses screen's operations (API.md "Courses (books)": bookList,
 * bookExport, bookGet/Add/Edit/Remove, subBookList/Add/Edit/Remove, subLinkList/Add/Remove, settingsGet).
 * A course's body is its rules (utils/book_schema.ts: what is required, lang for type 2, credit numeric…), the
 * same schema the service and the course form apply, naming every failing field at once.
 */
import { z } from "@hono/zod-openapi";
import {
  BOOK_CODE_MAX,
  BOOK_CODE_PATTERN,
  BOOK_LANGS,
  BOOK_LEVELS,
  BOOK_NAME_MAX,
  BOOK_STATUSES,
  BOOK_TYPES,
  CREDIT_MAX,
  LANG_CODES,
  PRACTICE_TYPES,
} from "../../utils/book_rules.ts";
import { BOOK_FIELDS, withBookRules } from "../../utils/book_schema.ts";

const IdText = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const BookIdParam = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
export const SubLinkParams = z.object({
  id: IdText.openapi({ param: { name: "id", in: "path" }, example: 1 }),
  subBookId: IdText.openapi({ param: { name: "subBookId", in: "path" }, example: 1 }),
});

/** KV versionstamps are 20 hex digits; anything else cannot match and is bad input. */
const Versionstamp = z.string().regex(/^[0-9a-f]{20}$/);
const Lang = z.enum(BOOK_LANGS);
const Status = z.enum(BOOK_STATUSES);
const OneOrTwo = z.coerce.number().int().min(1).max(2);
const Paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
};

/** The list's filter (SPEC §2.4); the export takes the same, plus the language of the name column. */
const FilterFields = {
  text: z.string().max(100).optional(),
  credit: z.coerce.number().min(0).max(1000).optional(),
  type: OneOrTwo.optional(),
  status: Status.optional(),
  conditions: OneOrTwo.optional(),
  components: OneOrTwo.optional(),
  /** Repeat the parameter for several languages: `lang=gr&lang=en`. */
  lang: z.union([Lang, z.array(Lang).max(BOOK_LANGS.length)]).optional(),
  langCode: z.enum(LANG_CODES).optional(),
};

export const BookListQuery = z.strictObject({ ...FilterFields, ...Paging });
export const BookExportQuery = z.strictObject({
  ...FilterFields,
  /** Which name the spreadsheet shows (the list's language picker); the interface language by default. */
  names: z.enum(["ka", "en"]).optional(),
});

const Text = (max: number) => z.string().max(max).nullable().optional();
const NumberOrText = z.union([z.number(), z.string().max(20)]).nullable().optional();

/**
 * What withBookRules enforces beyond the fields' types, stated on each field for the published document (the
 * generator cannot read a refinement): a client that keeps to these is never refused by a rule. The server also
 * takes numbers as text ("7,5") from the course form; the document shows the canonical form.
 */
const PUBLISHED_BOOK_RULES = {
  name: { type: "string", minLength: 1, maxLength: BOOK_NAME_MAX },
  code: { type: "string", maxLength: BOOK_CODE_MAX, pattern: BOOK_CODE_PATTERN.source },
  credit: { type: "number", minimum: 0, maximum: CREDIT_MAX, multipleOf: 0.5 },
  type: { type: "integer", enum: [...BOOK_TYPES], description: "1 (absent: 1) or 2, a language course." },
  status: { type: "string", enum: [...BOOK_STATUSES] },
  lang: {
    type: ["string", "null"],
    enum: [...BOOK_LANGS, null],
    description: "Required for type 2, dropped for type 1.",
  },
  langCode: { type: "string", enum: [...LANG_CODES] },
  nashromi_praqtika_type: { type: "string", enum: [...PRACTICE_TYPES] },
  level: { type: ["integer", "null"], enum: [...BOOK_LEVELS, null] },
} as const;
const BOOK_REQUIRED = ["name", "credit", "status", "langCode"];

const publishedBookFields = Object.fromEntries(
  Object.entries(BOOK_FIELDS).map(([name, schema]) => {
    const rules = PUBLISHED_BOOK_RULES[name as keyof typeof PUBLISHED_BOOK_RULES];
    return [name, rules ? schema.openapi(rules as never) : schema];
  }),
) as typeof BOOK_FIELDS;

// The course form's body is its rules (utils/book_schema.ts): the API reports every rule's failure before any read.
export const BookBody = withBookRules(z.strictObject(publishedBookFields))
  .openapi("BookInput", { required: BOOK_REQUIRED });
export const BookEditBody = withBookRules(
  z.strictObject({ ...publishedBookFields, versionstamp: Versionstamp }),
)
  .openapi("BookEdit", { required: [...BOOK_REQUIRED, "versionstamp"] });
/** A removal names the version it was shown (the list's row carries it): a stale one answers 409. */
export const VersionQuery = z.strictObject({ versionstamp: Versionstamp });

/** A stored course's language and level are of their domains (what a client reads back, it may send again). */
const StoredLang = z.string().nullable().openapi({ enum: [...BOOK_LANGS, null] });
const StoredLevel = z.number().int().nullable().openapi({ enum: [...BOOK_LEVELS, null] });

export const Book = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEng: z.string(),
  code: z.string(),
  description: z.string(),
  credit: z.number(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: Status,
  lang: StoredLang,
  langCode: z.enum(LANG_CODES),
  nashromi_praqtika_type: z.enum(["", "praktika", "nashromi"]),
  medic: z.boolean(),
  level: StoredLevel,
  gpaLimit: z.number().nullable(),
}).openapi("Book");

export const StoredBook = Book.extend({
  versionstamp: z.string(),
  conditionStatus: z.union([z.literal(0), z.literal(1)]),
  componentCount: z.number().int(),
}).openapi("StoredBook");

export const BookRow = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEng: z.string(),
  code: z.string(),
  credit: z.number(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: Status,
  lang: StoredLang,
  langCode: z.enum(LANG_CODES),
  level: StoredLevel,
  conditionStatus: z.union([z.literal(0), z.literal(1)]),
  componentCount: z.number().int(),
  versionstamp: z.string(),
}).openapi("BookRow");

export const BookList = z.object({ data: z.array(BookRow), total: z.number().int() }).openapi("BookList");
export const Removed = z.object({ result: z.literal("yes") }).openapi("Removed");

// ---- sub-course categories and links ----

export const SubBookListQuery = z.strictObject({
  text: z.string().max(100).optional(),
  credit: z.coerce.number().min(0).max(1000).optional(),
  status: Status.optional(),
  ...Paging,
});

const SubBookFields = {
  name: Text(BOOK_NAME_MAX),
  nameEng: Text(BOOK_NAME_MAX),
  code: Text(BOOK_CODE_MAX),
  credit: NumberOrText,
  status: Text(20),
};
export const SubBookBody = z.strictObject({ id: NumberOrText, ...SubBookFields }).openapi("SubBookInput");
export const SubBookEditBody = z.strictObject({ ...SubBookFields, versionstamp: Versionstamp })
  .openapi("SubBookEdit");

export const SubBook = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEng: z.string(),
  code: z.string(),
  credit: z.number(),
  status: Status,
  versionstamp: z.string(),
}).openapi("SubBook");

export const SubBookList = z.object({
  data: z.array(SubBook),
  total: z.number().int(),
  /** The id the add form proposes. */
  nextId: z.number().int(),
}).openapi("SubBookList");

export const SubLinkListQuery = z.strictObject(Paging);
export const SubLinkBody = z.strictObject({ subBookId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .openapi("SubLinkInput");
export const SubLinkRow = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEng: z.string(),
  code: z.string(),
  credit: z.number(),
}).openapi("SubLinkRow");
export const SubLinkList = z.object({ data: z.array(SubLinkRow), total: z.number().int() })
  .openapi("SubLinkList");

// ---- settings ----

export const SettingParam = z.object({
  name: z.string().max(50).openapi({ param: { name: "name", in: "path" }, example: "learningSystem" }),
});
export const LearningSystemSetting = z.object({ bookType: z.number().int() }).openapi("LearningSystem");
