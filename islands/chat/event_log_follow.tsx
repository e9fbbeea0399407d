/**
 * "Follow live" on the chat event log inspector: while on, asks every second for the room's events after the
 * last one shown (chatEventLog with `after`, the page's filter kept) and lists them as they come.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { type EventRow, EventRows } from "../../components/chat_event_log/tables.tsx";
import { Button } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf, ResponseOf } from "../../components/api.ts";
import { currentLang, t } from "../../utils/i18n.ts";

export interface ChatEventLogFollowProps {
  roomId: number;
  /** The head when the page was rendered: following starts after it. */
  after: number;
  type: string;
  actor: number | null;
}

type ApiEvent = ResponseOf<"GET /chat/event-log/{roomId}">["data"][number];

const POLL_MS = 1000;

function toRow({ roomId: _r, seq, at, type, actor, clientId: _c, ...body }: ApiEvent): EventRow {
  const detail = type === "message_sent" ? `${body.messageType}: ${body.text}` : JSON.stringify(body);
  return { seq, at, type, actor: `#${actor.id} (${actor.type})`, detail: detail.slice(0, 300) };
}

export function ChatEventLogFollow(props: ChatEventLogFollowProps) {
  const [following, setFollowing] = useState(false);
  const [rows, setRows] = useState<EventRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const after = useRef(props.after);

  useEffect(() => {
    if (!following) return;
    let stopped = false;
    const tick = async () => {
      try {
        const query: InputOf<"GET /chat/event-log/{roomId}">["query"] = {
          after: after.current,
          limit: 1000,
          type: props.type || undefined,
          actor: props.actor || undefined,
        };
        const page = await call("GET /chat/event-log/{roomId}", { params: { roomId: props.roomId }, query });
        if (stopped || page.data.length === 0) return;
        after.current = page.data[page.data.length - 1].seq;
        setRows((shown) => [...shown, ...page.data.map(toRow)]);
        setError(null);
      } catch (e) {
        if (!stopped) setError(e instanceof ApiError ? e.message : String(e));
      }
    };
    const timer = setInterval(tick, POLL_MS);
    void tick();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [following]);

  return (
    <div class="space-y-2" data-testid="chat-log-follow">
      <div class="flex items-center gap-3">
        <Button
          variant={following ? "secondary" : "primary"}
          onClick={() => setFollowing(!following)}
          aria-pressed={following ? "true" : "false"}
        >
          {following ? t("chat.eventLog.stopFollowing") : t("chat.eventLog.follow")}
        </Button>
        {following && <span class="text-sm text-gray-600" role="status">{t("chat.eventLog.following")}</span>}
        {error && <span class="text-sm text-red-700" role="alert">{error}</span>}
      </div>
      {(following || rows.length > 0) && (
        <EventRows
          rows={rows}
          t={t}
          lang={currentLang()}
          caption={t("chat.eventLog.live")}
          emptyText={t("chat.eventLog.waiting")}
        />
      )}
    </div>
  );
}
