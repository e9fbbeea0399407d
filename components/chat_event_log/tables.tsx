/** The inspector's two tables (routes/chat/event-log.tsx): rooms with their heads, and one room's events. */
import { DataTable } from "../ui/mod.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface EventRow {
  seq: number;
  at: string;
  type: string;
  actor: string;
  detail: string;
}

/** A room as the inspector lists it (services/chat/event_log.ts LogRoom; islands do not import services). */
export interface LogRoom {
  id: number;
  kind: "direct" | "group";
  title: string;
  members: number;
  seq: number;
  deleted: boolean;
  createdAt: string;
  lastMessageTime: string | null;
}

export function RoomRows(props: {
  rooms: LogRoom[];
  selected: number | null;
  t: Translate;
  lang: Lang;
  hrefOf: (id: number) => string;
}) {
  const { t } = props;
  return (
    <DataTable
      columns={[
        {
          key: "id",
          header: "#",
          class: "w-16",
          render: (r: LogRoom) => (
            <a
              href={props.hrefOf(r.id)}
              class="text-primary-700 underline"
              aria-current={r.id === props.selected ? "true" : undefined}
            >
              {r.id}
            </a>
          ),
        },
        { key: "title", header: t("chat.eventLog.roomTitle"), render: (r: LogRoom) => r.title },
        {
          key: "kind",
          header: t("chat.eventLog.kind"),
          render: (r: LogRoom) => t(`chat.eventLog.kinds.${r.kind}`),
        },
        { key: "members", header: t("chat.eventLog.members"), class: "text-end" },
        { key: "seq", header: t("chat.eventLog.head"), class: "text-end" },
        {
          key: "last",
          header: t("chat.eventLog.lastActivity"),
          render: (r: LogRoom) => formatDisplayDateTime(r.lastMessageTime ?? r.createdAt),
        },
        {
          key: "deleted",
          header: t("chat.eventLog.deleted"),
          render: (r: LogRoom) => (r.deleted ? t("chat.eventLog.yes") : ""),
        },
      ]}
      rows={props.rooms}
      rowKey={(r) => r.id}
      emptyText={t("chat.eventLog.noRooms")}
      caption={t("chat.eventLog.rooms")}
    />
  );
}

export function EventRows(
  props: { rows: EventRow[]; t: Translate; lang: Lang; caption: string; emptyText?: string },
) {
  const { t } = props;
  return (
    <DataTable
      columns={[
        { key: "seq", header: t("chat.eventLog.seq"), class: "w-16 text-end" },
        {
          key: "at",
          header: t("chat.eventLog.at"),
          class: "whitespace-nowrap",
          render: (r: EventRow) => formatDisplayDateTime(r.at),
        },
        { key: "type", header: t("chat.eventLog.type"), render: (r: EventRow) => <code>{r.type}</code> },
        { key: "actor", header: t("chat.eventLog.actor") },
        {
          key: "detail",
          header: t("chat.eventLog.detail"),
          class: "break-all",
          render: (r: EventRow) => r.detail,
        },
      ]}
      rows={props.rows}
      rowKey={(r) => r.seq}
      emptyText={props.emptyText ?? t("chat.eventLog.noEvents")}
      caption={props.caption}
    />
  );
}
