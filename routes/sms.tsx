import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";
import { audienceOptions } from "../components/polls/audience_options.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { DataTable } from "../components/ui/data_table.tsx";
import { SmsComposer, type SmsComposerProps } from "../islands/sms/composer.tsx";
import { SmsResend } from "../islands/sms/resend.tsx";
import type { SmsDelivery } from "../services/sms/model.ts";
import {
  ACCEPTED,
  deliveryLog,
  INTERRUPTED,
  type ListedSending,
  listSendings,
} from "../services/sms/send.ts";
import { SMS_TEMPLATES } from "../services/sms/templates.ts";
import { formatDisplayDateTime } from "../utils/date_format.ts";

export const meta: RouteMeta = { titleKey: "menu.sms", permission: "menu.contact.sms" };

const LOG_LIMIT = 500;

interface SmsPage {
  composer: SmsComposerProps;
  sendings: ListedSending[];
  log: { sending: ListedSending; rows: SmsDelivery[]; total: number } | null;
}

/** Issue 26: compose and send an SMS to an audience; the history with each sending's delivery log. */
export const handler: Handlers<SmsPage, AppState> = {
  async GET({ url, state, render }) {
    const [options, sendings] = await Promise.all([audienceOptions(state.lang), listSendings()]);
    const chosen = sendings.find((s) => s.id === Number(url.searchParams.get("sending")));
    const log = chosen ? await deliveryLog(chosen.id, { page: 1, limit: LOG_LIMIT }) : null;
    return render({
      composer: {
        ...options,
        templates: SMS_TEMPLATES.map((tpl) => ({ id: tpl.id, label: state.t(tpl.labelKey), text: tpl.text })),
      },
      sendings,
      log: chosen && log ? { sending: chosen, rows: log.data, total: log.total } : null,
    });
  },
};

export default function SmsPageView({ data, state }: PageProps<SmsPage, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-6">
      <h1 class="text-2xl font-semibold">{t("sms.title")}</h1>
      <section class="space-y-3" aria-labelledby="sms-compose-title">
        <h2 id="sms-compose-title" class="text-lg font-semibold">{t("sms.compose")}</h2>
        <SmsComposer {...data.composer} />
      </section>
      <section class="space-y-3" aria-labelledby="sms-history-title">
        <h2 id="sms-history-title" class="text-lg font-semibold">{t("sms.history")}</h2>
        <DataTable<ListedSending>
          caption={t("sms.history")}
          rows={data.sendings}
          rowKey={(s) => s.id}
          emptyText={t("sms.noHistory")}
          columns={[
            {
              key: "createdAt",
              header: t("sms.columns.sent"),
              render: (s) => formatDisplayDateTime(s.createdAt),
            },
            { key: "text", header: t("sms.columns.text"), class: "max-w-md truncate" },
            { key: "total", header: t("sms.columns.recipients"), class: "text-end" },
            { key: "segments", header: t("sms.columns.segments"), class: "text-end" },
            {
              key: "counts",
              header: t("sms.columns.status"),
              render: (s) => `${s.counts.sent} / ${s.counts.failed} / ${s.counts.queued + s.counts.sending}`,
            },
            {
              key: "log",
              header: t("sms.log"),
              render: (s) => (
                <a
                  href={`/sms?sending=${s.id}`}
                  class={buttonClass("secondary", "sm")}
                  data-testid={`sms-log-${s.id}`}
                >
                  {t("sms.log")}
                </a>
              ),
            },
          ]}
        />
      </section>
      {data.log && (
        <section class="space-y-3" aria-labelledby="sms-log-title" data-testid="sms-log">
          <div class="flex flex-wrap items-center justify-between gap-2">
            <h2 id="sms-log-title" class="text-lg font-semibold">
              {t("sms.log")}: {formatDisplayDateTime(data.log.sending.createdAt)}
            </h2>
            {data.log.sending.counts.failed > 0 && (
              <SmsResend sendingId={data.log.sending.id} versionstamp={data.log.sending.versionstamp} />
            )}
          </div>
          <DataTable<SmsDelivery>
            caption={t("sms.log")}
            rows={data.log.rows}
            rowKey={(d) => d.n}
            emptyText={t("sms.noHistory")}
            columns={[
              { key: "name", header: t("sms.columns.name") },
              { key: "phone", header: t("sms.columns.phone") },
              {
                key: "status",
                header: t("polls.columns.status"),
                render: (d) => t(`sms.statuses.${d.status}`),
              },
              {
                key: "answer",
                header: t("sms.columns.answer"),
                render: (d) =>
                  d.answer === ACCEPTED || d.answer === INTERRUPTED ? t(`sms.answers.${d.answer}`) : d.answer,
              },
              { key: "attempts", header: t("sms.columns.attempts"), class: "text-end" },
            ]}
          />
        </section>
      )}
    </section>
  );
}
