/**
 * The one chat client of the tab: the store, the socket and the actions the widget's parts call. A module
 * singleton, so client navigation (which keeps the shell's islands) never opens a second socket; open windows
 * are kept in sessionStorage, so a full reload brings them back and loads their messages again.
 */
import type { MemberRef } from "../../services/chat/protocol.ts";
import { ChatConnection } from "./chat_connection.ts";
import { ChatStore, type ViewMessage } from "./chat_store.ts";
import { unseenByMe } from "./seen_state.ts";
import {
  closeWindow,
  enforceLimit,
  loadWindows,
  minimizeWindow,
  openWindow,
  saveWindows,
} from "./window_cap.ts";

const LIST_KEY = "chat.listOpen";

function session(): Storage | null {
  let storage: Storage | null = null;
  try {
    storage = sessionStorage; // throws where storage is disabled
  } catch { /* then nothing is kept */ }
  return storage;
}

/** Whether this tab had the chat open before a reload (then the widget loads at once). */
export function hadOpenChat(): boolean {
  return loadWindows(session()).length > 0 || session()?.getItem(LIST_KEY) === "1";
}

export function newClientId(): string {
  return crypto.randomUUID();
}

export class ChatClient {
  readonly store = new ChatStore();
  readonly connection = new ChatConnection(this.store);
  /** Highest message id this tab already reported seen, per room (no repeated seenChat for the same). */
  private reportedSeen = new Map<number, number>();
  /** The window the person just opened: it takes the focus once (a restored window does not). */
  private focusNext: number | null = null;

  constructor() {
    this.store.update({ windows: loadWindows(session()), listOpen: session()?.getItem(LIST_KEY) === "1" });
    let saved = this.store.state.windows;
    let savedList = this.store.state.listOpen;
    this.store.subscribe(() => {
      const { windows, listOpen, status } = this.store.state;
      if (windows !== saved) saveWindows(session(), saved = windows);
      if (listOpen !== savedList) {
        savedList = listOpen;
        session()?.setItem(LIST_KEY, listOpen ? "1" : "0");
      }
      if (status === "online") this.loadOpenWindows();
    });
    addEventListener("online", () => this.connection.wake());
    // The logout form posts natively: close the socket on purpose and forget this tab's windows, so the next
    // person signing in here does not get them.
    document.addEventListener("submit", (event) => {
      if ((event.target as HTMLFormElement).getAttribute("action") !== "/logout") return;
      this.connection.stop();
      session()?.removeItem(LIST_KEY);
      saveWindows(session(), []);
    });
    this.connection.start();
  }

  private loadOpenWindows() {
    for (const w of this.store.state.windows) {
      if (w.chatId < 0 || w.status !== "active" || !this.store.room(w.chatId)) continue;
      const m = this.store.messagesOf(w.chatId);
      if (!m.loaded && !m.loading) this.loadMessages(w.chatId);
    }
  }

  private loadMessages(chatId: number, before?: number) {
    this.store.setMessages(chatId, { loading: true });
    this.connection.request("messages", before === undefined ? { chatId } : { chatId, before })
      .catch(() => this.store.setMessages(chatId, { loading: false }));
  }

  /** Older messages for a window scrolled near its top. */
  loadOlder(chatId: number) {
    const m = this.store.messagesOf(chatId);
    if (!m.loaded || m.loading || !m.hasMore || m.before === null) return;
    this.loadMessages(chatId, m.before);
  }

  toggleList(open = !this.store.state.listOpen) {
    this.store.update({ listOpen: open });
  }

  open(chatId: number, width = innerWidth) {
    this.focusNext = chatId;
    this.store.update({ windows: openWindow(this.store.state.windows, chatId, width), listOpen: false });
  }

  /** Whether the window of `chatId` should take the focus now (true once after `open`). */
  takeFocus(chatId: number): boolean {
    if (this.focusNext !== chatId) return false;
    this.focusNext = null;
    return true;
  }

  minimize(chatId: number) {
    this.store.update({ windows: minimizeWindow(this.store.state.windows, chatId) });
  }

  close(chatId: number) {
    this.store.update({ windows: closeWindow(this.store.state.windows, chatId) });
  }

  /** After a resize: fewer windows may stay active. */
  fit(width: number) {
    const windows = enforceLimit(this.store.state.windows, width);
    if (windows.some((w, i) => w.status !== this.store.state.windows[i].status)) {
      this.store.update({ windows });
    }
  }

  send(chatId: number, text: string) {
    const trimmed = text.trim();
    if (chatId < 0 || !trimmed || !this.store.state.me) return;
    const clientId = newClientId();
    const me = this.store.state.me;
    const pending: ViewMessage = {
      id: -Date.now(),
      chatId,
      type: "TEXT",
      text: trimmed,
      user: me,
      time: new Date().toISOString(),
      seen: true,
      seenUsers: [],
      pendingId: clientId,
    };
    this.store.setLocal(chatId, [...(this.store.state.local[chatId] ?? []), pending]);
    this.connection.request("sendMessage", { chatId, text: trimmed, clientId }).catch(() => {
      // Refused for good (e.g. no longer a member): the pending copy goes.
      const local = this.store.state.local[chatId] ?? [];
      this.store.setLocal(chatId, local.filter((m) => m.pendingId !== clientId));
    });
  }

  /** Marks others' messages seen once this person has them in front of them (focused window). */
  markSeen(chatId: number) {
    const { me } = this.store.state;
    if (!me) return;
    const ids = unseenByMe(this.store.messagesOf(chatId).items.filter((m) => m.id > 0 && !m.seen), me);
    const highest = Math.max(0, ...ids);
    if (!ids.length || highest <= (this.reportedSeen.get(chatId) ?? 0)) return;
    this.reportedSeen.set(chatId, highest);
    this.connection.request("seenChat", { chatId, unseenMessageIds: ids }).catch(() =>
      this.reportedSeen.delete(chatId)
    );
  }

  async createChat(members: MemberRef[]) {
    const { chatId } = await this.connection.request("createChat", { members, clientId: newClientId() });
    if (!this.store.room(chatId)) await this.connection.request("openChat", { chatId });
    this.close(-1);
    this.open(chatId);
  }

  search(keyword: string) {
    return this.connection.request("searchUsers", { keyword });
  }
}

let client: ChatClient | null = null;

export function chatClient(): ChatClient {
  return (client ??= new ChatClient());
}
