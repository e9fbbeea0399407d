import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Device, Ok } from "../../http/schemas/auth.ts";
import type { Identity } from "../../services/identity/auth.ts";
import { revokeSession } from "../../services/identity/sessions.ts";
import { listUserSessions } from "../../services/identity/user_sessions.ts";
import { describeUserAgent } from "../../services/identity/user_agent.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const identityOf = (c: Context) => (c.get("state") as AppState).identity as Identity;

export const devicesListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "devicesList",
  permission: "session",
  summary: "The signed-in user's sessions (saved devices), the current one marked",
  responses: {
    200: {
      description: "ok",
      content: { "application/json": { schema: z.object({ data: z.array(Device) }) } },
    },
  },
});

router.openapi(
  devicesListRoute,
  async (c) => {
    const { user, session } = identityOf(c);
    const sessions = await listUserSessions(user.id);
    return c.json({
      data: sessions.map((s) => ({
        sid: s.sid,
        browser: describeUserAgent(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        current: s.sid === session.sid,
      })),
    }, 200);
  },
);

export const deviceRevokeRoute = apiRoute({
  method: "delete",
  path: "/{sid}",
  operationId: "deviceRevoke",
  permission: "session",
  summary: "Ends one of the user's own sessions at once",
  request: { params: z.object({ sid: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }) },
  responses: { 200: { description: "revoked", content: { "application/json": { schema: Ok } } } },
});

router.openapi(
  deviceRevokeRoute,
  async (c) => {
    const { sid } = c.req.valid("param");
    const own = await listUserSessions(identityOf(c).user.id);
    // Another person's session id is reported exactly like a missing one: no probing of who is signed in.
    if (!own.some((s) => s.sid === sid) || !(await revokeSession(sid))) throw notFound("device");
    return c.json({ result: "yes" as const }, 200);
  },
);

export default router;
