/**
 * One chat window (SPEC §2.8): 328 px wide; the title (a button that toggles the members panel), a line
 * reading "Active" with the relative time of the others' last activity, minimize and close; the messages and
 * the message box. Chat id −1 is the new-message panel. Focusing the window marks others' messages seen.
 */
import { dismissOnEscape } from "./escape_key.ts";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { agoText } from "./ago_text.ts";
import { Avatars } from "./avatars.tsx";
import type { ChatClient } from "./chat_client.ts";
import type { ChatState } from "./chat_store.ts";
import { Composer } from "./composer.tsx";
import { MembersPanel } from "./members_panel.tsx";
import { MessageList } from "./message_list.tsx";
import { NewChatPanel } from "./new_chat_panel.tsx";
import { StatusLine } from "./room_list.tsx";
import { useNow } from "./use_chat_state.ts";
import { NEW_CHAT_ID } from "./window_cap.ts";

export interface ChatWindowProps {
  client: ChatClient;
  state: ChatState;
  chatId: number;
  mobile: boolean;
  /** Distance from the right edge in px (desktop). */
  right: number;
}

export function ChatWindow({ client, state, chatId, mobile, right }: ChatWindowProps) {
  const [membersOpen, setMembersOpen] = useState(false);
  const now = useNow();
  const ref = useRef<HTMLElement>(null);
  const room = state.rooms.find((r) => r.id === chatId);
  const isNew = chatId === NEW_CHAT_ID;
  const title = isNew ? t("chat.newMessage") : room?.name ?? "";
  const titleId = `chat-window-title-${chatId}`;
  const messages = state.messages[chatId];
  const newestId = messages?.items.at(-1)?.id;

  // A window the person opened takes the focus (its first field), which marks its messages seen.
  useEffect(() => {
    if (!client.takeFocus(chatId)) return;
    ref.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [membersOpen]);
  // Messages arriving (or loading) while the window has the focus are seen at once (SPEC §4).
  useEffect(() => {
    const focused = ref.current?.contains(document.activeElement);
    if (!isNew && focused && document.visibilityState === "visible") client.markSeen(chatId);
  }, [newestId]);

  const frame = mobile
    ? "fixed inset-0 z-50 h-full w-full"
    : "fixed bottom-0 z-40 h-[455px] max-h-[calc(100vh-4rem)] w-[328px] rounded-t-lg shadow-xl";
  return (
    <section
      ref={ref}
      class={`${frame} flex flex-col overflow-hidden border border-gray-200 bg-white`}
      style={mobile ? undefined : { right: `${right}px` }}
      aria-labelledby={titleId}
      data-testid="chat-window"
      data-chat-id={chatId}
      onFocusIn={() => !isNew && client.markSeen(chatId)}
      // Minimized rather than closed: Escape hides the panel without dropping the conversation from the bar.
      onKeyDown={dismissOnEscape(() => client.minimize(chatId))}
      onClick={() => !isNew && client.markSeen(chatId)}
    >
      <header class="flex h-14 shrink-0 items-center gap-2 border-b border-gray-200 bg-primary-700 px-2 text-white">
        {room && <Avatars icons={room.icon} size="size-8" />}
        <button
          type="button"
          class="min-w-0 flex-1 rounded px-1 text-left hover:bg-primary-800 disabled:hover:bg-transparent"
          disabled={isNew || !room}
          aria-expanded={membersOpen ? "true" : "false"}
          data-testid="chat-window-title"
          onClick={() => setMembersOpen(!membersOpen)}
        >
          <span id={titleId} class="block truncate text-sm font-semibold">{title}</span>
          {room && (
            <span class="block truncate text-xs text-primary-100">
              {t("chat.active")}
              {room.lastActiveDate && ` · ${agoText(Date.parse(room.lastActiveDate), now)}`}
            </span>
          )}
        </button>
        <button
          type="button"
          class="flex size-8 items-center justify-center rounded-full hover:bg-primary-800"
          aria-label={t("chat.minimize")}
          title={t("chat.minimize")}
          data-testid="chat-minimize"
          onClick={() => client.minimize(chatId)}
        >
          <span aria-hidden="true">–</span>
        </button>
        <button
          type="button"
          class="flex size-8 items-center justify-center rounded-full hover:bg-primary-800"
          aria-label={t("common.close")}
          title={t("common.close")}
          data-testid="chat-close"
          onClick={() => client.close(chatId)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <StatusLine status={state.status} />
      {isNew
        ? <NewChatPanel client={client} me={state.me} />
        : !room
        ? <p class="p-4 text-sm text-gray-500">{t("chat.loading")}</p>
        : membersOpen
        ? <MembersPanel client={client} room={room} me={state.me} onDone={() => setMembersOpen(false)} />
        : (
          <>
            <MessageList client={client} room={room} state={state} />
            <Composer client={client} chatId={chatId} />
          </>
        )}
    </section>
  );
}
