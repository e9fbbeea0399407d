/** Named settings the screens read (API.md settingsGet), e.g. `learningSystem` → `bookType`. */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { LearningSystemSetting, SettingParam } from "../../http/schemas/books.ts";
import { getSetting, isPublicSetting } from "../../services/shell/settings.ts";
import { notFound } from "../../utils/errors.ts";

const router = createRouter();

export const settingsGetRoute = apiRoute({
  method: "get",
  path: "/{name}",
  operationId: "settingsGet",
  permission: "session",
  summary: "The values of a named setting; `learningSystem` → `bookType` (1: courses have categories)",
  request: { params: SettingParam },
  responses: {
    200: { description: "ok", content: { "application/json": { schema: LearningSystemSetting } } },
  },
});

router.openapi(
  settingsGetRoute,
  async (c) => {
    const { name } = c.req.valid("param");
    // Only the settings meant for every signed-in person; the same KV prefix holds others that are not.
    if (!isPublicSetting(name)) throw notFound("settings");
    return c.json(await getSetting(name) satisfies z.infer<typeof LearningSystemSetting>, 200);
  },
);

export default router;
