/** Background jobs (services/operations/jobs.ts): the dead letters an administrator sees and retries. */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { listDeadLetters, queueDepth, retryDeadLetter } from "../../services/operations/jobs.ts";
import { notFound } from "../../utils/errors.ts";

export const JOBS_PERMISSION = "menu.settings.jobs";

const DeadLetter = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  at: z.string(),
}).openapi("DeadLetter");

const DeadLetterParam = z.object({ id: z.string().regex(/^[0-9A-Z]{26}$/) });

const router = createRouter();

export const jobsDeadListRoute = apiRoute({
  method: "get",
  path: "/dead",
  operationId: "jobsDeadList",
  permission: JOBS_PERMISSION,
  summary: "Jobs that failed every attempt (newest first, at most 200), and how many jobs are queued",
  responses: {
    200: {
      description: "ok",
      content: {
        "application/json": { schema: z.object({ data: z.array(DeadLetter), queued: z.number().int() }) },
      },
    },
  },
});

router.openapi(
  jobsDeadListRoute,
  async (c) => {
    const letters = await listDeadLetters();
    // The payload stays on the server: it may hold a phone number or a message.
    const data = letters.map(({ id, name, key, attempts, error, at }) => ({
      id,
      name,
      key,
      attempts,
      error,
      at,
    }));
    return c.json({ data, queued: await queueDepth() }, 200);
  },
);

export const jobsDeadRetryRoute = apiRoute({
  method: "post",
  path: "/dead/{id}/retry",
  operationId: "jobsDeadRetry",
  permission: JOBS_PERMISSION,
  summary: "Enqueues a dead letter again (from its first attempt) and removes it from the list",
  request: { params: DeadLetterParam },
  responses: {
    200: {
      description: "ok",
      content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

router.openapi(
  jobsDeadRetryRoute,
  async (c) => {
    if (!(await retryDeadLetter(c.req.valid("param").id))) throw notFound("job");
    return c.json({ ok: true as const }, 200);
  },
);

export default router;
