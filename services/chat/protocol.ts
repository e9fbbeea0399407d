/**
 * The chat's WebSocket protocol at `/ws/chat` (SPEC §4, §5, §7.2; API.md "WebSockets"; ARCHITECTURE §5) —
 * the one place that documents it. Types only and constants: no Deno or KV imports, so the browser widget
 * imports this file too.
 *
 * Frames. Every frame, both ways, is one JSON object `{ event, data, id? }`. A client frame may be at most
 * MAX_FRAME_BYTES long (UTF-8); server frames are not capped (a page of 30 long messages is larger).
 * A client event may carry a numeric `id`; the server then answers it with a `callback` frame
 * `{ eventId: id, ok: true, result }` or `{ eventId: id, ok: false, error: { code, message } }` (besides any
 * other frame the event causes). An event without `id` that fails is answered with an `error` frame.
 * Unknown events, bad JSON, oversize frames and malformed data are refused (`error`, code `unknown_event`,
 * `bad_json`, `frame_too_large`, `invalid`); too many refusals close the socket (code 4002).
 *
 * Connection (SPEC §4 "Connection").
 * 1. The browser opens `/ws/chat` (same origin; the session cookie is sent with the upgrade; foreign origins
 *    are refused with 403). The server sends `welcome`.
 * 2. The client sends `auth` (`token` optional: the cookie's session is used when absent). The server answers
 *    `auth_success { user, userSettings }` or `auth_error`. A socket not authenticated within
 *    AUTH_TIMEOUT_MS is closed (4000). A revoked session's sockets are closed (4001) and receive nothing more.
 * 3. The client then sends `getRooms` (a fresh start: answered `setRooms`) or `resume { rooms: { [chatId]:
 *    lastSeq } }` (a reconnect: answered per room by exactly the events after lastSeq, in order, or by one
 *    `reset { chatId, room }` when more than REPLAY_LIMIT events are missing or the person was out of the room
 *    meanwhile; rooms the client did not know are answered `reset` too; rooms it may not see by
 *    `updateChatRoom { room: null, reason: "removed" }` with its lastSeq + 1 as seq, whatever became of the room
 *    (a non-member learns nothing about a room, not even that it exists); and finally
 *    `setRooms` with every current room, each with the seq this socket was sent). Only after one of the two
 *    does the socket receive live events.
 * 4. The server sends `ping` every PING_INTERVAL_MS; the client answers `pong`. No pong for PONG_TIMEOUT_MS
 *    closes the socket (4003).
 * 5. Rate limits (rate_limit.ts; the authorization parameters' `chat`): per person per minute, over all their
 *    sockets and processes — messages (sendMessage, fileUploadFinish), uploads (each new one), rooms
 *    (createChat) and member changes (addMemberToChat, removeMemberFromChat). Beyond one, the event is refused,
 *    nothing is stored, and the answer is the error `{ code: "rate_limited", message }` (message: when to try
 *    again); an upload chunk answers HTTP 429 with Retry-After.
 *
 * Sequence numbers. Every room is an append-only log with a gapless `seq` starting at 1. Every frame caused by
 * a log event carries its `chatId` and `seq`; a room in `setRooms`/`reset` carries the `seq` it reflects.
 * The client keeps the highest seq per room it has applied and sends those in `resume`. Every log event of a
 * room produces exactly one frame to each member's subscribed sockets, so seqs arrive contiguous and in order.
 *
 * Log events → server frames (to the room's current members):
 *   room_created                → updateChatRoom { chatId, seq, room }
 *   member_added                → addMemberToChat { chatId, seq, member, room } (the added person too)
 *   member_removed              → updateChatRoom { chatId, seq, room } to the others;
 *                                 updateChatRoom { chatId, seq, room: null, reason: "removed" } to the removed
 *                                 person, who receives nothing more of the room
 *   title_set, custom_title_set → updateChatRoom { chatId, seq, room }
 *   message_sent                → messageReceived { chatId, seq, message }
 *   messages_seen               → updateMessageSeen { chatId, seq, user, upTo, messageIds }
 *   room_deleted                → updateChatRoom { chatId, seq, room: null, reason: "deleted" }
 *
 * Rules (SPEC §5, §6), all checked on the server against the room's current members: only members read or
 * write a room; only admins rename a group, add members, remove others and delete it; a non-admin may remove
 * only themself; a member already in the room cannot be added again; sendMessage needs chatId and non-blank
 * text; an empty search keyword answers an empty list. Direct rooms (two people) cannot be renamed for
 * everyone, grow or be deleted; each person may give them a personal title (custom_title).
 *
 * Idempotency: sendMessage, createChat and fileUploadFinish carry a `clientId` (the client's random id for
 * that action); a resend of the same clientId by the same person changes nothing and answers the original seq
 * (the key is the author's: another member's clientId never makes a message a duplicate).
 *
 * Files: the bytes go over HTTP (`chatUpload`, POST /api/chat/upload, in chunks of at most UPLOAD_CHUNK_BYTES
 * answering an UploadResult with the progress); after the last chunk the client sends `fileUploadFinish`
 * with the returned `attachment` as `filename`, and the server emits the file message. A file message's text
 * is a JSON string of FileMessageContent; downloads are at `address` (`chatFile`), for members only.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants

export const CHAT_SOCKET_PATH = "/ws/chat";
/** Largest frame a client may send, in bytes of its JSON text (UTF-8). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Longest message text, in characters. */
export const MAX_MESSAGE_CHARS = 4000;
/** Messages per `messages` page (newest first pages; page 1 is the newest). */
export const MESSAGES_PAGE_SIZE = 30;
/** Most missed events `resume` replays per room; beyond that the room is `reset`. */
export const REPLAY_LIMIT = 1000;
/** SPEC §5, §9: the total of the selected files. Enforced on the server by summing stored bytes. */
export const MAX_UPLOAD_BYTES = 5_000_000;
/** One chunk of `chatUpload`. */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
export const AUTH_TIMEOUT_MS = 5_000;
export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 60_000;
/** Most members of a group. */
export const MAX_MEMBERS = 100;
export const MAX_TITLE_CHARS = 100;
/** Users answered by one `searchUsers`; `getDirectoryUsers` pages have this size too. */
export const SEARCH_LIMIT = 20;
/** The client's id for an idempotent action: 1–64 of these characters. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** What the upload accepts, by content (magic bytes), not by the name or the declared type. */
export const UPLOAD_KINDS = ["image", "video", "audio", "pdf", "office"] as const;
/** SPEC §3 Member: default titles (Georgian) when the person has set none. */
export const DEFAULT_MEMBER_TITLES: Record<MemberType, string> = {
  user: "ადმინისტრაცია",
  prof: "პროფესორი",
  student: "სტუდენტი",
};
/** Socket close codes the server uses. */
export const CLOSE_CODES = {
  unauthenticated: 4000,
  revoked: 4001,
  misbehaving: 4002,
  noPong: 4003,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Shapes (SPEC §3)

export type MemberType = "user" | "prof" | "student";

/** Who someone is in the chat: a user id and the chat type; "mine" means both match (SPEC §6). */
export interface MemberRef {
  id: number;
  type: MemberType;
}

export interface Member extends MemberRef {
  name: string;
  /** Image URL or null (the client shows the default image then, and for inline `data:` images). */
  icon: string | null;
  /** The person's chat title, or the default of DEFAULT_MEMBER_TITLES. */
  title: string;
}

export type MessageType = "TEXT" | "FILE" | "IMAGE" | "VIDEO" | "AUDIO";
/** PROGRESS exists only in the browser (the temporary upload message, SPEC §4 "Upload"). */
export type ClientMessageType = MessageType | "PROGRESS";

export interface Message {
  /** The seq of its `message_sent` event: unique in the room, increasing. */
  id: number;
  chatId: number;
  type: MessageType;
  /** TEXT: the text. FILE, IMAGE, VIDEO, AUDIO: JSON of FileMessageContent. */
  text: string;
  user: Member;
  /** ISO 8601. */
  time: string;
  /** Whether the reading person has seen it (their own messages: true). */
  seen: boolean;
  /** Members other than the author whose read cursor reached this message. */
  seenUsers: MemberRef[];
}

export interface FileMessageContent {
  /** Server-generated name: the id under which the file is stored. */
  filename: string;
  /** The name the person's file had (shown, never used as a path). */
  originalname: string;
  mimetype: string;
  size: number;
  /** Download URL (chatFile). */
  address: string;
}

/** SPEC §4 "Room seen status", from the reader's point of view; null when the room has no message. */
export type RoomSeenStatus = "user_seen" | "user_not_seen" | "me_seen" | "me_not_seen";

export type RoomKind = "direct" | "group";

export interface Room {
  id: number;
  kind: RoomKind;
  /** What the list shows: custom_title, else title. */
  name: string;
  /** The group's name; for a direct room the other person's name. */
  title: string;
  /** The reader's personal title for the room (custom_title_set), or null. */
  custom_title: string | null;
  /** Up to 3 icons of other members (SPEC §5). */
  icon: (string | null)[];
  members: Member[];
  /** Member ids, in the order of `members`. */
  users: number[];
  admins: MemberRef[];
  lastMessage: string | null;
  lastMessageType: MessageType | null;
  lastMessageAuthor: Member | null;
  lastMessageTime: string | null;
  lastMessageId: number | null;
  seen: RoomSeenStatus | null;
  /** Members other than the last message's author who have seen it. */
  seenUsers: MemberRef[];
  /** Messages from others after the reader's read cursor. */
  unread: number;
  /** The reader's read cursor (seq). */
  readSeq: number;
  /** The last time another member did something in the room (ISO), or null. */
  lastActiveDate: string | null;
  createdAt: string;
  /** The last log seq this view reflects. */
  seq: number;
}

export type UserVisibility = "everyone" | "hidden";

/** SPEC §3 "User chat settings". */
export interface UserChatSettings {
  /** The person's chat title (shown under their name); null: the default of their type. */
  title: string | null;
  /** Muted: no sound or badge for new messages (client side). */
  muted: boolean;
  /** hidden: others do not find the person in searches and directories (existing rooms still work). */
  visibility: UserVisibility;
  /** Kept for older clients: a person is always listed in their own type's directory (another is refused). */
  directory: DirectoryId | null;
}

export type DirectoryId = "administration" | "professors" | "students";

export interface Directory {
  id: DirectoryId;
  name: string;
  count: number;
}

export interface ChatUser extends Member {
  email: string;
}

/** SPEC §3 "Upload result", plus the `status_code`/`address` of API.md chatUpload. */
export interface UploadResult {
  status_code: 1;
  type: "PROGRESS" | "FINISHED";
  /** 0–100, of the bytes stored. */
  progress: number;
  /** Server-generated file name; send it as `filename` in fileUploadFinish. Set when FINISHED. */
  attachment: string | null;
  /** The original name. */
  name: string;
  size: number;
  /** Detected by content; set when FINISHED. */
  fileType: string | null;
  /** Download URL; set when FINISHED. */
  address: string | null;
}

export interface ErrorInfo {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------------
// Client → server events: event name → data

export interface ClientEvents {
  auth: { token?: string };
  getRooms: Record<string, never>;
  /** Older messages: `page` (1 newest) or `before` (a message id: the page of those before it). */
  messages: { chatId: number; page?: number; before?: number };
  sendMessage: { chatId: number; text: string; clientId: string };
  /**
   * members: the others (the creator is added). One person and no title → the direct room (existing or new);
   * otherwise a group whose admin is the creator. Answered by the callback and `openChat { room }` to this
   * socket; every member's sockets also get the room_created frame (`updateChatRoom`, seq 1).
   */
  createChat: { members: MemberRef[]; title?: string; clientId: string };
  /** Answered `openChat { room }` (the current view of the room); the client shows the window. */
  openChat: { chatId: number };
  deleteChat: { chatId: number };
  /** unseenMessageIds: the messages the reader now saw; the read cursor moves to their highest id. */
  seenChat: { chatId: number; unseenMessageIds: number[] };
  /** Answered only through the callback: `result: { users: Member[] }` (no e-mail: see people.ts). */
  searchUsers: { keyword: string };
  addMemberToChat: { chatId: number; member: MemberRef };
  removeMemberFromChat: { chatId: number; member: MemberRef };
  /** Group and admin: the group's name for all (title_set). Direct room, or `personal`: the reader's own. */
  setCustomTitle: { chatId: number; title: string; personal?: boolean };
  fileUploadFinish: {
    chatId: number;
    originalname: string;
    mimetype: string;
    filename: string;
    size: number;
    clientId: string;
  };
  getUserSettings: Record<string, never>;
  setUserSettings: Partial<UserChatSettings>;
  getUserDirectories: Record<string, never>;
  getDirectoryUsers: { directory: DirectoryId; page?: number };
  /** Answers `ping`; `t` may echo the ping's. */
  pong: { t?: number };
  /** lastSeq per chat id (as object keys). */
  resume: { rooms: Record<string, number> };
}

export type ClientEventName = keyof ClientEvents;

export const CLIENT_EVENTS: readonly ClientEventName[] = [
  "auth",
  "getRooms",
  "messages",
  "sendMessage",
  "createChat",
  "openChat",
  "deleteChat",
  "seenChat",
  "searchUsers",
  "addMemberToChat",
  "removeMemberFromChat",
  "setCustomTitle",
  "fileUploadFinish",
  "getUserSettings",
  "setUserSettings",
  "getUserDirectories",
  "getDirectoryUsers",
  "pong",
  "resume",
];

/** What each client event's callback carries as `result` when it succeeds. */
export interface CallbackResults {
  auth: { user: ChatUser };
  getRooms: { count: number };
  messages: { count: number };
  sendMessage: { seq: number; duplicate: boolean };
  createChat: { chatId: number; seq: number; existing: boolean };
  openChat: { chatId: number };
  deleteChat: { seq: number };
  /** seq null: the cursor was already there (nothing appended). */
  seenChat: { seq: number | null };
  searchUsers: { users: Member[] };
  addMemberToChat: { seq: number };
  removeMemberFromChat: { seq: number };
  setCustomTitle: { seq: number };
  fileUploadFinish: { seq: number; duplicate: boolean };
  getUserSettings: { userSettings: UserChatSettings };
  setUserSettings: { userSettings: UserChatSettings };
  getUserDirectories: { directories: Directory[] };
  getDirectoryUsers: { users: Member[]; total: number };
  pong: Record<string, never>;
  resume: { replayed: number; reset: number[] };
}

// ---------------------------------------------------------------------------------------------------------
// Server → client events: event name → data

export type RoomGone = "removed" | "deleted";

export interface ServerEvents {
  welcome: { serverTime: string };
  auth_success: { user: ChatUser; userSettings: UserChatSettings };
  auth_error: { code: "unauthorized" };
  setRooms: { rooms: Room[] };
  openChat: { room: Room };
  messageReceived: { chatId: number; seq: number; message: Message };
  /** Answer to `messages`: oldest first; `before` is the id to ask for the next older page (null: none). */
  messages: { chatId: number; page: number; messages: Message[]; before: number | null; hasMore: boolean };
  updateChatRoom: { chatId: number; seq: number; room: Room | null; reason?: RoomGone };
  updateMessageSeen: { chatId: number; seq: number; user: MemberRef; upTo: number; messageIds: number[] };
  addMemberToChat: { chatId: number; seq: number; member: Member; room: Room };
  callback:
    | { eventId: number; ok: true; result: unknown }
    | { eventId: number; ok: false; error: ErrorInfo };
  ping: { t: number };
  /** The room's missed events cannot be replayed: replace the room's state with `room` and reload messages. */
  reset: { chatId: number; room: Room };
  error: ErrorInfo & { event?: string };
}

export type ServerEventName = keyof ServerEvents;

export interface Frame<E extends string = string, D = unknown> {
  event: E;
  data: D;
  id?: number;
}

export type ClientFrame<E extends ClientEventName = ClientEventName> = Frame<E, ClientEvents[E]>;
export type ServerFrame<E extends ServerEventName = ServerEventName> = Frame<E, ServerEvents[E]>;

/** The URL of a stored chat file (chatFile). */
export const chatFileAddress = (filename: string) => `/api/chat/files/${encodeURIComponent(filename)}`;
