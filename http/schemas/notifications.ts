import { z } from "@hono/zod-openapi";
import { NOTIFICATION_KINDS } from "../../services/notifications/mod.ts";

export const NotificationKind = z.enum(NOTIFICATION_KINDS);

export const Notification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  kind: NotificationKind,
  createdAt: z.string(),
  read: z.boolean(),
}).openapi("Notification");

const Channels = z.strictObject({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() });

export const NotificationSettings = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Channels])) as Record<
    typeof NOTIFICATION_KINDS[number],
    typeof Channels
  >,
).openapi("NotificationSettings");

export const UnreadCount = z.object({ unreadNotifications: z.number().int() });

export const NewNotificationBody = z.strictObject({
  userId: z.number().int().positive(),
  title: z.string().trim().min(1).max(200),
  body: z.string().max(2000),
  link: z.string().max(500).regex(/^(\/[^/\\]|$)/, "errors.invalidFormat").optional(),
  kind: NotificationKind,
});
