/**
 * What a reader sees of a room and its messages (the Room and Message shapes of protocol.ts), built from the
 * projection and the log. Synchronous: callers `await loadPeople()` first, so names come from the snapshot.
 */
import { type ChatEvent, type RoomState, sameMember } from "./model.ts";
import { memberNow } from "./people.ts";
import { hasSeen, roomSeenStatus, seenUsersOf } from "./projection.ts";
import type { MemberRef, Message, Room } from "./protocol.ts";

const MAX_ICONS = 3;

export function roomView(state: RoomState, reader: MemberRef): Room {
  const members = state.members.map(memberNow);
  const others = members.filter((m) => !sameMember(m, reader));
  const title = state.title ??
    (others.map((m) => m.name).join(", ") || members.find((m) => sameMember(m, reader))?.name || "");
  const custom = state.personalTitles.get(reader.id) ?? null;
  const last = state.lastMessage;
  const activeTimes = others.map((m) => state.lastActive.get(m.id)).filter((t): t is string => !!t)
    .sort();
  return {
    id: state.id,
    kind: state.kind,
    name: custom ?? title,
    title,
    custom_title: custom,
    icon: others.slice(0, MAX_ICONS).map((m) => m.icon),
    members,
    users: members.map((m) => m.id),
    admins: state.admins,
    lastMessage: last?.text ?? null,
    lastMessageType: last?.type ?? null,
    lastMessageAuthor: last ? memberNow(last.author) : null,
    lastMessageTime: last?.time ?? null,
    lastMessageId: last?.id ?? null,
    seen: roomSeenStatus(state, reader),
    seenUsers: last ? seenUsersOf(state, last.id, last.author) : [],
    unread: state.unread.get(reader.id) ?? 0,
    readSeq: state.cursors.get(reader.id) ?? 0,
    lastActiveDate: activeTimes.at(-1) ?? null,
    createdAt: state.createdAt,
    seq: state.seq,
  };
}

/** A `message_sent` event as `reader` sees it, seen-by derived from the cursors of `state`. */
export function messageView(
  event: Extract<ChatEvent, { type: "message_sent" }>,
  state: RoomState,
  reader: MemberRef,
): Message {
  return {
    id: event.seq,
    chatId: event.roomId,
    type: event.messageType,
    text: event.text,
    user: memberNow(event.actor),
    time: event.at,
    seen: hasSeen(state, reader, event.seq, event.actor),
    seenUsers: seenUsersOf(state, event.seq, event.actor),
  };
}

/** Rooms newest activity first (the list's order). */
export function byActivity(a: Room, b: Room): number {
  return (b.lastMessageTime ?? b.createdAt).localeCompare(a.lastMessageTime ?? a.createdAt);
}
