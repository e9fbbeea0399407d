/**
 * The chat event log inspector (ARCHITECTURE §5; permission menu.chat.eventLog): every room, and a room's
 * events paged and filtered by type and actor, with a JSON export and a live follower (island). The filter is
 * in the URL, so the page works without JavaScript and a view can be shared.
 */
import { EventRows, RoomRows } from "../../components/chat_event_log/tables.tsx";
import { DEFAULT_PAGE_SIZE, Paginator } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { ChatEventLogFollow } from "../../islands/chat/event_log_follow.tsx";
import { listLogRooms, logPage, type LogRoom, MAX_SCAN } from "../../services/chat/event_log.ts";
import { CHAT_EVENT_TYPES, type ChatEvent, type ChatEventType } from "../../services/chat/model.ts";
import { loadPeople, memberNow } from "../../services/chat/people.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "chat.eventLog.title", permission: "menu.chat.eventLog" };

export interface LogRow {
  seq: number;
  at: string;
  type: ChatEventType;
  actor: string;
  detail: string;
}

interface Filter {
  room: number | null;
  type: ChatEventType | "";
  actor: number | null;
  page: number;
  limit: number;
  roomPage: number;
}

interface EventLogPage {
  filter: Filter;
  rooms: LogRoom[];
  roomTotal: number;
  events: LogRow[];
  eventTotal: number;
  head: number;
  /** The filter scanned only the first MAX_SCAN events: the total and pages cover those, not the whole log. */
  truncated: boolean;
}

const ROOM_PAGE_SIZE = 15;
const whole = (raw: string | null, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n >= min ? Math.min(n, max) : null;
};

export function hrefFor(f: Filter, change: Partial<Filter> = {}) {
  const next = { ...f, ...change };
  const q = new URLSearchParams();
  if (next.room) q.set("room", String(next.room));
  if (next.type) q.set("type", next.type);
  if (next.actor) q.set("actor", String(next.actor));
  if (next.page > 1) q.set("page", String(next.page));
  if (next.limit !== DEFAULT_PAGE_SIZE) q.set("limit", String(next.limit));
  if (next.roomPage > 1) q.set("rooms", String(next.roomPage));
  const qs = q.toString();
  return `/chat/event-log${qs ? `?${qs}` : ""}`;
}

/** One event as a row: who, and what it carried (text as text: Preact escapes it). */
export function logRow(event: ChatEvent): LogRow {
  const { roomId: _r, seq, actor, at, type, clientId: _c, ...body } = event;
  const detail = event.type === "message_sent" ? `${event.messageType}: ${event.text}` : JSON.stringify(body);
  const who = memberNow(actor);
  return { seq, at, type, actor: `${who.name} (#${actor.id}, ${actor.type})`, detail: detail.slice(0, 300) };
}

export const handler: Handlers<EventLogPage, AppState> = {
  async GET({ url, render }) {
    const p = url.searchParams;
    const rawType = p.get("type") ?? "";
    const filter: Filter = {
      room: whole(p.get("room"), 1, Number.MAX_SAFE_INTEGER),
      type: (CHAT_EVENT_TYPES as readonly string[]).includes(rawType) ? rawType as ChatEventType : "",
      actor: whole(p.get("actor"), 1, Number.MAX_SAFE_INTEGER),
      page: whole(p.get("page"), 1, 100_000) ?? 1,
      limit: whole(p.get("limit"), 1, 1000) ?? DEFAULT_PAGE_SIZE,
      roomPage: whole(p.get("rooms"), 1, 100_000) ?? 1,
    };
    const rooms = await listLogRooms(filter.roomPage, ROOM_PAGE_SIZE);
    let events: LogRow[] = [], eventTotal = 0, head = 0, truncated = false;
    if (filter.room) {
      const found = await logPage(
        filter.room,
        { type: filter.type || undefined, actor: filter.actor ?? undefined },
        filter.page,
        filter.limit,
      );
      await loadPeople();
      events = found.data.map(logRow);
      eventTotal = found.total;
      head = found.head;
      truncated = found.truncated;
    }
    return render({ filter, rooms: rooms.data, roomTotal: rooms.total, events, eventTotal, head, truncated });
  },
};

export default function EventLogPage({ data, state }: PageProps<EventLogPage, AppState>) {
  const { t, lang } = state;
  const { filter } = data;
  const exportQuery = new URLSearchParams();
  if (filter.type) exportQuery.set("type", filter.type);
  if (filter.actor) exportQuery.set("actor", String(filter.actor));
  return (
    <section class="space-y-6">
      <h1 class="text-xl font-semibold">{t("chat.eventLog.title")}</h1>
      <div class="space-y-2">
        <h2 class="text-lg font-medium">{t("chat.eventLog.rooms")}</h2>
        <RoomRows
          rooms={data.rooms}
          selected={filter.room}
          t={t}
          lang={lang}
          hrefOf={(id) => hrefFor(filter, { room: id, page: 1 })}
        />
        <Paginator
          id="chat-log-rooms"
          total={data.roomTotal}
          page={filter.roomPage}
          limit={ROOM_PAGE_SIZE}
          pageSizes={[ROOM_PAGE_SIZE]}
          hrefFor={(page) => hrefFor(filter, { roomPage: page })}
        />
      </div>
      {filter.room && (
        <div class="space-y-3">
          <h2 class="text-lg font-medium">
            {t("chat.eventLog.events", { id: filter.room, head: data.head })}
          </h2>
          <form method="get" action="/chat/event-log" class="flex flex-wrap items-end gap-3">
            <input type="hidden" name="room" value={String(filter.room)} />
            <label class="flex flex-col text-sm">
              {t("chat.eventLog.type")}
              <select name="type" class="mt-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm">
                <option value="" selected={filter.type === ""}>{t("common.all")}</option>
                {CHAT_EVENT_TYPES.map((type) => (
                  <option value={type} selected={filter.type === type}>{type}</option>
                ))}
              </select>
            </label>
            <label class="flex flex-col text-sm">
              {t("chat.eventLog.actor")}
              <input
                name="actor"
                type="number"
                min="1"
                value={filter.actor ?? ""}
                placeholder={t("chat.eventLog.actorHint")}
                class="mt-1 w-40 rounded-md border border-gray-300 px-3 py-1.5 text-sm"
              />
            </label>
            <button
              type="submit"
              class="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm shadow-sm"
            >
              {t("common.filter")}
            </button>
            <a
              href={`/api/chat/event-log/${filter.room}/export${exportQuery.size ? `?${exportQuery}` : ""}`}
              data-native
              download
              class="rounded-md bg-primary-600 px-3 py-1.5 text-sm text-white"
            >
              {t("chat.eventLog.export")}
            </a>
          </form>
          {data.truncated && (
            <p
              role="status"
              class="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="log-truncated"
            >
              {t("chat.eventLog.truncated", { max: MAX_SCAN })}
            </p>
          )}
          <EventRows rows={data.events} t={t} lang={lang} caption={t("chat.eventLog.title")} />
          <Paginator
            id="chat-log-events"
            total={data.eventTotal}
            page={filter.page}
            limit={filter.limit}
            hrefFor={(page, limit) => hrefFor(filter, { page, limit })}
          />
          <ChatEventLogFollow
            roomId={filter.room}
            after={data.head}
            type={filter.type}
            actor={filter.actor}
          />
        </div>
      )}
    </section>
  );
}
