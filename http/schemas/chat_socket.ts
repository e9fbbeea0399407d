/**
 * The payloads of the WebSocket protocols as zod schemas, for the published AsyncAPI document
 * (http/asyncapi_document.ts) and the OpenAPI components it shares (ChatRoom, ChatMessage, ChatMember…).
 * The client events are the schemas the socket code parses with (services/chat/client_schemas.ts); the server
 * events are checked against protocol.ts's types here (`satisfies`), so a change to one fails the type check
 * until the other follows. Each carries its id: it is the component's name in both documents.
 */
import { z } from "@hono/zod-openapi";
import type * as P from "../../services/chat/protocol.ts";
import { CLIENT_SCHEMAS } from "../../services/chat/client_schemas.ts";

/** The shared shapes, each with its component name (the same in the AsyncAPI and the OpenAPI document). */
export const SHARED_SCHEMAS: { schema: z.ZodType; id: string; description?: string }[] = [];

const named = <S extends z.ZodType>(schema: S, id: string, description?: string): S => {
  SHARED_SCHEMAS.push({ schema, id, description });
  return schema;
};

const Int = z.number().int();
const Iso = z.string().describe("ISO 8601 date and time");

const MemberType = z.enum(["user", "prof", "student"]);
export const MemberRef = named(
  z.object({ id: Int, type: MemberType }) satisfies z.ZodType<P.MemberRef>,
  "ChatMemberRef",
  "Who someone is in the chat: a user id and their chat type.",
);
export const Member = named(
  z.object({
    id: Int,
    type: MemberType,
    name: z.string(),
    icon: z.string().nullable().describe("Image URL, or null for the default image"),
    title: z.string().describe("The person's chat title, or their type's default"),
  }) satisfies z.ZodType<P.Member>,
  "ChatMember",
);
const ChatUser = named(
  z.object({ ...Member.shape, email: z.string() }) satisfies z.ZodType<P.ChatUser>,
  "ChatUser",
  "The signed-in person, with their e-mail (only ever sent to themself).",
);
const MessageType = z.enum(["TEXT", "FILE", "IMAGE", "VIDEO", "AUDIO"]);
export const Message = named(
  z.object({
    id: Int.describe("The seq of its message_sent event: unique in the room, increasing"),
    chatId: Int,
    type: MessageType,
    text: z.string().describe("TEXT: the text. FILE, IMAGE, VIDEO, AUDIO: JSON of ChatFileContent"),
    user: Member,
    time: Iso,
    seen: z.boolean().describe("Whether the reader has seen it (their own messages: true)"),
    seenUsers: z.array(MemberRef).describe("Members other than the author whose read cursor reached it"),
  }) satisfies z.ZodType<P.Message>,
  "ChatMessage",
);
named(
  z.object({
    filename: z.string().describe("The stored file's name (fileUploadFinish's filename)"),
    originalname: z.string(),
    mimetype: z.string(),
    size: Int,
    address: z.string().describe("Download URL (chatFile), for the room's members"),
  }) satisfies z.ZodType<P.FileMessageContent>,
  "ChatFileContent",
  "What a file message's text holds, as JSON.",
);
export const Room = named(
  z.object({
    id: Int,
    kind: z.enum(["direct", "group"]),
    name: z.string().describe("What the list shows: custom_title, else title"),
    title: z.string(),
    custom_title: z.string().nullable(),
    icon: z.array(z.string().nullable()).max(3),
    members: z.array(Member),
    users: z.array(Int),
    admins: z.array(MemberRef),
    lastMessage: z.string().nullable(),
    lastMessageType: MessageType.nullable(),
    lastMessageAuthor: Member.nullable(),
    lastMessageTime: Iso.nullable(),
    lastMessageId: Int.nullable(),
    seen: z.enum(["user_seen", "user_not_seen", "me_seen", "me_not_seen"]).nullable(),
    seenUsers: z.array(MemberRef),
    unread: Int,
    readSeq: Int,
    lastActiveDate: Iso.nullable(),
    createdAt: Iso,
    seq: Int.describe("The last log seq this view reflects"),
  }) satisfies z.ZodType<P.Room>,
  "ChatRoom",
  "A room as one member sees it.",
);
const DirectoryId = z.enum(["administration", "professors", "students"]);
const UserSettings = named(
  z.object({
    title: z.string().nullable(),
    muted: z.boolean(),
    visibility: z.enum(["everyone", "hidden"]),
    directory: DirectoryId.nullable(),
  }) satisfies z.ZodType<P.UserChatSettings>,
  "ChatUserSettings",
);
const Directory = named(
  z.object({ id: DirectoryId, name: z.string(), count: Int }) satisfies z.ZodType<P.Directory>,
  "ChatDirectory",
);
const ErrorInfo = named(
  z.object({
    code: z.string().describe(
      "unauthorized, forbidden, not_found, invalid, rate_limited, unknown_event, bad_json, frame_too_large…",
    ),
    message: z.string().describe("In the language of the upgrade request"),
    fields: z.record(z.string(), z.string()).optional(),
  }) satisfies z.ZodType<P.ErrorInfo>,
  "ChatError",
);

const seqOf = { chatId: Int, seq: Int };

/** Server → client, by event. */
export const SERVER_EVENTS: { [E in P.ServerEventName]: z.ZodType<P.ServerEvents[E]> } = {
  welcome: z.object({ serverTime: Iso }),
  auth_success: z.object({ user: ChatUser, userSettings: UserSettings }),
  auth_error: z.object({ code: z.literal("unauthorized") }),
  setRooms: z.object({ rooms: z.array(Room) }),
  openChat: z.object({ room: Room }),
  messageReceived: z.object({ ...seqOf, message: Message }),
  messages: z.object({
    chatId: Int,
    page: Int,
    messages: z.array(Message).describe("Oldest first"),
    before: Int.nullable().describe("The id to ask for the next older page with; null: none"),
    hasMore: z.boolean(),
  }),
  updateChatRoom: z.object({
    ...seqOf,
    room: Room.nullable().describe("null: the room is gone for this reader (see reason)"),
    reason: z.enum(["removed", "deleted"]).optional(),
  }),
  updateMessageSeen: z.object({ ...seqOf, user: MemberRef, upTo: Int, messageIds: z.array(Int) }),
  addMemberToChat: z.object({ ...seqOf, member: Member, room: Room }),
  callback: z.union([
    z.object({ eventId: Int, ok: z.literal(true), result: z.unknown() }),
    z.object({ eventId: Int, ok: z.literal(false), error: ErrorInfo }),
  ]) as z.ZodType<P.ServerEvents["callback"]>,
  ping: z.object({ t: Int.describe("Server time in ms: echo it in pong") }),
  reset: z.object({ chatId: Int, room: Room }),
  error: z.object({ ...ErrorInfo.shape, event: z.string().optional() }),
};

/** What each client event's callback carries as `result` on success. */
export const CALLBACK_RESULTS: { [E in P.ClientEventName]: z.ZodType<P.CallbackResults[E]> } = {
  auth: z.object({ user: ChatUser }),
  getRooms: z.object({ count: Int }),
  messages: z.object({ count: Int }),
  sendMessage: z.object({ seq: Int, duplicate: z.boolean() }),
  createChat: z.object({ chatId: Int, seq: Int, existing: z.boolean() }),
  openChat: z.object({ chatId: Int }),
  deleteChat: z.object({ seq: Int }),
  seenChat: z.object({ seq: Int.nullable().describe("null: the cursor was there already") }),
  searchUsers: z.object({ users: z.array(Member) }),
  addMemberToChat: z.object({ seq: Int }),
  removeMemberFromChat: z.object({ seq: Int }),
  setCustomTitle: z.object({ seq: Int }),
  fileUploadFinish: z.object({ seq: Int, duplicate: z.boolean() }),
  getUserSettings: z.object({ userSettings: UserSettings }),
  setUserSettings: z.object({ userSettings: UserSettings }),
  getUserDirectories: z.object({ directories: z.array(Directory) }),
  getDirectoryUsers: z.object({ users: z.array(Member), total: Int }),
  pong: z.object({}),
  resume: z.object({ replayed: Int, reset: z.array(Int).describe("The chat ids answered with reset") }),
};

/** Client → server: the schemas the socket parses each event's data with. */
export const CLIENT_EVENTS = CLIENT_SCHEMAS;

// ---- the user channel (/ws/user, services/notifications/user_channel.ts) ----

const UserChannelError = z.object({
  code: z.enum(["bad_json", "unknown_event"]),
});

export const USER_CLIENT_EVENTS = {
  auth: z.object({ token: z.string().max(4096).optional() }).describe(
    "Signs the socket in with a token (a socket opened with the session cookie is signed in already)",
  ),
  subscribe: z.object({}).describe("Starts the notification pushes"),
  ping: z.object({}),
  logout: z.object({}).describe("Closes the socket (1000)"),
};

export const USER_SERVER_EVENTS = {
  AuthSuccess: z.object({ userId: Int }),
  AuthError: z.object({ code: z.literal("unauthorized") }),
  subscribed: z.object({ channel: z.string().describe("user.{userId}") }),
  event: z.object({ action: z.literal("checkUserNotification") }).describe(
    "A notification was created for this user: read the count (notificationCount) or the list",
  ),
  pong: z.object({}),
  error: UserChannelError,
};
