/**
 * The chat's HTTP side (API.md "Chat"): chunked uploads (chatUpload), downloads for the room's members
 * (chatFile), and the event log inspector (chatEventLogRooms, chatEventLog). The real-time side is the
 * WebSocket at /ws/chat (services/chat/protocol.ts).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  FileParam,
  LogEvent,
  LogEventsQuery,
  LogExport,
  LogRoom,
  LogRoomParam,
  LogRoomsQuery,
  UploadQuery,
  UploadResult,
} from "../../http/schemas/chat.ts";
import { exportEvents, listLogRooms, logPage } from "../../services/chat/event_log.ts";
import type { ChatEventType } from "../../services/chat/model.ts";
import { refOf } from "../../services/chat/people.ts";
import { UPLOAD_CHUNK_BYTES } from "../../services/chat/protocol.ts";
import { showsInline } from "../../services/chat/sniff.ts";
import { chatFileFor, storeChunk } from "../../services/chat/uploads.ts";
import { AppError } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const EVENT_LOG = "menu.chat.eventLog";
const meOf = (c: Context) => refOf((c.get("state") as AppState).identity!.user);
const json = <S extends z.ZodType>(schema: S, description = "ok") => ({
  description,
  content: { "application/json": { schema } },
});

export const chatUploadRoute = apiRoute({
  method: "post",
  path: "/upload",
  operationId: "chatUpload",
  permission: "session",
  summary: "One chunk (≤ 512 KiB, raw bytes) of a file for a room the caller is in; the last one finishes it",
  request: {
    query: UploadQuery,
    body: {
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
  responses: { 200: json(UploadResult) },
});

router.openapi(
  chatUploadRoute,
  async (c) => {
    const query = c.req.valid("query");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > UPLOAD_CHUNK_BYTES) {
      throw new AppError(413, "payload_too_large", "errors.payloadTooLarge");
    }
    return c.json(await storeChunk(meOf(c), { ...query, bytes }), 200);
  },
);

export const chatFileRoute = apiRoute({
  method: "get",
  path: "/files/{filename}",
  operationId: "chatFile",
  permission: "session",
  summary: "A chat file, for current members of its room only",
  request: { params: FileParam },
  responses: {
    200: {
      description: "the file, as its own type (detected from its content when it was uploaded)",
      content: { "*/*": { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(
  chatFileRoute,
  async (c) => {
    const { record, bytes } = await chatFileFor(meOf(c), c.req.valid("param").filename);
    const disposition = showsInline(record.mimetype) ? "inline" : "attachment";
    // The stored name may hold any script; the header gets an ASCII fallback and the UTF-8 form (RFC 6266).
    const ascii = record.originalname.replace(/[^\x20-\x7e]|["\\]/g, "_");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": record.mimetype,
      "content-disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${
        encodeURIComponent(record.originalname)
      }`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // Never kept in the browser's cache: after sign-out the next person at the computer must not open it.
      "cache-control": "no-store",
    });
  },
);

export const chatEventLogRoomsRoute = apiRoute({
  method: "get",
  path: "/event-log/rooms",
  operationId: "chatEventLogRooms",
  permission: EVENT_LOG,
  summary: "Every chat room with its head seq, newest activity first (event log inspector)",
  request: { query: LogRoomsQuery },
  responses: { 200: json(z.object({ data: z.array(LogRoom), total: z.number().int() })) },
});

router.openapi(
  chatEventLogRoomsRoute,
  async (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(await listLogRooms(page, limit), 200);
  },
);

export const chatEventLogRoute = apiRoute({
  method: "get",
  path: "/event-log/{roomId}",
  operationId: "chatEventLog",
  permission: EVENT_LOG,
  summary: "A room's events, oldest first, filtered by type and actor, after a seq (following), paged",
  request: { params: LogRoomParam, query: LogEventsQuery },
  responses: {
    200: json(z.object({
      data: z.array(LogEvent),
      total: z.number().int(),
      head: z.number().int(),
      truncated: z.boolean().openapi({
        description: "true: the room has more events than one inspection reads; the export has them all",
      }),
    })),
  },
});

router.openapi(
  chatEventLogRoute,
  async (c) => {
    const { roomId } = c.req.valid("param");
    const { type, actor, after, page, limit } = c.req.valid("query");
    return c.json(
      await logPage(roomId, { type: type as ChatEventType | undefined, actor, after }, page, limit),
      200,
    );
  },
);

export const chatEventLogExportRoute = apiRoute({
  method: "get",
  path: "/event-log/{roomId}/export",
  operationId: "chatEventLogExport",
  permission: EVENT_LOG,
  summary: "Every event of a room matching the filter (however many), as a JSON download",
  request: { params: LogRoomParam, query: LogEventsQuery.omit({ page: true, limit: true }) },
  responses: {
    200: {
      description: "the events, as a JSON download (`Content-Disposition: attachment`)",
      content: { "application/json": { schema: LogExport } },
    },
  },
});

router.openapi(
  chatEventLogExportRoute,
  (c) => {
    const { roomId } = c.req.valid("param");
    const { type, actor, after } = c.req.valid("query");
    const filter = { type: type as ChatEventType | undefined, actor, after };
    // Streamed (a room may hold millions of events): the JSON the schema describes, which Hono's types know
    // only from c.json.
    return c.body(
      exportEvents(roomId, filter),
      200,
      {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="chat-room-${roomId}-events.json"`,
        "cache-control": "no-store",
      },
    ) as never;
  },
);

export default router;
