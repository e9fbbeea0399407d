import { assertEquals } from "../../tests/assert.ts";
import type { ChatUser, Member, Message, Room, ServerFrame } from "../../services/chat/protocol.ts";
import { ChatStore } from "./chat_store.ts";

const ME: ChatUser = { id: 3, type: "user", name: "Me", icon: null, title: "", email: "me@uni.test" };
const OTHER: Member = { id: 5, type: "student", name: "Other", icon: null, title: "" };

function room(id: number, seq: number, patch: Partial<Room> = {}): Room {
  return {
    id,
    kind: "direct",
    name: `Room ${id}`,
    title: `Room ${id}`,
    custom_title: null,
    icon: [],
    members: [ME, OTHER],
    users: [ME.id, OTHER.id],
    admins: [],
    lastMessage: null,
    lastMessageType: null,
    lastMessageAuthor: null,
    lastMessageTime: null,
    lastMessageId: null,
    seen: null,
    seenUsers: [],
    unread: 0,
    readSeq: 0,
    lastActiveDate: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    seq,
    ...patch,
  };
}

function message(chatId: number, id: number, user: Member, text = `m${id}`): Message {
  return {
    id,
    chatId,
    type: "TEXT",
    text,
    user,
    time: new Date(Date.UTC(2026, 0, 2, 0, id)).toISOString(),
    seen: false,
    seenUsers: [],
  };
}

const frame = (event: string, data: unknown) => ({ event, data }) as ServerFrame;

function signedIn() {
  const store = new ChatStore();
  store.update({ me: ME });
  store.apply(frame("setRooms", { rooms: [room(1, 4), room(2, 9)] }));
  return store;
}

Deno.test("chat store applies server frames", async (t) => {
  await t.step("setRooms remembers each room's seq", () => {
    const store = signedIn();
    assertEquals([...store.lastSeq], [[1, 4], [2, 9]]);
    assertEquals(store.state.roomsLoaded, true);
  });

  await t.step("a received message updates the room and is counted unread", () => {
    const store = signedIn();
    store.apply(frame("messages", { chatId: 1, page: 1, messages: [], before: null, hasMore: false }));
    store.apply(frame("messageReceived", { chatId: 1, seq: 5, message: message(1, 5, OTHER, "hi") }));
    const r = store.room(1)!;
    assertEquals([r.lastMessage, r.unread, r.seen, r.seq], ["hi", 1, "me_not_seen", 5]);
    assertEquals(store.state.rooms[0].id, 1, "the room with the newest message comes first");
    assertEquals(store.messagesOf(1).items.map((m) => m.id), [5]);
  });

  await t.step("a frame at or below the last seq is a duplicate and changes nothing", () => {
    const store = signedIn();
    store.apply(frame("messageReceived", { chatId: 1, seq: 5, message: message(1, 5, OTHER) }));
    store.apply(frame("messageReceived", { chatId: 1, seq: 5, message: message(1, 5, OTHER) }));
    store.apply(frame("messageReceived", { chatId: 1, seq: 3, message: message(1, 3, OTHER) }));
    assertEquals(store.room(1)!.unread, 1);
    assertEquals(store.lastSeq.get(1), 5);
  });

  await t.step("seen updates: my message becomes user_seen; mine of others me_seen", () => {
    const store = signedIn();
    store.apply(frame("messages", { chatId: 1, page: 1, messages: [], before: null, hasMore: false }));
    store.apply(frame("messageReceived", { chatId: 1, seq: 5, message: message(1, 5, ME) }));
    assertEquals(store.room(1)!.seen, "user_not_seen");
    store.apply(frame("updateMessageSeen", { chatId: 1, seq: 6, user: OTHER, upTo: 5, messageIds: [5] }));
    assertEquals(store.room(1)!.seen, "user_seen");
    assertEquals(store.messagesOf(1).items[0].seenUsers, [{ id: 5, type: "student" }]);

    store.apply(frame("messageReceived", { chatId: 1, seq: 7, message: message(1, 7, OTHER) }));
    assertEquals([store.room(1)!.seen, store.room(1)!.unread], ["me_not_seen", 1]);
    store.apply(frame("updateMessageSeen", { chatId: 1, seq: 8, user: ME, upTo: 7, messageIds: [7] }));
    assertEquals([store.room(1)!.seen, store.room(1)!.unread], ["me_seen", 0]);
    assertEquals(store.messagesOf(1).items[1].seen, true);
  });

  await t.step("a removed or deleted room disappears with its messages", () => {
    const store = signedIn();
    store.apply(
      frame("messages", {
        chatId: 2,
        page: 1,
        messages: [message(2, 9, OTHER)],
        before: null,
        hasMore: false,
      }),
    );
    store.apply(frame("updateChatRoom", { chatId: 2, seq: 10, room: null, reason: "deleted" }));
    assertEquals(store.room(2), undefined);
    assertEquals(store.state.messages[2], undefined);
    assertEquals(store.lastSeq.has(2), false);
  });

  await t.step("older pages are merged in order and the cursor moves back", () => {
    const store = signedIn();
    store.apply(frame("messages", {
      chatId: 2,
      page: 1,
      messages: [message(2, 8, OTHER), message(2, 9, OTHER)],
      before: 8,
      hasMore: true,
    }));
    store.apply(frame("messages", {
      chatId: 2,
      page: 2,
      messages: [message(2, 6, OTHER), message(2, 7, OTHER)],
      before: null,
      hasMore: false,
    }));
    const m = store.messagesOf(2);
    assertEquals(m.items.map((x) => x.id), [6, 7, 8, 9]);
    assertEquals([m.before, m.hasMore], [null, false]);
  });

  await t.step("a reset replaces the room and drops its messages for a reload", () => {
    const store = signedIn();
    store.apply(
      frame("messages", {
        chatId: 1,
        page: 1,
        messages: [message(1, 4, OTHER)],
        before: null,
        hasMore: false,
      }),
    );
    store.apply(frame("reset", { chatId: 1, room: room(1, 2000, { lastMessage: "new" }) }));
    assertEquals(store.lastSeq.get(1), 2000);
    assertEquals(store.messagesOf(1).loaded, false);
    assertEquals(store.room(1)!.lastMessage, "new");
  });

  await t.step("my confirmed message replaces this tab's pending copy", () => {
    const store = signedIn();
    store.setLocal(1, [{ ...message(1, -1, ME, "hello"), pendingId: "c1" }]);
    store.apply(frame("messageReceived", { chatId: 1, seq: 5, message: message(1, 5, ME, "hello") }));
    assertEquals(store.state.local[1], []);
  });

  await t.step("a room I am added to arrives with its seq", () => {
    const store = signedIn();
    store.apply(frame("addMemberToChat", { chatId: 7, seq: 3, member: ME, room: room(7, 3) }));
    assertEquals(store.room(7)?.id, 7);
    assertEquals(store.lastSeq.get(7), 3);
  });
});
