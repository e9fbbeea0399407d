import type { StudentListRow } from "../../services/students/structure.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { DataTable, type DataTableColumn } from "../ui/mod.ts";
import { keptRow } from "../ui/kept_row.tsx";
import { formatGpa, otherScriptName, statusBadgeClass, studentName } from "./labels.ts";

export interface StudentsTableProps {
  rows: StudentListRow[];
  t: Translate;
  lang: Lang;
  /** Says why the table is empty: nothing registered yet, or nothing matches the filter. */
  emptyText: string;
}

/** One page of students; the id and the name lead to the student's page. */
export function StudentsTable({ rows, t, lang, emptyText }: StudentsTableProps) {
  const href = (row: StudentListRow) => `/students/${row.id}`;
  const columns: DataTableColumn<StudentListRow>[] = [
    {
      key: "id",
      header: t("students.fields.id"),
      class: "w-20 tabular-nums",
      render: (row) => <a href={href(row)} class="ui-link">{row.id}</a>,
    },
    {
      key: "name",
      header: t("students.fields.name"),
      render: (row) => (
        <a href={href(row)} class="group block">
          <span class="ui-link">{studentName(row, lang)}</span>
          <span class="ui-sub" lang={lang === "en" ? "ka" : "en"}>
            {otherScriptName(row, lang)}
          </span>
        </a>
      ),
    },
    {
      key: "program",
      header: t("students.fields.program"),
      render: (row) => (
        <>
          <span class="font-mono text-xs text-gray-600">{row.programCode}</span>{" "}
          {lang === "en" ? row.programNameEn : row.programNameKa}
        </>
      ),
    },
    {
      key: "status",
      header: t("students.fields.status"),
      render: (row) => <span class={statusBadgeClass(row.status)}>{t(`students.status.${row.status}`)}</span>,
    },
    { key: "admissionYear", header: t("students.fields.admissionYear"), class: "w-24 tabular-nums text-end" },
    {
      key: "gpa",
      header: t("students.fields.gpa"),
      class: "w-20 tabular-nums text-end",
      render: (row) => formatGpa(row.gpa),
    },
  ];
  // The personal number is personal data: its column is there only when the viewer may see some of them.
  if (rows.some((row) => row.personalNumber !== undefined)) {
    columns.splice(1, 0, {
      key: "personalNumber",
      header: t("students.fields.personalNumber"),
      class: "tabular-nums",
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      placeRow={keptRow<StudentListRow>(`students-row\u0000${columns.length}`)}
      emptyText={emptyText}
      caption={t("students.title")}
    />
  );
}
