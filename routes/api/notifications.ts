/** The signed-in person's own notifications (API.md "Administration"), and sending one (staff with the key). */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  NewNotificationBody,
  Notification,
  NotificationSettings,
  UnreadCount,
} from "../../http/schemas/notifications.ts";
import {
  createNotification,
  getSettings,
  listNotifications,
  markRead,
  setSettings,
} from "../../services/notifications/mod.ts";
import { getUser } from "../../services/identity/users.ts";
import { notFound } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const userIdOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S, description = "ok") => ({
  description,
  content: { "application/json": { schema } },
});

export const notificationListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "notificationList",
  permission: "session",
  summary: "The caller's notifications, newest first; `unread=1` or `unread=0` filters",
  request: {
    query: z.object({
      unread: z.enum(["0", "1"]).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(1000).default(20),
    }),
  },
  responses: { 200: json(z.object({ data: z.array(Notification), total: z.number().int() })) },
});

router.openapi(
  notificationListRoute,
  async (c) => {
    const { unread, page, limit } = c.req.valid("query");
    const filter = unread === undefined ? undefined : unread === "1";
    const lang = (c.get("state") as AppState).lang;
    return c.json(await listNotifications(userIdOf(c), { unread: filter, page, limit, lang }), 200);
  },
);

export const notificationReadRoute = apiRoute({
  method: "post",
  path: "/read",
  operationId: "notificationRead",
  permission: "session",
  summary: "Marks the caller's notifications read: `ids`, or `all: true`",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.strictObject({
            ids: z.array(z.number().int().positive()).min(1).max(99).optional(),
            all: z.literal(true).optional(),
          }).refine((b) => (b.ids === undefined) !== (b.all === undefined), "errors.required"),
        },
      },
    },
  },
  responses: { 200: json(z.object({ changed: z.number().int(), ...UnreadCount.shape })) },
});

router.openapi(
  notificationReadRoute,
  async (c) => {
    const body = c.req.valid("json");
    const result = await markRead(userIdOf(c), body.ids ? { ids: body.ids } : { all: true });
    return c.json({ changed: result.changed, unreadNotifications: result.unread }, 200);
  },
);

export const notificationSettingsGetRoute = apiRoute({
  method: "get",
  path: "/settings",
  operationId: "notificationSettingsGet",
  permission: "session",
  summary: "The caller's channels (in-app, email, SMS) per notification kind",
  responses: { 200: json(NotificationSettings) },
});

router.openapi(
  notificationSettingsGetRoute,
  async (c) => c.json(await getSettings(userIdOf(c)), 200),
);

export const notificationSettingsSetRoute = apiRoute({
  method: "put",
  path: "/settings",
  operationId: "notificationSettingsSet",
  permission: "session",
  summary: "Stores the caller's channels per notification kind",
  request: { body: { content: { "application/json": { schema: NotificationSettings } } } },
  responses: { 200: json(NotificationSettings) },
});

router.openapi(
  notificationSettingsSetRoute,
  async (c) => c.json(await setSettings(userIdOf(c), c.req.valid("json")), 200),
);

export const notificationSendRoute = apiRoute({
  method: "post",
  path: "/send",
  operationId: "notificationSend",
  permission: "menu.notifications",
  summary: "Sends a notification to a user (reaches their open pages within a second)",
  request: { body: { content: { "application/json": { schema: NewNotificationBody } } } },
  responses: { 201: json(Notification, "created") },
});

router.openapi(
  notificationSendRoute,
  async (c) => {
    const { userId, ...input } = c.req.valid("json");
    if (!(await getUser(userId))) throw notFound("user");
    return c.json(await createNotification(userId, input), 201);
  },
);

export default router;
