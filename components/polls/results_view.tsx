/**
 * A poll's results as the dashboard shows them: the response rate, then per question a bar chart of its
 * choices (the analytics screen's uPlot island, a picture only) above the table of counts and shares that
 * holds the numbers for everyone, the scale's mean, and the free-text answers.
 */
import type { Translate } from "../../utils/i18n.ts";
import type { PollResults } from "../../services/polls/results.ts";
import { DataTable } from "../ui/data_table.tsx";
import { ProgressBar } from "../ui/progress_bar.tsx";
import { AnalyticsChart } from "../../islands/analytics/chart.tsx";

interface Row {
  label: string;
  count: number;
  share: number;
}

export function PollResultsView({ results, t }: { results: PollResults; t: Translate }) {
  const rate = Math.round(results.rate * 1000) / 10;
  return (
    <section class="space-y-4" data-testid="poll-results" aria-labelledby="poll-results-title">
      <h2 id="poll-results-title" class="text-lg font-semibold">
        {t("polls.results.title", { title: results.title })}
      </h2>
      <p data-testid="poll-results-summary">
        {t("polls.results.summary", { responses: results.responses, audience: results.audienceSize, rate })}
      </p>
      {results.questions.map((q, i) => {
        const rows: Row[] = q.counts.map((c) => ({
          ...c,
          share: q.answered ? Math.round((c.count / q.answered) * 1000) / 10 : 0,
        }));
        return (
          <article key={q.id} class="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
            <h3 class="font-medium">{i + 1}. {q.text}</h3>
            <p class="text-sm text-gray-700">
              {t("polls.results.answered", { count: q.answered })}
              {q.mean !== null && <span class="ms-3">{t("polls.results.mean", { mean: q.mean })}</span>}
            </p>
            {q.kind !== "text" && q.answered > 0 && (
              <div data-testid="poll-chart">
                <AnalyticsChart
                  categories={rows.map((r) => r.label)}
                  series={[{ label: t("polls.columns.count"), values: rows.map((r) => r.count) }]}
                  kind="bars"
                />
              </div>
            )}
            {q.kind !== "text" && (
              <DataTable<Row>
                caption={q.text}
                rows={rows}
                rowKey={(r) => r.label}
                emptyText={t("polls.results.noTexts")}
                columns={[
                  { key: "label", header: t("polls.columns.choice") },
                  { key: "count", header: t("polls.columns.count"), class: "w-24 text-end" },
                  {
                    key: "share",
                    header: t("polls.columns.share"),
                    class: "w-64",
                    render: (r) => (
                      <ProgressBar value={r.share} label={`${r.label}: ${r.share}%`} showValue />
                    ),
                  },
                ]}
              />
            )}
            {q.kind === "text" && (
              q.texts.length
                ? (
                  <ul class="list-disc space-y-1 ps-6 text-sm" aria-label={t("polls.results.texts")}>
                    {q.texts.map((text, j) => <li key={j}>{text}</li>)}
                  </ul>
                )
                : <p class="text-sm text-gray-600">{t("polls.results.noTexts")}</p>
            )}
          </article>
        );
      })}
    </section>
  );
}
