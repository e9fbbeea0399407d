/**
 * The room list (the chat "sidebar"): newest activity first, each room with up to three icons, its name, the
 * last message (a file shows its original name), the time, the unread count and the seen mark of SPEC §4.
 * Every name and message is text: Preact escapes it.
 */
import { dismissOnEscape } from "./escape_key.ts";
import type { Room } from "../../services/chat/protocol.ts";
import { t } from "../../utils/i18n.ts";
import { Avatars } from "./avatars.tsx";
import type { ChatClient } from "./chat_client.ts";
import type { ChatState } from "./chat_store.ts";
import { isFileType, parseFileContent } from "./files.ts";
import { agoText } from "./ago_text.ts";
import { useNow } from "./use_chat_state.ts";
import { NEW_CHAT_ID } from "./window_cap.ts";

export function lastMessagePreview(room: Room): string {
  if (room.lastMessage === null) return t("chat.noMessages");
  if (room.lastMessageType && isFileType(room.lastMessageType)) {
    const file = parseFileContent(room.lastMessage);
    return file ? `📎 ${file.originalname}` : t("chat.file");
  }
  return room.lastMessage;
}

const SEEN_MARK: Record<string, string> = { user_seen: "✓✓", user_not_seen: "✓" };

export function StatusLine({ status }: { status: ChatState["status"] }) {
  if (status === "online" || status === "idle") return null;
  return (
    <p class="bg-amber-50 px-3 py-1 text-xs text-amber-800" role="status" data-testid="chat-connecting">
      {status === "signedOut" ? t("chat.signedOut") : t("chat.connecting")}
    </p>
  );
}

export function RoomList(
  { client, state, mobile }: { client: ChatClient; state: ChatState; mobile: boolean },
) {
  const now = useNow();
  const frame = mobile
    ? "fixed inset-0 z-50"
    : "fixed right-4 bottom-22 z-50 h-[480px] max-h-[calc(100vh-7rem)] w-[328px] rounded-lg shadow-xl";
  return (
    <section
      class={`${frame} flex flex-col overflow-hidden border border-gray-200 bg-white`}
      aria-label={t("chat.rooms")}
      data-testid="chat-room-list"
      onKeyDown={dismissOnEscape(() => client.toggleList(false))}
    >
      <header class="flex h-12 items-center gap-1 border-b border-gray-200 px-3">
        <h2 class="mr-auto font-semibold text-gray-900">{t("chat.rooms")}</h2>
        <button
          type="button"
          class="icon-button"
          aria-label={t("chat.newMessage")}
          title={t("chat.newMessage")}
          data-testid="chat-new"
          onClick={() => client.open(NEW_CHAT_ID)}
        >
          <svg
            viewBox="0 0 24 24"
            class="size-5"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            aria-hidden="true"
          >
            <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
          </svg>
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label={t("common.close")}
          onClick={() => client.toggleList(false)}
        >
          ×
        </button>
      </header>
      <StatusLine status={state.status} />
      {!state.roomsLoaded
        ? <p class="p-4 text-sm text-gray-500">{t("chat.loading")}</p>
        : state.rooms.length === 0
        ? <p class="p-4 text-sm text-gray-500">{t("chat.noRooms")}</p>
        : (
          <ul class="flex-1 overflow-y-auto">
            {state.rooms.map((room) => {
              const unread = room.unread > 0;
              return (
                <li key={room.id}>
                  <button
                    type="button"
                    class="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-gray-50 focus:bg-gray-50"
                    data-testid="chat-room"
                    data-room-id={room.id}
                    data-seen={room.seen ?? ""}
                    onClick={() => client.open(room.id)}
                  >
                    <Avatars icons={room.icon} />
                    <span class="min-w-0 flex-1">
                      <span
                        class={`block truncate text-sm ${
                          unread ? "font-semibold text-gray-900" : "text-gray-800"
                        }`}
                      >
                        {room.name}
                      </span>
                      <span
                        class={`block truncate text-xs ${
                          unread ? "font-semibold text-gray-800" : "text-gray-500"
                        }`}
                      >
                        {room.lastMessageAuthor && room.kind === "group" &&
                          `${room.lastMessageAuthor.name}: `}
                        {lastMessagePreview(room)}
                      </span>
                    </span>
                    <span class="flex shrink-0 flex-col items-end gap-1 text-xs text-gray-500">
                      {room.lastMessageTime && agoText(Date.parse(room.lastMessageTime), now)}
                      {unread
                        ? (
                          <span
                            class="rounded-full bg-primary-600 px-1.5 text-white"
                            data-testid="chat-room-unread"
                          >
                            {room.unread}
                          </span>
                        )
                        : (
                          <span
                            class={room.seen === "user_seen" ? "text-primary-600" : ""}
                            title={room.seen ? t(`chat.seenState.${room.seen}`) : undefined}
                          >
                            {SEEN_MARK[room.seen ?? ""] ?? ""}
                          </span>
                        )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
    </section>
  );
}
