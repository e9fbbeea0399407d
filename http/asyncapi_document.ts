/**
 * The AsyncAPI document (served at /api/asyncapi.json by framework/api_docs.ts): the two WebSocket protocols, /ws/chat and /ws/user, as an AsyncAPI 3.0 document,
 * generated from the zod schemas the socket code parses with and checks its frames against
 * (http/schemas/chat_socket.ts). Each message is one frame `{ event, data, id? }`; its payload schema names the
 * event and the data's schema. The shared shapes (ChatRoom, ChatMessage, ChatMember…) are also components of
 * the OpenAPI document (http/openapi_document.ts adds them), so both documents describe a room alike.
 */
import { z } from "@hono/zod-openapi";
import {
  CALLBACK_RESULTS,
  CLIENT_EVENTS,
  SERVER_EVENTS,
  SHARED_SCHEMAS,
  USER_CLIENT_EVENTS,
  USER_SERVER_EVENTS,
} from "./schemas/chat_socket.ts";
import {
  AUTH_TIMEOUT_MS,
  CLOSE_CODES,
  MAX_FRAME_BYTES,
  MAX_MEMBERS,
  MAX_MESSAGE_CHARS,
  MESSAGES_PAGE_SIZE,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  REPLAY_LIMIT,
  UPLOAD_CHUNK_BYTES,
} from "../services/chat/protocol.ts";
import { MAX_REFUSED_FRAMES, USER_CHANNEL_FRAME_BYTES } from "../utils/socket_frames.ts";
import { SESSION_COOKIE } from "./session_cookie.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const componentRef = (id: string) => `#/components/schemas/${id}`;

/**
 * JSON Schemas of the shared shapes and of every event's data, by component name; `ids` gives each payload's
 * component (events whose data is one schema, such as an empty object, share its first name).
 */
function schemasOf(payloads: Record<string, z.ZodType>) {
  const registry = z.registry<{ id: string; description?: string }>();
  for (const { schema, id, description } of SHARED_SCHEMAS) registry.add(schema, { id, description });
  const ids: Record<string, string> = {};
  for (const [id, schema] of Object.entries(payloads)) {
    if (!registry.has(schema)) registry.add(schema, { id });
    ids[id] = registry.get(schema)!.id;
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-7",
    uri: componentRef,
    unrepresentable: "any",
  }) as { schemas: Record<string, Json> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return { schemas, ids };
}

/** The JSON Schemas of the shared shapes, for the OpenAPI document's components. */
export function sharedSocketSchemas(): Record<string, Json> {
  const { schemas } = schemasOf({});
  return Object.fromEntries(SHARED_SCHEMAS.map(({ id }) => [id, schemas[id]]));
}

interface Side {
  /** Message key prefix, e.g. `chatClient`. */
  prefix: string;
  events: Record<string, z.ZodType>;
  describe?: (event: string) => string | undefined;
}

/** A frame: `{ event: <name>, data: <schema>, id? }`. */
function framePayload(event: string, dataRef: string, withId: "client" | "server" | "none"): Json {
  const properties: Json = { event: { type: "string", const: event }, data: { $ref: dataRef } };
  if (withId === "client") {
    properties.id = { type: "integer", description: "Ask for a callback frame answering this one" };
  }
  if (withId === "server") properties.id = { type: "integer", description: "The id of the frame it answers" };
  return { type: "object", required: ["event", "data"], properties, additionalProperties: false };
}

const CHAT_DESCRIPTION = `The chat: rooms, messages, members, read cursors, live.

**Connect** to \`/ws/chat\` on this server (\`wss:\` where the site is https). A browser's upgrade carries the
session cookie and must come from this site's Origin (another Origin is refused with 403); any other client
sends no Origin and signs in with a token in \`auth\` (the token of \`authLogin\`, the same as the API's
Bearer token). The server sends \`welcome\`; the client then has ${AUTH_TIMEOUT_MS / 1000} s to send \`auth\`
(answered \`auth_success\` or \`auth_error\`) or the socket is closed with ${CLOSE_CODES.unauthenticated}.

**Frames**, both ways, are JSON text \`{ "event", "data", "id"? }\`; a client frame is at most
${MAX_FRAME_BYTES} bytes. A client frame with a numeric \`id\` is answered by a \`callback\` frame
\`{ eventId: id, ok: true, result }\` or \`{ eventId: id, ok: false, error: { code, message } }\`, besides the
frames the event causes; one without \`id\` that fails is answered by an \`error\` frame. Unknown events, bad
JSON and malformed data are refused (\`unknown_event\`, \`bad_json\`, \`invalid\`, \`frame_too_large\`); after
too many refusals the socket is closed with ${CLOSE_CODES.misbehaving}.

**Start and resume.** After \`auth\`, send \`getRooms\` (answered \`setRooms\`) or, reconnecting,
\`resume { rooms: { "<chatId>": lastSeq } }\`: each room's missed events are replayed in order, or — over
${REPLAY_LIMIT} missed, or a room the client did not know — answered by one \`reset { chatId, room }\`; a room
the reader may no longer see is answered \`updateChatRoom { room: null, reason: "removed" }\`; then
\`setRooms\`. Live frames follow only after one of the two.

**seq.** Each room is an append-only log with a gapless \`seq\` from 1. Every frame caused by a log event
carries \`chatId\` and \`seq\`, and arrives once, in order; keep the highest seq applied per room and send it in
\`resume\`. \`sendMessage\`, \`createChat\` and \`fileUploadFinish\` carry a \`clientId\` (1–64 of
A–Z a–z 0–9 _ -): resending it changes nothing and answers the original seq.

**Keep-alive.** The server sends \`ping { t }\` every ${PING_INTERVAL_MS / 1000} s; answer \`pong { t }\`.
No pong for ${PONG_TIMEOUT_MS / 1000} s closes the socket with ${CLOSE_CODES.noPong}.

**Close codes:** ${CLOSE_CODES.unauthenticated} not signed in in time, ${CLOSE_CODES.revoked} the session was
revoked (sign-out, password change), ${CLOSE_CODES.misbehaving} too many refused frames, ${CLOSE_CODES.noPong}
no pong, 1009 a frame over the limit, 1001 the server is shutting down (reconnect and \`resume\`).

**Limits:** a message is at most ${MAX_MESSAGE_CHARS} characters; a group at most ${MAX_MEMBERS} members;
\`messages\` pages hold ${MESSAGES_PAGE_SIZE}; the rate limits per person per minute (messages, uploads, rooms,
member changes) answer \`rate_limited\`.

**Files** go over HTTP: \`chatUpload\` (POST /api/chat/upload, chunks of at most ${UPLOAD_CHUNK_BYTES} bytes,
see the OpenAPI document) stores them; after the last chunk send \`fileUploadFinish\` with the answer's
\`attachment\` as \`filename\`, and the room receives the file message, whose text is ChatFileContent as JSON;
members download it at its \`address\` (chatFile).`;

const USER_DESCRIPTION = `The user channel: a push when a notification is created for the signed-in person.

Connect to \`/ws/user\` (the same Origin and sign-in rules as the chat: the session cookie of a browser, else an
\`auth\` frame with a token, answered \`AuthSuccess\` or \`AuthError\`), then send \`subscribe\`: from then on
\`event { action: "checkUserNotification" }\` arrives whenever a notification is created (read the count or the
list over HTTP). \`ping\` is answered \`pong\`; \`logout\` closes the socket. A socket not signed in within
${AUTH_TIMEOUT_MS / 1000} s is closed with 4000, a revoked session's at once (4001); a frame over
${USER_CHANNEL_FRAME_BYTES} bytes closes it with 1009; after ${MAX_REFUSED_FRAMES} refused frames (\`error\`:
\`bad_json\`, \`unknown_event\`) it is closed with 4002.`;

/** The AsyncAPI document; `origin` is the server it is served from (its host is the servers' host). */
export function asyncApiDocument(origin: URL, version: string): Json {
  const sides: { channel: string; client: Side; server: Side }[] = [
    {
      channel: "chat",
      client: { prefix: "chatClient", events: CLIENT_EVENTS },
      server: { prefix: "chatServer", events: SERVER_EVENTS },
    },
    {
      channel: "user",
      client: { prefix: "userClient", events: USER_CLIENT_EVENTS },
      server: { prefix: "userServer", events: USER_SERVER_EVENTS },
    },
  ];
  const callbackPrefix = "chatCallback";
  const payloads: Record<string, z.ZodType> = {};
  for (const { client, server } of sides) {
    for (const side of [client, server]) {
      for (const [event, schema] of Object.entries(side.events)) payloads[`${side.prefix}.${event}`] = schema;
    }
  }
  for (const [event, schema] of Object.entries(CALLBACK_RESULTS)) {
    payloads[`${callbackPrefix}.${event}`] = schema;
  }
  const { schemas, ids } = schemasOf(payloads);

  const messages: Json = {};
  const channels: Json = {};
  const operations: Json = {};
  for (const { channel, client, server } of sides) {
    const channelMessages: Json = {};
    const add = (key: string, message: Json) => {
      messages[key] = message;
      channelMessages[key] = { $ref: `#/components/messages/${key}` };
    };
    for (const event of Object.keys(server.events)) {
      const key = `${server.prefix}.${event}`;
      add(key, {
        name: event,
        title: `${event} (server → client)`,
        payload: framePayload(event, componentRef(ids[key]), channel === "user" ? "server" : "none"),
      });
    }
    for (const event of Object.keys(client.events)) {
      const key = `${client.prefix}.${event}`;
      add(key, {
        name: event,
        title: `${event} (client → server)`,
        payload: framePayload(event, componentRef(ids[key]), "client"),
      });
    }
    if (channel === "chat") {
      for (const event of Object.keys(client.events)) {
        const key = `${callbackPrefix}.${event}`;
        const result = { $ref: componentRef(ids[key]) };
        add(key, {
          name: "callback",
          title: `callback answering ${event}`,
          payload: {
            type: "object",
            required: ["event", "data"],
            additionalProperties: false,
            properties: {
              event: { type: "string", const: "callback" },
              data: {
                oneOf: [
                  {
                    type: "object",
                    required: ["eventId", "ok", "result"],
                    additionalProperties: false,
                    properties: { eventId: { type: "integer" }, ok: { const: true }, result },
                  },
                  {
                    type: "object",
                    required: ["eventId", "ok", "error"],
                    additionalProperties: false,
                    properties: {
                      eventId: { type: "integer" },
                      ok: { const: false },
                      error: { $ref: componentRef("ChatError") },
                    },
                  },
                ],
              },
            },
          },
        });
      }
    }
    channels[channel] = {
      address: channel === "chat" ? "/ws/chat" : "/ws/user",
      title: channel === "chat" ? "Chat" : "User channel",
      description: channel === "chat" ? CHAT_DESCRIPTION : USER_DESCRIPTION,
      messages: channelMessages,
    };
    for (const event of Object.keys(client.events)) {
      const operation: Json = {
        action: "receive",
        title: `${channel}: ${event}`,
        summary: `The client sends ${event}`,
        channel: { $ref: `#/channels/${channel}` },
        messages: [{ $ref: `#/channels/${channel}/messages/${client.prefix}.${event}` }],
      };
      if (channel === "chat") {
        operation.reply = {
          channel: { $ref: `#/channels/${channel}` },
          messages: [{ $ref: `#/channels/${channel}/messages/${callbackPrefix}.${event}` }],
        };
      }
      operations[`${client.prefix}.${event}`] = operation;
    }
    for (const event of Object.keys(server.events)) {
      operations[`${server.prefix}.${event}`] = {
        action: "send",
        title: `${channel}: ${event}`,
        summary: `The server sends ${event}`,
        channel: { $ref: `#/channels/${channel}` },
        messages: [{ $ref: `#/channels/${channel}/messages/${server.prefix}.${event}` }],
      };
    }
  }
  const secure = origin.protocol === "https:";
  return {
    asyncapi: "3.0.0",
    info: {
      title: "UniAdmin real-time protocols",
      version,
      description:
        "The WebSocket protocols of /ws/chat and /ws/user. The HTTP API is at /api/openapi.json; both are shown at /api/docs.",
    },
    defaultContentType: "application/json",
    servers: {
      app: {
        host: origin.host,
        protocol: secure ? "wss" : "ws",
        description: "This server",
        security: [{ $ref: "#/components/securitySchemes/sessionCookie" }],
      },
    },
    channels,
    operations,
    components: {
      schemas,
      messages,
      securitySchemes: {
        sessionCookie: {
          type: "httpApiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description:
            "A browser's session cookie, sent with the upgrade from this site's Origin. Any other client signs in " +
            "with its token in the first frame, `auth { token }` (see the channel), within the deadline.",
        },
      },
    },
  };
}
