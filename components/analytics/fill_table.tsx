import { DataTable } from "../ui/mod.ts";
import type { SectionFill } from "../../services/analytics/fill_rates.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

/** The fullest or emptiest sections of the semester: course, professor, enrolled of capacity, waitlist. */
export function FillTable(
  { id, title, rows, t, lang }: { id: string; title: string; rows: SectionFill[]; t: Translate; lang: Lang },
) {
  const A = "analytics";
  return (
    <section aria-labelledby={`${id}-title`} class="space-y-2" data-fill={id}>
      <h3 id={`${id}-title`} class="font-semibold">{title}</h3>
      <DataTable<SectionFill>
        caption={title}
        rows={rows}
        rowKey={(r) => r.sectionId}
        emptyText={t(`${A}.noData`)}
        columns={[
          { key: "course", header: t(`${A}.course`), render: (r) => `${r.code} — ${r.course}` },
          { key: "professor", header: t(`${A}.professor`) },
          {
            key: "enrolled",
            header: t(`${A}.enrolledOfCapacity`),
            class: "text-end tabular-nums",
            render: (r) => `${r.enrolled.toLocaleString(lang)} / ${r.capacity.toLocaleString(lang)}`,
          },
          {
            key: "rate",
            header: t(`${A}.fillRate`),
            class: "text-end tabular-nums",
            render: (r) => `${(r.rate * 100).toLocaleString(lang, { maximumFractionDigits: 1 })}%`,
          },
          { key: "waitlisted", header: t(`${A}.waitlisted`), class: "text-end tabular-nums" },
        ]}
      />
    </section>
  );
}
