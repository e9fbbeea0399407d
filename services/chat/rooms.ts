/**
 * The chat's operations (what the socket's events and the demo seed do), each one append to a room's log, and
 * the reads a member may make. Authorization of writes happens inside the append (rules.ts, against the
 * projection at that seq); reads check the current member list here.
 */
import { AppError, invalid, notFound } from "../../utils/errors.ts";
import { reserveIds } from "../db/records.ts";
import { db, readMany } from "../db/kv.ts";
import { append, type AppendResult, roomState } from "./log.ts";
import { type ChatEvent, DEDUP_KEEP_MS, isMember, keys, type RoomState, sameMember } from "./model.ts";
import { readRooms } from "./room_records.ts";
import { chatPerson, loadPeople } from "./people.ts";
import {
  MAX_MEMBERS,
  type MemberRef,
  type Message,
  MESSAGES_PAGE_SIZE,
  type MessageType,
} from "./protocol.ts";
import { notMember } from "./rules.ts";
import { messageView } from "./views.ts";

export interface CreatedChat {
  chatId: number;
  seq: number;
  existing: boolean;
}

/**
 * Creates a room of `actor` and `members`: one other person and no title → their direct room (the existing one
 * if there is one); more, or a title → a group whose admin is the creator. A resend with the same client id
 * answers the room the first one created.
 */
export async function createChat(
  actor: MemberRef,
  members: MemberRef[],
  opts: { title?: string; clientId?: string; at?: string } = {},
): Promise<CreatedChat> {
  const others = members.filter((m, i) =>
    !sameMember(m, actor) && members.findIndex((o) => sameMember(o, m)) === i
  );
  if (others.length === 0) throw invalid({ members: { key: "errors.required" } });
  if (others.length >= MAX_MEMBERS) {
    throw invalid({ members: { key: "chat.errors.tooMany", params: { max: MAX_MEMBERS } } });
  }
  for (const other of others) {
    if (!(await chatPerson(other))) throw invalid({ members: { key: "chat.errors.unknownPerson" } });
  }
  const title = opts.title?.trim() || null;
  const direct = others.length === 1 && title === null;
  const claimKeys = [
    ...(direct ? [{ key: keys.direct(actor.id, others[0].id) }] : []),
    ...(opts.clientId ? [{ key: ["chat_created", actor.id, opts.clientId], expireIn: DEDUP_KEEP_MS }] : []),
  ];
  const existing = await readMany<number>(claimKeys.map((c) => c.key));
  const found = existing.find((e) => e.value !== null)?.value;
  if (found) return { chatId: found, seq: (await roomState(found))?.seq ?? 0, existing: true };
  const roomId = await reserveIds("chat_rooms", 1);
  try {
    const result = await append({
      roomId,
      actor,
      at: opts.at,
      claims: claimKeys,
      body: {
        type: "room_created",
        kind: direct ? "direct" : "group",
        title,
        members: [actor, ...others],
        admins: direct ? [actor, others[0]] : [actor],
      },
    });
    return { chatId: roomId, seq: result.seq!, existing: false };
  } catch (error) {
    if (error instanceof AppError && error.code === "claimed") {
      const chatId = Number(error.options.params?.roomId);
      return { chatId, seq: (await roomState(chatId))?.seq ?? 0, existing: true };
    }
    throw error;
  }
}

export function sendMessage(
  actor: MemberRef,
  chatId: number,
  text: string,
  clientId?: string,
  messageType: MessageType = "TEXT",
): Promise<AppendResult> {
  return append({ roomId: chatId, actor, clientId, body: { type: "message_sent", messageType, text } });
}

export async function addMember(actor: MemberRef, chatId: number, member: MemberRef): Promise<AppendResult> {
  if (!(await chatPerson(member))) throw invalid({ member: { key: "chat.errors.unknownPerson" } });
  return await append({ roomId: chatId, actor, body: { type: "member_added", member } });
}

export function removeMember(actor: MemberRef, chatId: number, member: MemberRef): Promise<AppendResult> {
  return append({ roomId: chatId, actor, body: { type: "member_removed", member } });
}

/** In a group, by default the group's name for everyone (admins); in a direct room, or `personal`, one's own. */
export async function setTitle(actor: MemberRef, chatId: number, title: string, personal = false) {
  const state = await readableRoom(actor, chatId);
  const text = title.trim();
  if (personal || state.kind === "direct") {
    return append({ roomId: chatId, actor, body: { type: "custom_title_set", title: text || null } });
  }
  return append({ roomId: chatId, actor, body: { type: "title_set", title: text } });
}

export function deleteChat(actor: MemberRef, chatId: number): Promise<AppendResult> {
  return append({ roomId: chatId, actor, body: { type: "room_deleted" } });
}

/** Moves the actor's read cursor to the highest of `messageIds` (never back); null seq: it was there already. */
export async function markSeen(
  actor: MemberRef,
  chatId: number,
  messageIds: number[],
): Promise<AppendResult> {
  if (messageIds.length === 0) throw invalid({ unseenMessageIds: { key: "errors.required" } });
  const upTo = Math.max(...messageIds);
  return await append({
    roomId: chatId,
    actor,
    body: { type: "messages_seen", upTo, messageIds: messageIds.slice(0, 100) },
  });
}

/** The room, if `reader` is one of its current members (strong read): the check every read makes. */
export async function readableRoom(reader: MemberRef, chatId: number): Promise<RoomState> {
  const state = await roomState(chatId);
  if (!state || state.deleted) throw notFound("chat");
  if (!isMember(state, reader)) throw notMember();
  return state;
}

/** The rooms `userId` is a member of now (projections). */
export async function roomsOf(userId: number): Promise<RoomState[]> {
  const ids: number[] = [];
  for await (const entry of db().list<number>({ prefix: keys.userRooms(userId) })) ids.push(entry.value);
  return (await readRooms(ids)).flatMap((state) => (state && !state.deleted ? [state] : []));
}

export interface MessagePage {
  messages: Message[];
  /** Ask with `before` = this for the next older page; null: this was the oldest. */
  before: number | null;
  hasMore: boolean;
}

/** Longest walk back through the log for one page (other events sit between messages). */
const SCAN_LIMIT = 2000;

/**
 * A page of messages, oldest first: those before message id `before` (or the newest), or page `page` counted
 * from the newest. Seen-by comes from the current read cursors.
 */
export async function messagesPage(
  reader: MemberRef,
  chatId: number,
  opts: { page?: number; before?: number },
): Promise<MessagePage> {
  const state = await readableRoom(reader, chatId);
  await loadPeople();
  let skip = opts.before === undefined ? ((opts.page ?? 1) - 1) * MESSAGES_PAGE_SIZE : 0;
  const end = Math.min(opts.before ?? state.seq + 1, state.seq + 1);
  const found: Message[] = [];
  let scanned = 0, lowest = end;
  const iterator = db().list<ChatEvent>(
    { start: keys.event(chatId, 1), end: keys.event(chatId, end) },
    { reverse: true, batchSize: 100 },
  );
  for await (const entry of iterator) {
    const event = entry.value;
    if (scanned++ >= SCAN_LIMIT) break;
    lowest = event.seq;
    if (event.type !== "message_sent") continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    found.push(messageView(event, state, reader));
    if (found.length >= MESSAGES_PAGE_SIZE) break;
  }
  const hasMore = lowest > 1 && (found.length >= MESSAGES_PAGE_SIZE || scanned > SCAN_LIMIT);
  return { messages: found.reverse(), before: hasMore ? lowest : null, hasMore };
}

export { sameMember };
