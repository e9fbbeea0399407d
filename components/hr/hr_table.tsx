import type { ComponentChildren } from "preact";
import { Button, DataTable, type DataTableColumn } from "../ui/mod.ts";
import { keptRow } from "../ui/kept_row.tsx";
import { type Lang, t } from "../../utils/i18n.ts";
import { formatPhone, type HrRowData, namesOf, profileHref } from "./hr_row.ts";

export interface HrTableProps {
  rows: readonly HrRowData[];
  lang: Lang;
  /** Row actions (e.g. an edit button); without it the table has no actions column. */
  actions?: (row: HrRowData) => ComponentChildren;
}

/**
 * The personnel table: the name (linking to the profile) in the interface language's script with the other
 * script under it, position, school, email and phone. Server-rendered; each row is kept once rendered, under the
 * columns shown (the phone and actions columns depend on the viewer).
 */
export function HrTable({ rows, lang, actions }: HrTableProps) {
  const columns: DataTableColumn<HrRowData>[] = [
    { key: "id", header: t("hr.id"), class: "hr-id" },
    {
      key: "name",
      header: t("hr.name"),
      render: (row) => {
        const names = namesOf(row, lang);
        return (
          <>
            <a href={profileHref(row.kind, row.id)} class="ui-link">
              {names.main}
            </a>
            <span class="ui-sub" lang={lang === "en" ? "ka" : "en"}>{names.other}</span>
          </>
        );
      },
    },
    { key: "position", header: t("hr.position") },
    { key: "school", header: t("hr.school"), render: (row) => row.schoolName ?? "—" },
    {
      key: "email",
      header: t("hr.email"),
      render: (row) => <a href={`mailto:${row.email}`} class="hr-email">{row.email}</a>,
    },
  ];
  // Phones are personal data: the column is there only when the viewer may see some of them.
  if (rows.some((row) => row.phone !== undefined)) {
    columns.push({
      key: "phone",
      header: t("hr.phone"),
      class: "hr-phone",
      render: (row) => row.phone ? formatPhone(row.phone) : "—",
    });
  }
  if (actions) {
    columns.push({
      key: "actions",
      header: <span class="sr-only">{t("hr.actions")}</span>,
      class: "w-16 text-end",
      render: actions,
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      placeRow={keptRow<HrRowData>(`hr-row\u0000${columns.map((column) => column.key).join()}`)}
      emptyText={t("hr.empty")}
      caption={t("sections.hr")}
      loadingText={t("common.loading")}
    />
  );
}

/**
 * A row's edit button. The list's island (islands/hr/list.tsx) answers its click: it reads the record then,
 * so the page carries no copy of its rows for the form. Its pencil is the stylesheet's (data-icon), as the
 * courses table's is: a page of rows carries no SVG.
 */
export function HrEditButton({ row, lang }: { row: HrRowData; lang: Lang }) {
  return (
    <Button
      variant="icon"
      size="sm"
      aria-label={t("hr.editOf", { name: namesOf(row, lang).main })}
      title={t("hr.edit")}
      data-hr-edit={row.id}
      data-icon="edit"
    />
  );
}
