/**
 * How one log event reads as a server frame for one member (the table in protocol.ts), and which readers
 * share the same text, so the hub serializes a message once for its author and once for everyone else.
 */
import { type ChatEvent, type RoomState, sameMember } from "./model.ts";
import { memberNow } from "./people.ts";
import type { MemberRef, ServerEventName, ServerEvents } from "./protocol.ts";
import { messageView, roomView } from "./views.ts";

export function frameText<E extends ServerEventName>(event: E, data: ServerEvents[E], id?: number): string {
  return JSON.stringify(id === undefined ? { event, data } : { event, data, id });
}

/** Readers with the same key receive the same text. */
export function shareKey(event: ChatEvent, reader: MemberRef): string {
  if (event.type === "message_sent") return sameMember(event.actor, reader) ? "author" : "others";
  if (event.type === "messages_seen" || event.type === "room_deleted") return "all";
  return `u${reader.id}`;
}

/** Whether `reader` stops receiving the room after this event. */
export function endsFor(event: ChatEvent, reader: MemberRef): boolean {
  return event.type === "room_deleted" ||
    (event.type === "member_removed" && sameMember(event.member, reader));
}

/** The frame of `event` for `reader`; `state` is the room at (or after) the event. Call `loadPeople()` first. */
export function eventFrame(event: ChatEvent, state: RoomState, reader: MemberRef): string {
  const chatId = event.roomId, seq = event.seq;
  switch (event.type) {
    case "message_sent":
      return frameText("messageReceived", { chatId, seq, message: messageView(event, state, reader) });
    case "messages_seen":
      return frameText("updateMessageSeen", {
        chatId,
        seq,
        user: event.actor,
        upTo: event.upTo,
        messageIds: event.messageIds,
      });
    case "member_added":
      return frameText("addMemberToChat", {
        chatId,
        seq,
        member: memberNow(event.member),
        room: roomView(state, reader),
      });
    case "member_removed":
      return sameMember(event.member, reader)
        ? frameText("updateChatRoom", { chatId, seq, room: null, reason: "removed" })
        : frameText("updateChatRoom", { chatId, seq, room: roomView(state, reader) });
    case "room_deleted":
      return frameText("updateChatRoom", { chatId, seq, room: null, reason: "deleted" });
    case "room_created":
    case "title_set":
    case "custom_title_set":
      return frameText("updateChatRoom", { chatId, seq, room: roomView(state, reader) });
  }
}
