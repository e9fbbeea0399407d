/**
 * What each client event does once the socket is authenticated (protocol.ts). A handler returns its callback
 * `result`; frames it causes for others flow through the hub. Every read and write checks the room's current
 * members: writes inside the append (rules.ts), reads through `readableRoom`.
 */
import { frameText } from "./frames.ts";
import { followedState, type HubConn, subscribe } from "./hub.ts";
import { readEvents } from "./log.ts";
import { sameMember } from "./model.ts";
import {
  chatUser,
  directories,
  directoryUsers,
  getChatSettings,
  loadPeople,
  searchUsers,
  setChatSettings,
} from "./people.ts";
import type {
  CallbackResults,
  ClientEventName,
  ClientEvents,
  MemberRef,
  UserChatSettings,
} from "./protocol.ts";
import { REPLAY_LIMIT } from "./protocol.ts";
import {
  addMember,
  createChat,
  deleteChat,
  markSeen,
  messagesPage,
  readableRoom,
  removeMember,
  roomsOf,
  sendMessage,
  setTitle,
} from "./rooms.ts";
import { checkText } from "./rules.ts";
import { finishFileMessage } from "./uploads.ts";
import { byActivity, roomView } from "./views.ts";

export interface HandlerContext {
  conn: HubConn;
  me: MemberRef;
}

type Handler<E extends ClientEventName> = (
  ctx: HandlerContext,
  data: ClientEvents[E],
) => Promise<CallbackResults[E]>;
type Handlers = { [E in Exclude<ClientEventName, "auth" | "pong">]: Handler<E> };

export const HANDLERS: Handlers = {
  async getRooms({ conn, me }) {
    const states = await roomsOf(me.id);
    await loadPeople();
    // Synchronous from here to the send: no frame of these rooms can reach the socket before setRooms.
    const fresh = states.filter((s) => !conn.rooms.has(s.id));
    const waits = fresh.map((s) => subscribe(conn, s.id, s.seq, s));
    conn.live = true;
    conn.send(frameText("setRooms", { rooms: states.map((s) => roomView(s, me)).sort(byActivity) }));
    await Promise.all(waits);
    return { count: states.length };
  },

  async resume({ conn, me }, { rooms: known }) {
    const states = await roomsOf(me.id);
    await loadPeople();
    const current = new Set(states.map((s) => s.id));
    const reset: number[] = [];
    let replayed = 0;
    const waits: Promise<void>[] = [];
    for (const state of states) {
      if (conn.rooms.has(state.id)) continue;
      const last = known[String(state.id)];
      const missed = last === undefined ? -1 : state.seq - last;
      // Replay only what this person could see all along: a removal in between means they were out for a while.
      const replayable = missed >= 0 && missed <= REPLAY_LIMIT &&
        !(await readEvents(state.id, last + 1, state.seq, REPLAY_LIMIT)).some((e) =>
          e.type === "member_removed" && sameMember(e.member, me)
        );
      if (replayable) {
        waits.push(subscribe(conn, state.id, last, state));
        replayed += missed;
        continue;
      }
      reset.push(state.id);
      conn.send(frameText("reset", { chatId: state.id, room: roomView(state, me) }));
      waits.push(subscribe(conn, state.id, state.seq, state));
    }
    // Any room not theirs gets the same answer, built from the client's own number alone: nothing is read,
    // so nobody learns whether a room they name exists, was deleted, or how far its log has gone.
    for (const [id, last] of Object.entries(known)) {
      if (current.has(Number(id))) continue;
      conn.send(
        frameText("updateChatRoom", { chatId: Number(id), seq: last + 1, room: null, reason: "removed" }),
      );
    }
    conn.live = true;
    await Promise.all(waits);
    // Last, the rooms as this socket now has them: built from the hub's copies, each with the seq the socket
    // was sent, so the client neither skips a frame still on its way nor takes one twice.
    await loadPeople();
    const rooms = [...conn.rooms].flatMap(([id, entry]) => {
      const state = followedState(id);
      return state ? [{ ...roomView(state, me), seq: entry.sent }] : [];
    });
    conn.send(frameText("setRooms", { rooms: rooms.sort(byActivity) }));
    return { replayed, reset };
  },

  async messages({ conn, me }, { chatId, page, before }) {
    const result = await messagesPage(me, chatId, { page, before });
    conn.send(frameText("messages", { chatId, page: page ?? 1, ...result }));
    return { count: result.messages.length };
  },

  async sendMessage({ me }, { chatId, text, clientId }) {
    checkText(text);
    const result = await sendMessage(me, chatId, text, clientId);
    return { seq: result.seq!, duplicate: result.duplicate };
  },

  async createChat({ conn, me }, { members, title, clientId }) {
    const created = await createChat(me, members, { title, clientId });
    const state = await readableRoom(me, created.chatId);
    await loadPeople();
    conn.send(frameText("openChat", { room: roomView(state, me) }));
    return created;
  },

  async openChat({ conn, me }, { chatId }) {
    const state = await readableRoom(me, chatId);
    await loadPeople();
    conn.send(frameText("openChat", { room: roomView(state, me) }));
    return { chatId };
  },

  async deleteChat({ me }, { chatId }) {
    return { seq: (await deleteChat(me, chatId)).seq! };
  },

  async seenChat({ me }, { chatId, unseenMessageIds }) {
    return { seq: (await markSeen(me, chatId, unseenMessageIds)).seq };
  },

  async searchUsers({ me }, { keyword }) {
    return { users: await searchUsers(keyword, me.id) };
  },

  async addMemberToChat({ me }, { chatId, member }) {
    return { seq: (await addMember(me, chatId, member)).seq! };
  },

  async removeMemberFromChat({ me }, { chatId, member }) {
    return { seq: (await removeMember(me, chatId, member)).seq! };
  },

  async setCustomTitle({ me }, { chatId, title, personal }) {
    return { seq: (await setTitle(me, chatId, title, personal)).seq! };
  },

  async fileUploadFinish({ me }, data) {
    const result = await finishFileMessage(me, data);
    return { seq: result.seq!, duplicate: result.duplicate };
  },

  async getUserSettings({ me }) {
    return { userSettings: await getChatSettings(me.id) };
  },

  async setUserSettings({ me }, change) {
    const clean: Partial<UserChatSettings> = Object.fromEntries(
      Object.entries(change).filter(([, v]) => v !== undefined),
    );
    if (typeof clean.title === "string" && !clean.title.trim()) clean.title = null;
    return { userSettings: await setChatSettings(me, clean) };
  },

  async getUserDirectories({ me }) {
    return { directories: await directories(me.id) };
  },

  async getDirectoryUsers({ me }, { directory, page }) {
    return await directoryUsers(directory, page ?? 1, me.id);
  },
};

export { chatUser };
