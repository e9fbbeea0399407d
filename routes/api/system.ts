import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { db } from "../../services/db.ts";

const Health = z.object({ status: z.literal("ok"), time: z.string(), kv: z.boolean() }).openapi("Health");

const router = createRouter();

router.openapi(
  apiRoute({
    method: "get",
    path: "/health",
    operationId: "systemHealth",
    permission: "public",
    summary: "Liveness: the server answers and its KV can be read",
    responses: { 200: { description: "healthy", content: { "application/json": { schema: Health } } } },
  }),
  async (c) => {
    await db().get(["meta", "seed"]);
    return c.json({ status: "ok" as const, time: new Date().toISOString(), kv: true }, 200);
  },
);

export default router;
