/**
 * Language administration (API.md "Administration": languageList, languageAdd, keywordsGenerate,
 * templatesGenerate, plus translationList and translationSave for the per-language tab). Viewing needs
 * `menu.languages`, every change `menu.languages.edit`; every change is audited (services/languages/mod.ts).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  Language,
  LanguageAddBody,
  LanguageCode,
  Side,
  TranslationRow,
  TranslationSaveBody,
} from "../../http/schemas/shell_live.ts";
import {
  addLanguage,
  generateKeywords,
  generateTemplates,
  getLanguage,
  languageSummaries,
  saveTranslation,
  translationRows,
} from "../../services/languages/mod.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const VIEW = "menu.languages";
const EDIT = "menu.languages.edit";
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S, status: 200 | 201 = 200) => ({
  [status]: { description: status === 201 ? "created" : "ok", content: { "application/json": { schema } } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const SideBody = z.strictObject({ side: Side });

export const languageListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "languageList",
  permission: VIEW,
  summary: "The side's languages with how many keys each has and how many are translated",
  request: { query: z.object({ side: Side.default("admin_side") }) },
  responses: json(z.object({ languages: z.array(Language) })),
});

router.openapi(
  languageListRoute,
  async (c) => c.json({ languages: await languageSummaries(c.req.valid("query").side) }, 200),
);

export const languageAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "languageAdd",
  errors: [409],
  permission: EDIT,
  summary: "Adds a language to a side (its code is unique on the side: 409 duplicate)",
  request: body(LanguageAddBody),
  responses: json(Language, 201),
});

router.openapi(
  languageAddRoute,
  async (c) => {
    const { side, ...input } = c.req.valid("json");
    const language = await addLanguage(side, input, actorOf(c));
    return c.json({ ...language, keys: 0, translated: 0 }, 201);
  },
);

export const keywordsGenerateRoute = apiRoute({
  method: "post",
  path: "/keywords",
  operationId: "keywordsGenerate",
  permission: EDIT,
  summary: "Finds the keys the code uses that the side's languages lack and adds them, untranslated",
  request: body(SideBody),
  responses: json(z.object({ result: z.literal("yes"), added: z.record(z.string(), z.number().int()) })),
});

router.openapi(
  keywordsGenerateRoute,
  async (c) => {
    const added = await generateKeywords(c.req.valid("json").side, actorOf(c));
    return c.json({ result: "yes" as const, added }, 200);
  },
);

export const templatesGenerateRoute = apiRoute({
  method: "post",
  path: "/templates",
  operationId: "templatesGenerate",
  permission: EDIT,
  summary: "Every language of the side as its dictionary file (nested JSON), as one download",
  request: body(SideBody),
  responses: json(z.record(z.string(), z.record(z.string(), z.unknown()))),
});

router.openapi(
  templatesGenerateRoute,
  async (c) => {
    const { side } = c.req.valid("json");
    c.header("content-disposition", `attachment; filename="${side}-templates.json"`);
    return c.json(await generateTemplates(side), 200);
  },
);

const CodeParam = z.object({ code: LanguageCode });

export const translationListRoute = apiRoute({
  method: "get",
  path: "/{code}/translations",
  operationId: "translationList",
  permission: VIEW,
  summary: "Every key of one language with its text and the Georgian reference; `missing=1`: untranslated",
  request: {
    params: CodeParam,
    query: z.object({
      side: Side.default("admin_side"),
      q: z.string().max(200).optional(),
      missing: z.enum(["0", "1"]).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(1000).default(40),
    }),
  },
  responses: json(z.object({ data: z.array(TranslationRow), total: z.number().int() })),
});

router.openapi(
  translationListRoute,
  async (c) => {
    const { code } = c.req.valid("param");
    const { side, q, missing, page, limit } = c.req.valid("query");
    if (!(await getLanguage(side, code))) throw notFound("language");
    return c.json(await translationRows(side, code, { q, missing: missing === "1", page, limit }), 200);
  },
);

export const translationSaveRoute = apiRoute({
  method: "put",
  path: "/{code}/translations",
  operationId: "translationSave",
  permission: EDIT,
  summary:
    "Stores one key's text; on the admin side it replaces the shipped text for everyone at once (empty: back to shipped)",
  request: { params: CodeParam, ...body(TranslationSaveBody) },
  responses: json(TranslationRow),
});

router.openapi(
  translationSaveRoute,
  async (c) => {
    const { code } = c.req.valid("param");
    const { side, key, text } = c.req.valid("json");
    return c.json(await saveTranslation(side, code, key, text, actorOf(c)), 200);
  },
);

export default router;
