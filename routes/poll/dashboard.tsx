import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { PollResultsView } from "../../components/polls/results_view.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { DataTable } from "../../components/ui/data_table.tsx";
import { PollExport } from "../../islands/polls/export.tsx";
import { PollRowActions } from "../../islands/polls/row_actions.tsx";
import type { StoredRecord } from "../../services/db/records.ts";
import type { PollDefinition } from "../../services/polls/model.ts";
import { type PollResults, pollResults } from "../../services/polls/results.ts";
import { listPolls } from "../../services/polls/store.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";

const KEY = "menu.contact.polls";

export const meta: RouteMeta = { titleKey: "sections.dashboard", permission: KEY };

interface DashboardData {
  polls: StoredRecord<PollDefinition, number>[];
  results: PollResults | null;
}

/** Issue 26: every poll with its status and response rate; the chosen one's results per question. */
export const handler: Handlers<DashboardData, AppState> = {
  async GET({ url, state, render }) {
    const polls = await listPolls();
    const chosen = Number(url.searchParams.get("poll"));
    const known = polls.find((p) => p.id === chosen && p.value.status !== "draft");
    return render({ polls, results: known ? await pollResults(known.id, state.lang) : null });
  },
};

export default function PollDashboard({ data, state }: PageProps<DashboardData, AppState>) {
  const { t, lang } = state;
  const titleOf = (p: PollDefinition) => (lang === "en" ? p.titleEn || p.title : p.title);
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-2xl font-semibold">{t("polls.title")}</h1>
        <div class="flex flex-wrap gap-2">
          <a
            href="/poll?template=evaluation"
            class={buttonClass("secondary", "md")}
            data-testid="poll-from-evaluation"
          >
            {t("polls.templates.fromEvaluation")}
          </a>
          <a href="/poll" class={buttonClass("primary", "md")} data-testid="poll-new">{t("polls.newPoll")}</a>
        </div>
      </div>
      <DataTable<StoredRecord<PollDefinition, number>>
        caption={t("polls.title")}
        rows={data.polls}
        rowKey={(r) => r.id}
        emptyText={t("polls.noPolls")}
        columns={[
          { key: "title", header: t("polls.columns.title"), render: (r) => titleOf(r.value) },
          {
            key: "status",
            header: t("polls.columns.status"),
            render: (r) => t(`polls.statuses.${r.value.status}`),
          },
          {
            key: "period",
            header: t("polls.columns.period"),
            render: (r) =>
              `${formatDisplayDateTime(r.value.opensAt)} – ${formatDisplayDateTime(r.value.closesAt)}`,
          },
          {
            key: "actions",
            header: t("polls.columns.actions"),
            render: (r) => (
              <div class="flex flex-wrap gap-2">
                {r.value.status === "draft" && (
                  <>
                    <a href={`/poll?id=${r.id}`} class={buttonClass("secondary", "sm")}>
                      {t("polls.actions.edit")}
                    </a>
                    <PollRowActions pollId={r.id} versionstamp={r.versionstamp} action="open" />
                  </>
                )}
                {r.value.status !== "draft" && (
                  <>
                    <a
                      href={`/poll/dashboard?poll=${r.id}`}
                      class={buttonClass("secondary", "sm")}
                      data-testid={`poll-results-${r.id}`}
                    >
                      {t("polls.actions.results")}
                    </a>
                    <PollExport pollId={r.id} class={buttonClass("secondary", "sm")} />
                  </>
                )}
                {r.value.status === "open" && (
                  <PollRowActions pollId={r.id} versionstamp={r.versionstamp} action="close" />
                )}
              </div>
            ),
          },
        ]}
      />
      {data.results && <PollResultsView results={data.results} t={t} />}
    </section>
  );
}
