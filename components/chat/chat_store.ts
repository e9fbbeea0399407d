/**
 * The widget's state and how server frames change it (protocol: services/chat/protocol.ts). A tiny observable
 * rather than signals, so the part loaded on every page stays small. Every frame caused by a room's log
 * carries `seq`: a frame at or below the last seq applied for its room is a duplicate (a replay overlapping
 * what had arrived) and is dropped, so nothing is shown twice; `lastSeq` is what `resume` sends after a
 * reconnect, so nothing is missed.
 */
import type {
  ChatUser,
  ClientMessageType,
  Member,
  MemberRef,
  Message,
  Room,
  ServerEvents,
  ServerFrame,
  UserChatSettings,
} from "../../services/chat/protocol.ts";
import { sameSender } from "./grouping.ts";
import { withSeenBy } from "./seen_state.ts";
import type { ChatWindowState } from "./window_cap.ts";

export type ConnectionStatus = "idle" | "connecting" | "online" | "signedOut";

/** A message as the widget shows it: PROGRESS and pending ones exist only here. */
export interface ViewMessage extends Omit<Message, "type"> {
  type: ClientMessageType;
  /** Sent by this tab and not yet confirmed: `clientId` of the send (of the upload, for PROGRESS). */
  pendingId?: string;
  /** PROGRESS: the file's name (its text is the percentage, SPEC §4 "Upload"). */
  uploadName?: string;
}

export interface RoomMessages {
  items: ViewMessage[];
  loaded: boolean;
  loading: boolean;
  /** The id to ask for the next older page (null: none). */
  before: number | null;
  hasMore: boolean;
}

export interface ChatState {
  status: ConnectionStatus;
  me: ChatUser | null;
  settings: UserChatSettings | null;
  /** Newest activity first. */
  rooms: Room[];
  roomsLoaded: boolean;
  messages: Record<number, RoomMessages>;
  /** Temporary messages shown after a room's messages: uploads in progress and unconfirmed sends. */
  local: Record<number, ViewMessage[]>;
  /** Open chat windows (the new-message panel is chat id −1). */
  windows: ChatWindowState[];
  /** Whether the room list ("sidebar") is open. */
  listOpen: boolean;
}

const EMPTY_MESSAGES: RoomMessages = {
  items: [],
  loaded: false,
  loading: false,
  before: null,
  hasMore: true,
};

export function roomActivity(room: Room): number {
  return Date.parse(room.lastMessageTime ?? room.createdAt) || 0;
}

function sortRooms(rooms: Room[]): Room[] {
  return rooms.sort((a, b) => roomActivity(b) - roomActivity(a) || b.id - a.id);
}

function mergeMessages(existing: readonly ViewMessage[], incoming: readonly ViewMessage[]): ViewMessage[] {
  const byId = new Map<number, ViewMessage>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export class ChatStore {
  state: ChatState = {
    status: "idle",
    me: null,
    settings: null,
    rooms: [],
    roomsLoaded: false,
    messages: {},
    local: {},
    windows: [],
    listOpen: false,
  };
  /** The highest seq applied per room. */
  readonly lastSeq = new Map<number, number>();
  private listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  update(patch: Partial<ChatState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  room(chatId: number): Room | undefined {
    return this.state.rooms.find((r) => r.id === chatId);
  }

  messagesOf(chatId: number): RoomMessages {
    return this.state.messages[chatId] ?? EMPTY_MESSAGES;
  }

  setMessages(chatId: number, patch: Partial<RoomMessages>) {
    this.update({ messages: { ...this.state.messages, [chatId]: { ...this.messagesOf(chatId), ...patch } } });
  }

  setLocal(chatId: number, items: ViewMessage[]) {
    this.update({ local: { ...this.state.local, [chatId]: items } });
  }

  /** Whether a log frame is new for its room; remembers its seq when it is. */
  private accept(chatId: number, seq: number): boolean {
    const last = this.lastSeq.get(chatId);
    if (last !== undefined && seq <= last) return false;
    this.lastSeq.set(chatId, seq);
    return true;
  }

  private putRoom(room: Room) {
    this.lastSeq.set(room.id, Math.max(this.lastSeq.get(room.id) ?? 0, room.seq));
    this.update({ rooms: sortRooms([...this.state.rooms.filter((r) => r.id !== room.id), room]) });
  }

  private dropRoom(chatId: number) {
    this.lastSeq.delete(chatId);
    const { [chatId]: _gone, ...messages } = this.state.messages;
    const { [chatId]: _local, ...local } = this.state.local;
    const windows = this.state.windows.filter((w) => w.chatId !== chatId);
    this.update({ rooms: this.state.rooms.filter((r) => r.id !== chatId), messages, local, windows });
  }

  /** Applies one server frame (not `callback`, `ping`, `welcome`: the connection handles those). */
  apply(frame: ServerFrame) {
    switch (frame.event) {
      case "setRooms": {
        const { rooms } = frame.data as ServerEvents["setRooms"];
        const ids = new Set(rooms.map((r) => r.id));
        for (const id of [...this.lastSeq.keys()]) if (!ids.has(id)) this.lastSeq.delete(id);
        for (const room of rooms) this.lastSeq.set(room.id, room.seq);
        const messages = Object.fromEntries(
          Object.entries(this.state.messages).filter(([id]) => ids.has(Number(id))),
        );
        // Windows of rooms that are gone close (−1, the new-message panel, is no room).
        const windows = this.state.windows.filter((w) => w.chatId < 0 || ids.has(w.chatId));
        this.update({ rooms: sortRooms([...rooms]), roomsLoaded: true, messages, windows });
        break;
      }
      case "openChat":
        this.putRoom((frame.data as ServerEvents["openChat"]).room);
        break;
      case "reset": {
        const { chatId, room } = frame.data as ServerEvents["reset"];
        this.lastSeq.set(chatId, room.seq);
        this.putRoom(room);
        // Too much was missed to replay: the open window reloads its newest page.
        this.setMessages(chatId, { ...EMPTY_MESSAGES });
        break;
      }
      case "messageReceived": {
        const { chatId, seq, message } = frame.data as ServerEvents["messageReceived"];
        if (this.accept(chatId, seq)) this.received(chatId, seq, message);
        break;
      }
      case "messages": {
        const data = frame.data as ServerEvents["messages"];
        const current = this.messagesOf(data.chatId);
        // The answer reaching further back decides where the next older page starts.
        const oldestNow = current.items.find((m) => m.id > 0)?.id ?? Infinity;
        const reachesFurther = !current.loaded || (data.messages[0]?.id ?? Infinity) < oldestNow;
        this.setMessages(data.chatId, {
          items: mergeMessages(current.items, data.messages),
          loaded: true,
          loading: false,
          before: reachesFurther ? data.before : current.before,
          hasMore: data.messages.length > 0 && (reachesFurther ? data.hasMore : current.hasMore),
        });
        break;
      }
      case "updateChatRoom": {
        const { chatId, seq, room } = frame.data as ServerEvents["updateChatRoom"];
        if (!this.accept(chatId, seq)) break;
        if (room) this.putRoom(room);
        else this.dropRoom(chatId);
        break;
      }
      case "addMemberToChat": {
        const { chatId, seq, room } = frame.data as ServerEvents["addMemberToChat"];
        if (this.accept(chatId, seq)) this.putRoom(room);
        break;
      }
      case "updateMessageSeen": {
        const data = frame.data as ServerEvents["updateMessageSeen"];
        if (this.accept(data.chatId, data.seq)) this.seen(data.chatId, data.seq, data.user, data.upTo);
        break;
      }
    }
  }

  private isMe(who: MemberRef): boolean {
    return !!this.state.me && sameSender(who, this.state.me);
  }

  private received(chatId: number, seq: number, message: Message) {
    const mine = this.isMe(message.user);
    const room = this.room(chatId);
    if (room) {
      this.putRoom({
        ...room,
        lastMessage: message.text,
        lastMessageType: message.type,
        lastMessageAuthor: message.user as Member,
        lastMessageTime: message.time,
        lastMessageId: message.id,
        seen: mine ? "user_not_seen" : "me_not_seen",
        seenUsers: [],
        unread: mine ? room.unread : room.unread + 1,
        lastActiveDate: mine ? room.lastActiveDate : message.time,
        seq,
      });
    }
    const current = this.messagesOf(chatId);
    if (current.loaded) this.setMessages(chatId, { items: mergeMessages(current.items, [message]) });
    if (mine) {
      // The confirmed copy replaces this tab's pending one (matched by text: the frame has no client id).
      const local = this.state.local[chatId] ?? [];
      const index = local.findIndex((m) => m.pendingId && m.text === message.text);
      if (index >= 0) this.setLocal(chatId, local.filter((_, i) => i !== index));
    }
  }

  private seen(chatId: number, seq: number, user: MemberRef, upTo: number) {
    const current = this.messagesOf(chatId);
    if (current.loaded) {
      const items = current.items.map((m) => {
        if (m.id > upTo || sameSender(m.user, user)) return m;
        const seenBy = withSeenBy(m, user);
        return this.isMe(user) ? { ...seenBy, seen: true } : seenBy;
      });
      this.setMessages(chatId, { items });
    }
    const room = this.room(chatId);
    if (!room) return;
    const coversLast = room.lastMessageId !== null && room.lastMessageId <= upTo;
    const author = room.lastMessageAuthor;
    const next: Room = { ...room, seq };
    if (this.isMe(user)) {
      next.readSeq = Math.max(room.readSeq, upTo);
      if (coversLast) next.unread = 0;
      if (coversLast && author && !this.isMe(author)) next.seen = "me_seen";
    } else {
      if (coversLast && author && this.isMe(author)) next.seen = "user_seen";
      next.lastActiveDate = new Date().toISOString();
    }
    if (
      coversLast && author && !sameSender(author, user) && !room.seenUsers.some((u) => sameSender(u, user))
    ) {
      next.seenUsers = [...room.seenUsers, { id: user.id, type: user.type }];
    }
    this.putRoom(next);
  }
}
