import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { db } from "../../services/db/kv.ts";

const Health = z.object({ status: z.literal("ok"), time: z.string(), kv: z.boolean() }).openapi("Health");

/** The KV probe is shared for a second, so a health check under load does not become a KV benchmark. */
let probe: { at: number; ok: Promise<boolean> } | null = null;
function kvReadable(): Promise<boolean> {
  const now = Date.now();
  if (!probe || now - probe.at > 1000) {
    probe = { at: now, ok: db().get(["meta", "seed"]).then(() => true, () => false) };
  }
  return probe.ok;
}

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
  async (c) => c.json({ status: "ok" as const, time: new Date().toISOString(), kv: await kvReadable() }, 200),
);

export default router;
