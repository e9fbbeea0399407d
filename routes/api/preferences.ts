import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { LANG_COOKIE, LANGUAGES } from "../../utils/i18n.ts";

const YEAR = 60 * 60 * 24 * 365;
const LanguageBody = z.strictObject({ lang: z.enum(LANGUAGES) }).openapi("LanguageChoice");
const LanguageResult = z.object({ result: z.literal("yes"), lang: z.enum(LANGUAGES) });

const router = createRouter();

export const languageSetRoute = apiRoute({
  method: "put",
  path: "/language",
  operationId: "languageSet",
  permission: "public",
  summary: "Keeps the interface language in the `lang` cookie (islands also keep it in localStorage)",
  request: { body: { required: true, content: { "application/json": { schema: LanguageBody } } } },
  responses: {
    200: { description: "language kept", content: { "application/json": { schema: LanguageResult } } },
  },
});

router.openapi(
  languageSetRoute,
  (c) => {
    const { lang } = c.req.valid("json");
    c.header("set-cookie", `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
    return c.json({ result: "yes" as const, lang }, 200);
  },
);

export default router;
