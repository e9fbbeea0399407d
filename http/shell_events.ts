/**
 * The four calls whose paths SPEC §3 fixes outside /api (API.md): mounted at the root by main.ts before the
 * pages, declared like every API operation (operationId, `x-permission: session`). Failures always answer in
 * the JSON error shape, even when the request does not ask for JSON (these are never pages).
 *
 * Shapes (SPEC does not show them; these are ours):
 * - POST /user/notifications/count → `{ unreadNotifications }`
 * - GET /event/getEventCount → `{ count }`: unread notifications of every kind
 * - GET /event/getNotificationEvents → `{ data }`: the ten newest unread notifications
 * - GET /event/watchEvent → `{ version, unreadNotifications }`: a polling fallback for clients without the
 *   WebSocket; `version` grows with every notification created for the caller.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../framework/api.ts";
import { toAppError } from "../framework/middleware/errors.ts";
import { errorBody } from "../utils/errors.ts";
import { listNotifications, notificationVersion, unreadCount } from "../services/notifications/mod.ts";
import { translatorFor } from "../services/languages/i18n.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "./app_state.ts";
import { Notification, UnreadCount } from "./schemas/notifications.ts";
import { logEvent } from "../services/operations/log.ts";

const router = createRouter();
const userIdOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S) => ({
  description: "ok",
  content: { "application/json": { schema } },
});

router.onError((error, c) => {
  const known = toAppError(error);
  if (!known) logEvent("error", "request_failed", { method: c.req.method, path: c.req.path, error });
  const appError = known ?? new AppError(500 as 400, "internal", "errors.internal");
  const t = (c.get("state") as AppState | undefined)?.t ?? translatorFor("ka");
  return c.json(errorBody(appError, t), appError.status);
});

router.openapi(
  apiRoute({
    method: "post",
    path: "/user/notifications/count",
    operationId: "notificationCountPost",
    permission: "session",
    summary: "The caller's unread notification count (the bell)",
    request: { body: { content: { "application/json": { schema: z.object({}) } } } },
    responses: { 200: json(UnreadCount) },
  }),
  async (c) => c.json({ unreadNotifications: await unreadCount(userIdOf(c)) }, 200),
);

router.openapi(
  apiRoute({
    method: "get",
    path: "/event/getEventCount",
    operationId: "eventCount",
    permission: "session",
    summary: "How many unread notifications (events) the caller has",
    responses: { 200: json(z.object({ count: z.number().int() })) },
  }),
  async (c) => c.json({ count: await unreadCount(userIdOf(c)) }, 200),
);

router.openapi(
  apiRoute({
    method: "get",
    path: "/event/getNotificationEvents",
    operationId: "notificationEvents",
    permission: "session",
    summary: "The caller's ten newest unread notifications",
    responses: { 200: json(z.object({ data: z.array(Notification) })) },
  }),
  async (c) => {
    const lang = (c.get("state") as AppState).lang;
    const { data } = await listNotifications(userIdOf(c), { unread: true, limit: 10, lang });
    return c.json({ data }, 200);
  },
);

router.openapi(
  apiRoute({
    method: "get",
    path: "/event/watchEvent",
    operationId: "watchEvent",
    permission: "session",
    summary: "Polling fallback: the caller's notification version and unread count",
    responses: { 200: json(z.object({ version: z.number().int(), ...UnreadCount.shape })) },
  }),
  async (c) => {
    const userId = userIdOf(c);
    const [version, unread] = await Promise.all([notificationVersion(userId), unreadCount(userId)]);
    return c.json({ version, unreadNotifications: unread }, 200);
  },
);

export default router;
