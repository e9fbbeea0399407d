/**
 * A chart of the analytics screen with its numbers: the picture (islands/analytics/chart.tsx) and, under a
 * disclosure, the same numbers as a table for screen readers and copying — rendered here on the server, so the
 * numbers are there before (and without) any JavaScript.
 */
import type { ComponentChildren } from "preact";
import { DataTable, type DataTableColumn } from "../ui/mod.ts";
import { AnalyticsChart, CHART_COLORS, type ChartSeries } from "../../islands/analytics/chart.tsx";
import { Gel } from "../finances/money.tsx";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface ChartCardProps {
  id: string;
  title: string;
  /** Header of the categories' column, e.g. "School". */
  category: string;
  categories: string[];
  series: ChartSeries[];
  kind?: "bars" | "lines";
  money?: boolean;
  /** Beside the chart (a summary line). */
  children?: ComponentChildren;
  t: Translate;
  lang: Lang;
}

type Row = { category: string; values: number[] };

export function ChartCard(
  { id, title, category, categories, series, kind = "bars", money = false, children, t, lang }:
    ChartCardProps,
) {
  const rows: Row[] = categories.map((c, i) => ({
    category: c,
    values: series.map((s) => s.values[i] ?? 0),
  }));
  const columns: DataTableColumn<Row>[] = [
    { key: "category", header: category },
    ...series.map((s, i) => ({
      key: `s${i}`,
      header: s.label,
      class: "text-end tabular-nums",
      render: (r: Row) => money ? <Gel tetri={r.values[i]} lang={lang} /> : r.values[i].toLocaleString(lang),
    })),
  ];
  return (
    <section
      aria-labelledby={`${id}-title`}
      class="space-y-2 rounded-lg border border-gray-200 bg-white p-4"
      data-chart-card={id}
    >
      <h3 id={`${id}-title`} class="font-semibold">{title}</h3>
      {children}
      {series.length > 1 && (
        <ul class="flex flex-wrap gap-4 text-xs" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.label} class="flex items-center gap-1">
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" fill={CHART_COLORS[i]} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {categories.length > 0
        ? <AnalyticsChart categories={categories} series={series} kind={kind} money={money} />
        : <p class="text-sm text-gray-600">{t("analytics.noData")}</p>}
      <details>
        <summary class="cursor-pointer text-sm text-primary-700">{t("analytics.showTable")}</summary>
        <DataTable<Row>
          caption={title}
          columns={columns}
          rows={rows}
          emptyText={t("analytics.noData")}
          class="mt-2"
        />
      </details>
    </section>
  );
}
