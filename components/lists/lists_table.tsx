/** The /lists/list table: a section per row with its course, professor, students and the list's status. */
import { DataTable } from "../ui/data_table.tsx";
import type { ListRow } from "../../services/lists/mine.ts";
import type { Translate } from "../../utils/i18n.ts";

export function ListsTable(
  { rows, t, showProfessor }: { rows: ListRow[]; t: Translate; showProfessor: boolean },
) {
  return (
    <DataTable
      caption={t("lists.title")}
      rows={rows}
      rowKey={(r) => r.sectionId}
      emptyText={t("lists.empty")}
      columns={[
        {
          key: "course",
          header: t("lists.course"),
          render: (r) => (
            <a href={`/lists/${r.sectionId}`} class="ui-link">
              {r.course}
            </a>
          ),
        },
        { key: "code", header: t("lists.code") },
        { key: "credits", header: t("lists.credits"), class: "text-end" },
        ...(showProfessor ? [{ key: "professor", header: t("lists.professor") }] : []),
        { key: "students", header: t("lists.students"), class: "text-end" },
        {
          key: "status",
          header: t("lists.status"),
          render: (r) => (
            <span data-list-status={r.status}>
              {r.status === "submitted" ? t("lists.statusSubmitted") : t("lists.statusOpen")}
            </span>
          ),
        },
      ]}
    />
  );
}
