/**
 * The columns of a list of students' balances (the students screen and the debtors report show the same row):
 * the name links to the student's statement as of the same date.
 */
import type { DataTableColumn } from "../ui/data_table.tsx";
import type { StudentMoney } from "../../services/finances/balances.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { Gel } from "./money.tsx";

export function balanceColumns(t: Translate, lang: Lang, date: string): DataTableColumn<StudentMoney>[] {
  const C = "finances.columns";
  return [
    { key: "studentId", header: t(`${C}.studentId`) },
    {
      key: "name",
      header: t(`${C}.name`),
      render: (r) => (
        <a class="text-blue-700 underline" href={`/finances-second/students/${r.studentId}?date=${date}`}>
          {r.name}
        </a>
      ),
    },
    { key: "school", header: t(`${C}.school`) },
    { key: "program", header: t(`${C}.program`) },
    {
      key: "balance",
      header: t(`${C}.balance`),
      class: "text-end",
      render: (r) => <Gel tetri={r.balance} lang={lang} />,
    },
    {
      key: "overdue",
      header: t(`${C}.overdue`),
      class: "text-end",
      render: (r) => <Gel tetri={r.overdue} lang={lang} />,
    },
  ];
}
