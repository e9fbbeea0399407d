/**
 * What the chat stores (ARCHITECTURE §5): per room an append-only log of events with a gapless seq, and the
 * projections derived from it. The keys are listed in services/db/kv.ts's table; they are built only here.
 */
import type { MemberRef, MessageType, RoomKind, UserChatSettings } from "./protocol.ts";

export type ChatEventBody =
  | { type: "room_created"; kind: RoomKind; title: string | null; members: MemberRef[]; admins: MemberRef[] }
  | { type: "member_added"; member: MemberRef }
  | { type: "member_removed"; member: MemberRef }
  /** The group's name, for everyone (admins). */
  | { type: "title_set"; title: string }
  /** The actor's personal title for the room; null clears it. */
  | { type: "custom_title_set"; title: string | null }
  | { type: "message_sent"; messageType: MessageType; text: string }
  /**
   * The actor's read cursor moves forward to `upTo`; `messageIds` are the ones the client reported. `unread`
   * (messages from others still after the cursor) is counted by the appender from the log, so the fold stays
   * pure and every replica of the projection gets the same count.
   */
  | { type: "messages_seen"; upTo: number; messageIds: number[]; unread?: number }
  | { type: "room_deleted" };

export type ChatEventType = ChatEventBody["type"];

export const CHAT_EVENT_TYPES: readonly ChatEventType[] = [
  "room_created",
  "member_added",
  "member_removed",
  "title_set",
  "custom_title_set",
  "message_sent",
  "messages_seen",
  "room_deleted",
];

/** One stored event: `["chat_events", roomId, seq]`. */
export type ChatEvent = ChatEventBody & {
  roomId: number;
  seq: number;
  actor: MemberRef;
  /** ISO 8601 commit time. */
  at: string;
  clientId?: string;
};

export interface LastMessage {
  id: number;
  type: MessageType;
  text: string;
  author: MemberRef;
  time: string;
}

/**
 * The room projection: what the log says a room is at `seq`. It is stored in two records written in the same
 * atomic as the events (room_records.ts). Per-person values are Maps keyed by user id: V8 serializes a Map about
 * three times faster than an object with numeric-text keys, and every append rewrites some of them.
 */
export interface RoomState {
  id: number;
  kind: RoomKind;
  title: string | null;
  members: MemberRef[];
  admins: MemberRef[];
  createdAt: string;
  createdBy: MemberRef;
  deleted: boolean;
  seq: number;
  lastMessage: LastMessage | null;
  /** Read cursors: the highest seq each member has seen. Seen-by is derived from these, never stored. */
  cursors: Map<number, number>;
  /** Messages from others after each member's cursor. */
  unread: Map<number, number>;
  personalTitles: Map<number, string>;
  /** When each member last did something in the room. */
  lastActive: Map<number, string>;
}

export const keys = {
  event: (roomId: number, seq: number): Deno.KvKey => ["chat_events", roomId, seq],
  events: (roomId: number): Deno.KvKey => ["chat_events", roomId],
  head: (roomId: number): Deno.KvKey => ["chat_heads", roomId],
  /** A client id is the author's own: another member's id must not make their message a "duplicate". */
  dedup: (roomId: number, authorId: number, clientId: string): Deno.KvKey => [
    "chat_dedup",
    roomId,
    authorId,
    clientId,
  ],
  room: (roomId: number): Deno.KvKey => ["chat_rooms", roomId],
  rooms: (): Deno.KvKey => ["chat_rooms"],
  roomsByUser: (userId: number, roomId: number): Deno.KvKey => ["chat_rooms_by_user", userId, roomId],
  userRooms: (userId: number): Deno.KvKey => ["chat_rooms_by_user", userId],
  direct: (a: number, b: number): Deno.KvKey => ["chat_direct", Math.min(a, b), Math.max(a, b)],
  /**
   * Set (never checked) by every commit of process `processId`: the other processes poll these to learn that
   * something happened, and a process skips its own.
   */
  activity: (processId: string): Deno.KvKey => ["chat_activity", "events", processId],
  /** Set (never checked) by every append that adds someone to a room. */
  joins: (): Deno.KvKey => ["chat_activity", "joins"],
  /** Set when a person joins a room: other processes poll it for the people they hold sockets of. */
  userVersion: (userId: number): Deno.KvKey => ["chat_user_version", userId],
  settings: (userId: number): Deno.KvKey => ["chat_settings", userId],
  upload: (uploadId: string): Deno.KvKey => ["chat_uploads", uploadId],
  uploadChunk: (uploadId: string, n: number): Deno.KvKey => ["chat_upload_chunks", uploadId, n],
  uploadChunks: (uploadId: string): Deno.KvKey => ["chat_upload_chunks", uploadId],
  file: (filename: string): Deno.KvKey => ["chat_files", filename],
};

/** A process's activity key outlives its last commit by this long (then it is gone with the process). */
export const ACTIVITY_KEEP_MS = 24 * 3600 * 1000;
/** A resend within this time is recognised by its client id. */
export const DEDUP_KEEP_MS = 24 * 3600 * 1000;

export const DEFAULT_SETTINGS: UserChatSettings = {
  title: null,
  muted: false,
  visibility: "everyone",
  directory: null,
};

export const sameMember = (a: MemberRef, b: MemberRef) => a.id === b.id && a.type === b.type;
export const isMember = (state: RoomState, who: MemberRef) => state.members.some((m) => sameMember(m, who));
export const isAdmin = (state: RoomState, who: MemberRef) => state.admins.some((m) => sameMember(m, who));
