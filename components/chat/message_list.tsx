/**
 * A room's messages (SPEC §4): grouped by sender under 30 minutes (START, MIDDLE, END, SOLO), time-ago text
 * under a group only when older than 30 minutes, the seen state of each message, file messages (a message
 * whose content does not parse is not shown) and the temporary upload progress. Scrolling near the top loads
 * the next older page (distance 2, throttle 150 ms) and keeps the same messages in view; the first page and
 * new messages scroll to the bottom. Everything a person wrote is rendered as text.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Room } from "../../services/chat/protocol.ts";
import { t } from "../../utils/i18n.ts";
import { agoText } from "./ago_text.ts";
import type { ChatClient } from "./chat_client.ts";
import type { ChatState, ViewMessage } from "./chat_store.ts";
import { isDisplayable, parseFileContent } from "./files.ts";
import { type Position, positions, showsTimeAgo } from "./grouping.ts";
import { MessageBody } from "./message_body.tsx";
import { seenState } from "./seen_state.ts";
import { keptScrollTop, nearTop, SCROLL_THROTTLE_MS, throttle } from "./timing.ts";
import { useNow } from "./use_chat_state.ts";

type Slider = typeof import("./image_slider.tsx");

const BUBBLE_SHAPE: Record<Position, [string, string]> = {
  // [mine, theirs]: the corners on the sender's side square off inside a group.
  SOLO: ["rounded-2xl", "rounded-2xl"],
  START: ["rounded-2xl rounded-br-md", "rounded-2xl rounded-bl-md"],
  MIDDLE: ["rounded-2xl rounded-r-md", "rounded-2xl rounded-l-md"],
  END: ["rounded-2xl rounded-tr-md", "rounded-2xl rounded-tl-md"],
};

export function MessageList({ client, room, state }: { client: ChatClient; room: Room; state: ChatState }) {
  const now = useNow();
  const me = state.me;
  const data = state.messages[room.id];
  const local = state.local[room.id];
  const items = useMemo(
    () => [...(data?.items ?? []).filter(isDisplayable), ...(local ?? [])],
    [data?.items, local],
  );
  const places = useMemo(
    () => positions(items.map((m) => ({ user: m.user, time: Date.parse(m.time) }))),
    [items],
  );
  const images = useMemo(() => items.filter((m) => m.type === "IMAGE"), [items]);
  const lastMine = lastMineIndex(items, me);
  const [slider, setSlider] = useState<{ mod: Slider; start: number } | null>(null);

  const box = useRef<HTMLDivElement>(null);
  // What the list looked like before this render: to keep the view in place when older messages come in.
  const before = useRef({ firstId: 0, lastId: 0, height: 0, top: 0, atBottom: true });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const firstId = items[0]?.id ?? 0;
    const lastId = items.at(-1)?.id ?? 0;
    const prev = before.current;
    if (prev.firstId && firstId !== prev.firstId && lastId === prev.lastId) {
      el.scrollTop = keptScrollTop(prev.top, prev.height, el.scrollHeight);
    } else if (lastId !== prev.lastId && (prev.atBottom || !prev.lastId || isMineLast(items, me))) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { firstId, lastId, height: el.scrollHeight, top: el.scrollTop, atBottom: atBottom(el) };
  }, [items]);

  const loadIfNearTop = useMemo(
    () =>
      throttle(() => {
        const el = box.current;
        if (el && nearTop(el.scrollTop, el.scrollHeight, el.clientHeight)) client.loadOlder(room.id);
      }, SCROLL_THROTTLE_MS),
    [room.id],
  );
  // The position is noted on every scroll event (cheap); only the loading decision is throttled.
  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    before.current = {
      ...before.current,
      height: el.scrollHeight,
      top: el.scrollTop,
      atBottom: atBottom(el),
    };
    loadIfNearTop();
  };

  // A short first page may not fill the box: nothing to scroll, so ask for older ones right away.
  useEffect(() => {
    const el = box.current;
    if (el && data?.loaded && data.hasMore && el.scrollHeight <= el.clientHeight) client.loadOlder(room.id);
  }, [data?.loaded, data?.hasMore, items.length]);

  const openImage = async (message: ViewMessage) => {
    const mod = slider?.mod ?? await import("./image_slider.tsx");
    setSlider({ mod, start: Math.max(0, images.indexOf(message)) });
  };

  return (
    <div
      ref={box}
      class="flex-1 overflow-y-auto px-3 py-2"
      onScroll={onScroll}
      // Focusable so a keyboard can scroll the history (a scrollable region must be reachable, WCAG 2.1.1).
      tabIndex={0}
      role="log"
      aria-live="polite"
      aria-label={t("chat.messages")}
      data-testid="chat-messages"
    >
      {data?.loading && <p class="py-1 text-center text-xs text-gray-500">{t("chat.loading")}</p>}
      {data?.loaded && items.length === 0 && (
        <p class="py-6 text-center text-sm text-gray-500">{t("chat.noMessages")}</p>
      )}
      {items.map((message, i) => {
        const place = places[i];
        const mine = !!me && message.user.id === me.id && message.user.type === me.type;
        const state = me && message.id > 0 ? seenState(message, me) : null;
        const showName = !mine && room.kind === "group" && (place === "START" || place === "SOLO");
        const groupEnd = place === "END" || place === "SOLO";
        const time = Date.parse(message.time);
        return (
          <div
            key={message.pendingId ?? message.id}
            class={`flex flex-col ${mine ? "items-end" : "items-start"} ${groupEnd ? "mb-2" : "mb-0.5"}`}
            data-testid="chat-message"
            data-message-id={message.id}
            data-position={place}
            data-seen={state ?? ""}
            data-type={message.type}
          >
            {showName && <span class="px-2 text-xs text-gray-500">{message.user.name}</span>}
            <div
              class={`max-w-[80%] px-3 py-1.5 text-sm break-words whitespace-pre-wrap ${
                BUBBLE_SHAPE[place][mine ? 0 : 1]
              } ${mine ? "bg-primary-600 text-white" : "bg-gray-100 text-gray-900"} ${
                message.pendingId ? "opacity-60" : ""
              }`}
            >
              <MessageBody message={message} onImage={() => openImage(message)} />
            </div>
            {groupEnd && (showsTimeAgo(time, now) || (mine && state)) && (
              <span class="px-2 text-[11px] text-gray-500">
                {showsTimeAgo(time, now) && agoText(time, now)}
                {mine && state && i === lastMine && (
                  <span data-testid="chat-seen-label">
                    {showsTimeAgo(time, now) ? " · " : ""}
                    {t(`chat.seenState.${state}`)}
                  </span>
                )}
              </span>
            )}
          </div>
        );
      })}
      {slider && (
        <slider.mod.ImageSlider
          images={images.map((m) => parseFileContent(m.text)!).filter(Boolean)}
          start={slider.start}
          onClose={() => setSlider(null)}
        />
      )}
    </div>
  );
}

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < 40;
}

function isMineLast(items: ViewMessage[], me: ChatState["me"]): boolean {
  const last = items.at(-1);
  return !!me && !!last && last.user.id === me.id && last.user.type === me.type;
}

function lastMineIndex(items: ViewMessage[], me: ChatState["me"]): number {
  for (let i = items.length - 1; i >= 0; i--) {
    if (me && items[i].id > 0 && items[i].user.id === me.id && items[i].user.type === me.type) return i;
  }
  return -1;
}
