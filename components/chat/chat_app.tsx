/**
 * The chat's panels, loaded when the person first opens the chat: the room list, the windows (328 px, at most
 * floor((width − 100) / 330) active, the rest shown as bubbles), full screen under 768 px (SPEC §2.8, §4, §9).
 * Windows sit at the bottom right, newest nearest the launcher.
 */
import type { ChatClient } from "./chat_client.ts";
import { ChatWindow } from "./chat_window.tsx";
import { RoomList } from "./room_list.tsx";
import { useChatState, useViewportWidth } from "./use_chat_state.ts";
import { Avatars } from "./avatars.tsx";
import { isMobile, NEW_CHAT_ID, WINDOW_SLOT_PX } from "./window_cap.ts";
import { useEffect } from "preact/hooks";
import { t } from "../../utils/i18n.ts";

/** Right offset of the first window: the launcher's column. */
const FIRST_WINDOW_RIGHT_PX = 88;
/** The minimized chats' column: it starts this high above the bottom, each bubble taking a step. */
const BUBBLES_BOTTOM_PX = 88;
const BUBBLE_STEP_PX = 56;

export function ChatApp({ client }: { client: ChatClient }) {
  const state = useChatState(client.store);
  const width = useViewportWidth();
  const mobile = isMobile(width);
  useEffect(() => client.fit(width), [width]);

  const active = state.windows.filter((w) => w.status === "active").sort((a, b) =>
    b.activatedAt - a.activatedAt
  );
  const inactive = state.windows.filter((w) => w.status === "inactive");
  // The page keeps the bubbles' column free at its bottom (routes/_layout.tsx reads --chat-reserve), so
  // that its last controls can scroll clear of them.
  const bubbles = mobile ? 0 : inactive.length;
  useEffect(() => {
    const reserve = bubbles ? BUBBLES_BOTTOM_PX + bubbles * BUBBLE_STEP_PX + 16 : 0;
    document.documentElement.style.setProperty("--chat-reserve", `${reserve}px`);
  }, [bubbles]);
  // On a phone one thing fills the screen: the newest active window (the list when it is open).
  const shown = mobile ? (state.listOpen ? [] : active.slice(0, 1)) : active;

  return (
    <div class="chat-root" data-testid="chat-root" data-status={state.status}>
      {state.listOpen && <RoomList client={client} state={state} mobile={mobile} />}
      {shown.map((w, slot) => (
        <ChatWindow
          key={w.chatId}
          client={client}
          state={state}
          chatId={w.chatId}
          mobile={mobile}
          right={FIRST_WINDOW_RIGHT_PX + slot * WINDOW_SLOT_PX}
        />
      ))}
      {!mobile && inactive.length > 0 && (
        <ul class="fixed right-5 bottom-22 z-40 flex flex-col-reverse gap-2" aria-label={t("chat.minimized")}>
          {inactive.map((w) => {
            const room = state.rooms.find((r) =>
              r.id === w.chatId
            );
            const name = w.chatId === NEW_CHAT_ID ? t("chat.newMessage") : room?.name ?? "";
            return (
              <li key={w.chatId} class="group relative" data-testid="chat-bubble">
                <button
                  type="button"
                  class="relative block rounded-full shadow-md"
                  title={name}
                  aria-label={name}
                  onClick={() => client.open(w.chatId, width)}
                >
                  <Avatars icons={room?.icon.slice(0, 1) ?? []} size="size-12" />
                  {room && room.unread > 0 && (
                    <span class="absolute -top-1 -right-1 rounded-full bg-red-600 px-1.5 text-xs text-white">
                      {room.unread}
                    </span>
                  )}
                </button>
                <button
                  type="button"
                  class="absolute -top-1 -left-1 hidden size-5 items-center justify-center rounded-full bg-white text-xs text-gray-700 shadow group-hover:flex focus:flex"
                  aria-label={t("chat.closeNamed", { name })}
                  onClick={() => client.close(w.chatId)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
