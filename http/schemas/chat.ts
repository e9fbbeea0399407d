/** Schemas of the chat's HTTP side (API.md "Chat"): uploads, downloads and the event log inspector. */
import { z } from "@hono/zod-openapi";
import { CHAT_EVENT_TYPES } from "../../services/chat/model.ts";
import { CLIENT_ID_PATTERN, MAX_UPLOAD_BYTES } from "../../services/chat/protocol.ts";

export const UploadQuery = z.strictObject({
  chatId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  uploadId: z.string().regex(CLIENT_ID_PATTERN, "errors.invalidFormat"),
  // The generator takes a coerced number for optional (null coerces to 0); a query string always has text.
  offset: z.coerce.number().int().min(0).max(MAX_UPLOAD_BYTES).openapi({ param: { required: true } }),
  size: z.coerce.number().int().min(1),
  name: z.string().min(1).max(255),
});

export const UploadResult = z.object({
  status_code: z.literal(1),
  type: z.enum(["PROGRESS", "FINISHED"]),
  progress: z.number().int(),
  attachment: z.string().nullable(),
  name: z.string(),
  size: z.number().int(),
  fileType: z.string().nullable(),
  address: z.string().nullable(),
}).openapi("ChatUploadResult");

export const FileParam = z.object({
  filename: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "errors.invalidFormat"),
});

export const LogRoomsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

export const LogRoom = z.object({
  id: z.number().int(),
  kind: z.enum(["direct", "group"]),
  title: z.string(),
  members: z.number().int(),
  seq: z.number().int(),
  deleted: z.boolean(),
  createdAt: z.string(),
  lastMessageTime: z.string().nullable(),
}).openapi("ChatLogRoom");

export const LogRoomParam = z.object({
  roomId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const LogEventsQuery = z.strictObject({
  type: z.enum(CHAT_EVENT_TYPES as [string, ...string[]]).optional(),
  actor: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(40),
});

export const LogEvent = z.looseObject({
  roomId: z.number().int(),
  seq: z.number().int(),
  type: z.enum(CHAT_EVENT_TYPES as [string, ...string[]]),
  actor: z.object({ id: z.number().int(), type: z.string() }),
  at: z.string(),
  clientId: z.string().optional(),
}).openapi("ChatLogEvent");

/** The event log's download: the filter it was made with and every matching event, oldest first. */
export const LogExport = z.object({
  roomId: z.number().int(),
  filter: z.object({
    type: z.enum(CHAT_EVENT_TYPES as [string, ...string[]]).optional(),
    actor: z.number().int().optional(),
    after: z.number().int().optional(),
  }),
  exportedAt: z.string().openapi({ format: "date-time" }),
  events: z.array(LogEvent),
}).openapi("ChatEventLogExport");
