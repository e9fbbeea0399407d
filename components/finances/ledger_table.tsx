/**
 * A student's ledger lines (the student page) or every entry (the transactions screen). A line is never
 * edited: who may, reverses it with a reason (the form under "reverse", answered by islands/finances/actions.tsx).
 */
import { DataTable, type DataTableColumn } from "../ui/data_table.tsx";
import { buttonClass } from "../ui/button.tsx";
import { formatDisplayDate } from "../ui/date_format.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { Gel, INPUT } from "./money.tsx";

export interface LedgerLine {
  id: string;
  studentId: number;
  kind: string;
  signed: number;
  date: string;
  reference: string;
  note: string;
  source: { type: string; id: string };
  reverses: string | null;
  reversedBy?: string | null;
}

export function LedgerTable(
  { rows, t, lang, canReverse, showStudent, caption }: {
    rows: LedgerLine[];
    t: Translate;
    lang: Lang;
    canReverse: boolean;
    showStudent: boolean;
    caption: string;
  },
) {
  const C = "finances.columns";
  const columns: DataTableColumn<LedgerLine>[] = [
    { key: "date", header: t(`${C}.date`), render: (r) => formatDisplayDate(r.date) },
    ...(showStudent
      ? [{
        key: "studentId",
        header: t(`${C}.studentId`),
        render: (r: LedgerLine) => (
          <a class="text-blue-700 underline" href={`/finances-second/students/${r.studentId}`}>
            {r.studentId}
          </a>
        ),
      }]
      : []),
    { key: "kind", header: t(`${C}.kind`), render: (r) => t(`finances.kinds.${r.kind}`) },
    {
      key: "amount",
      header: t(`${C}.amount`),
      class: "text-end",
      render: (r) => <Gel tetri={r.signed} lang={lang} />,
    },
    { key: "reference", header: t(`${C}.reference`) },
    { key: "note", header: t(`${C}.note`) },
    {
      key: "state",
      header: t(`${C}.state`),
      render: (r) =>
        r.reversedBy ? t("finances.ledger.reversed") : r.reverses ? t("finances.ledger.reversal") : "",
    },
    ...(canReverse
      ? [{
        key: "actions",
        header: <span class="sr-only">{t("finances.ledger.reverse")}</span>,
        render: (r: LedgerLine) =>
          !r.reversedBy && !r.reverses
            ? (
              <details>
                <summary class={buttonClass("ghost", "sm")}>{t("finances.ledger.reverse")}</summary>
                <form data-fin-form="reverse" data-entry={r.id} class="mt-1 flex gap-1">
                  <input
                    name="reason"
                    required
                    maxLength={200}
                    aria-label={t("finances.ledger.reason")}
                    placeholder={t("finances.ledger.reason")}
                    class={INPUT}
                  />
                  <button type="submit" class={buttonClass("danger", "sm")}>
                    {t("finances.ledger.confirm")}
                  </button>
                </form>
              </details>
            )
            : null,
      }]
      : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      emptyText={t("finances.ledger.empty")}
      caption={caption}
    />
  );
}
