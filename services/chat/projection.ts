/**
 * The room projection as a pure fold over the log: `project(state, event)` is the only place that decides what
 * an event does to rooms, members, admins, the last message, unread counts, read cursors and seen users. The
 * appender stores its result in the event's atomic; the hub applies the same function to follow a room in
 * memory; tests replay a whole log through it and compare.
 */
import { type ChatEvent, isMember, type RoomState, sameMember } from "./model.ts";
import type { MemberRef, RoomSeenStatus } from "./protocol.ts";

const without = (list: MemberRef[], who: MemberRef) => list.filter((m) => !sameMember(m, who));
const withValue = <V>(map: Map<number, V>, id: number, value: V) => new Map(map).set(id, value);
const withoutKey = <V>(map: Map<number, V>, id: number) => {
  const next = new Map(map);
  next.delete(id);
  return next;
};

export function project(state: RoomState | null, event: ChatEvent): RoomState {
  if (event.type === "room_created") {
    return {
      id: event.roomId,
      kind: event.kind,
      title: event.title,
      members: event.members,
      admins: event.admins,
      createdAt: event.at,
      createdBy: event.actor,
      deleted: false,
      seq: event.seq,
      lastMessage: null,
      cursors: new Map(event.members.map((m) => [m.id, 0])),
      unread: new Map(event.members.map((m) => [m.id, 0])),
      personalTitles: new Map(),
      lastActive: new Map([[event.actor.id, event.at]]),
    };
  }
  if (!state) throw new Error(`room ${event.roomId}: ${event.type} before room_created`);
  if (event.seq !== state.seq + 1) {
    throw new Error(`room ${event.roomId}: event ${event.seq} applied to state at ${state.seq}`);
  }
  const actorId = event.actor.id;
  const next: RoomState = {
    ...state,
    seq: event.seq,
    lastActive: withValue(state.lastActive, actorId, event.at),
  };
  switch (event.type) {
    case "member_added": {
      const id = event.member.id;
      next.members = [...state.members, event.member];
      // A newcomer starts having read everything so far: the history is there, but not "unread".
      next.cursors = withValue(state.cursors, id, event.seq);
      next.unread = withValue(state.unread, id, 0);
      return next;
    }
    case "member_removed": {
      const id = event.member.id;
      next.members = without(state.members, event.member);
      next.admins = without(state.admins, event.member);
      // The last admin leaving hands the group to the longest-standing member, so it is never unmanageable.
      if (next.admins.length === 0 && next.members.length > 0) next.admins = [next.members[0]];
      next.cursors = withoutKey(state.cursors, id);
      next.unread = withoutKey(state.unread, id);
      next.personalTitles = withoutKey(state.personalTitles, id);
      return next;
    }
    case "title_set":
      next.title = event.title;
      return next;
    case "custom_title_set":
      next.personalTitles = event.title === null
        ? withoutKey(state.personalTitles, actorId)
        : withValue(state.personalTitles, actorId, event.title);
      return next;
    case "message_sent": {
      next.lastMessage = {
        id: event.seq,
        type: event.messageType,
        text: event.text,
        author: event.actor,
        time: event.at,
      };
      next.unread = new Map();
      for (const m of state.members) {
        next.unread.set(m.id, m.id === actorId ? 0 : (state.unread.get(m.id) ?? 0) + 1);
      }
      // Sending is reading: the author has seen everything up to their own message.
      next.cursors = withValue(state.cursors, actorId, event.seq);
      return next;
    }
    case "messages_seen": {
      const cursor = Math.max(state.cursors.get(actorId) ?? 0, event.upTo);
      next.cursors = withValue(state.cursors, actorId, cursor);
      const caughtUp = state.lastMessage === null || cursor >= state.lastMessage.id;
      next.unread = withValue(
        state.unread,
        actorId,
        caughtUp ? 0 : event.unread ?? state.unread.get(actorId) ?? 0,
      );
      return next;
    }
    case "room_deleted":
      next.deleted = true;
      return next;
  }
}

/** Members other than the author whose read cursor reached message `messageId`. */
export function seenUsersOf(state: RoomState, messageId: number, author: MemberRef): MemberRef[] {
  return state.members.filter((m) => !sameMember(m, author) && (state.cursors.get(m.id) ?? 0) >= messageId);
}

/** SPEC §4 "Room seen status" for `reader`. */
export function roomSeenStatus(state: RoomState, reader: MemberRef): RoomSeenStatus | null {
  const last = state.lastMessage;
  if (!last) return null;
  if (sameMember(last.author, reader)) {
    return seenUsersOf(state, last.id, last.author).length > 0 ? "user_seen" : "user_not_seen";
  }
  return (state.cursors.get(reader.id) ?? 0) >= last.id ? "me_seen" : "me_not_seen";
}

/** Whether `reader` has seen message `messageId` (their own: always). */
export function hasSeen(state: RoomState, reader: MemberRef, messageId: number, author: MemberRef): boolean {
  return sameMember(reader, author) || (state.cursors.get(reader.id) ?? 0) >= messageId;
}

export { isMember };
