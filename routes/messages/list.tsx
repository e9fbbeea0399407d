import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { audienceOptions } from "../../components/polls/audience_options.ts";
import type { AudienceOptions } from "../../components/polls/audience_fields.tsx";
import { DataTable } from "../../components/ui/data_table.tsx";
import { MessageComposer } from "../../islands/messages/composer.tsx";
import { type ListedMessage, listMessages } from "../../services/messages/store.ts";
import { type BoxItem, listBoxItems } from "../../services/shell/mailboxes.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";

export const meta: RouteMeta = { titleKey: "sections.messagesList" };
const SEND_KEY = "menu.contact.messages";

interface MessagesPage {
  /** The announcements in the person's inbox (the mailbox badge counts the unread ones). */
  mine: BoxItem[];
  /** For senders: the composer's choices and what was sent. */
  staff: { options: AudienceOptions; sent: ListedMessage[] } | null;
}

/** Issue 26: announcements from the university: one's own inbox; senders write to an audience. */
export const handler: Handlers<MessagesPage, AppState> = {
  async GET({ state, render }) {
    const [mine, staff] = await Promise.all([
      listBoxItems("inbox", state.identity!.user.id, { limit: 100 }),
      state.auth.can(SEND_KEY)
        ? Promise.all([audienceOptions(state.lang), listMessages()]).then(([options, sent]) => ({
          options,
          sent,
        }))
        : null,
    ]);
    return render({ mine: mine.data, staff });
  },
};

export default function MessagesList({ data, state }: PageProps<MessagesPage, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-6">
      <h1 class="text-2xl font-semibold">{t("messages.title")}</h1>
      {data.staff && (
        <section
          class="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
          aria-labelledby="message-new"
        >
          <h2 id="message-new" class="text-lg font-semibold">{t("messages.compose")}</h2>
          <MessageComposer {...data.staff.options} />
        </section>
      )}
      {data.staff && (
        <DataTable<ListedMessage>
          caption={t("messages.sent")}
          rows={data.staff.sent}
          rowKey={(m) => m.id}
          emptyText={t("messages.none")}
          columns={[
            {
              key: "createdAt",
              header: t("sms.columns.sent"),
              render: (m) => formatDisplayDateTime(m.createdAt),
            },
            { key: "subject", header: t("messages.subject") },
            { key: "recipients", header: t("sms.columns.recipients"), class: "text-end" },
            { key: "delivered", header: t("messages.delivered"), class: "text-end" },
          ]}
        />
      )}
      <section class="space-y-3" aria-labelledby="messages-mine">
        <h2 id="messages-mine" class="text-lg font-semibold">{t("messages.mine")}</h2>
        <DataTable<BoxItem>
          caption={t("messages.mine")}
          rows={data.mine}
          rowKey={(m) => m.id}
          emptyText={t("messages.none")}
          columns={[
            {
              key: "title",
              header: t("messages.subject"),
              render: (m) => <span class={m.read ? "" : "font-semibold"}>{m.title}</span>,
            },
            { key: "sender", header: t("messages.sender") },
            {
              key: "createdAt",
              header: t("sms.columns.sent"),
              render: (m) => formatDisplayDateTime(m.createdAt),
            },
          ]}
        />
        <p>
          <a href="/mailbox" class="text-primary-700 underline">{t("messages.openMailbox")}</a>
        </p>
      </section>
    </section>
  );
}
