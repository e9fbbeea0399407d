import { DataTable } from "../ui/mod.ts";
import type { DistributionRow } from "../../services/analytics/students.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface DistributionTableProps {
  id: string;
  title: string;
  category: string;
  buckets: string[];
  rows: DistributionRow[];
  /** Adds the mean (GPA) column. */
  mean?: boolean;
  t: Translate;
  lang: Lang;
}

/** Counts per group and bucket (grades per school, GPA bands per program …), with each row's total. */
export function DistributionTable(
  { id, title, category, buckets, rows, mean, t, lang }: DistributionTableProps,
) {
  const number = (n: number) => n.toLocaleString(lang);
  return (
    <section aria-labelledby={`${id}-title`} class="space-y-2" data-distribution={id}>
      <h3 id={`${id}-title`} class="font-semibold">{title}</h3>
      <DataTable<DistributionRow>
        caption={title}
        rows={rows}
        rowKey={(r) => r.key}
        emptyText={t("analytics.noData")}
        columns={[
          { key: "label", header: category },
          ...buckets.map((b, i) => ({
            key: `b${i}`,
            header: b,
            class: "text-end tabular-nums",
            render: (r: DistributionRow) => number(r.counts[i]),
          })),
          ...(buckets.length > 1
            ? [{
              key: "total",
              header: t("analytics.total"),
              class: "text-end tabular-nums",
              render: (r: DistributionRow) => number(r.total),
            }]
            : []),
          ...(mean
            ? [{
              key: "mean",
              header: t("analytics.meanGpa"),
              class: "text-end tabular-nums",
              render: (r: DistributionRow) => r.mean?.toFixed(2) ?? "—",
            }]
            : []),
        ]}
      />
    </section>
  );
}
