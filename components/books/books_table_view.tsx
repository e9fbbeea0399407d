/**
 * The learning courses table (SPEC §2.4), rendered on the server: id with language code, name in the picker's
 * language, code, credit and the row actions the person may take. Clicks on the actions are answered by the
 * page's actions island, so the table itself ships no JavaScript.
 */
import { DataTable, type DataTableColumn } from "../ui/mod.ts";
import { keptRow } from "../ui/kept_row.tsx";
import { t } from "../../utils/i18n.ts";
import { ActionNames, BookRowActions, visibleActions } from "./book_row_actions.tsx";
import type { BookRowSummary } from "./dialog_props.ts";

export interface BookTableRow extends BookRowSummary {
  langCode: string;
}

export interface BooksTableViewProps {
  rows: BookTableRow[];
  names: "ka" | "en";
  /** The person's permission keys under menu.learningProcesses.learningCourses. */
  can: readonly string[];
  /** The learning system uses categories (setting learningSystem.bookType is 1). */
  categories: boolean;
  emptyText: string;
}

/** The id of what names a row's course for its action buttons: its code, or its name when it has none. */
const courseNameId = (id: number) => `bk-${id}`;

export function BooksTableView({ rows, names, can, categories, emptyText }: BooksTableViewProps) {
  const actions = visibleActions(can, categories);
  const langCodeTitle = t("books.fields.langCode");
  const columns: DataTableColumn<BookTableRow>[] = [
    {
      key: "id",
      header: t("books.fields.id"),
      class: "w-28 whitespace-nowrap tabular-nums",
      render: (row) => (
        <>
          {row.id}{" "}
          <span
            class="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600"
            title={langCodeTitle}
            lang="zxx"
          >
            {row.langCode}
          </span>
        </>
      ),
    },
    {
      key: "name",
      header: t("books.fields.name"),
      render: (row) => {
        const name = names === "en" ? row.nameEng || row.name : row.name;
        return row.code
          ? <span lang={names}>{name}</span>
          : <span lang={names} id={courseNameId(row.id)}>{name}</span>;
      },
    },
    {
      key: "code",
      header: t("books.fields.code"),
      class: "font-mono text-xs",
      render: (row) => row.code && <span id={courseNameId(row.id)}>{row.code}</span>,
    },
    { key: "credit", header: t("books.fields.credit"), class: "w-20 text-end tabular-nums" },
  ];
  if (actions.length) {
    columns.push({
      key: "actions",
      header: <span class="sr-only">{t("books.fields.actions")}</span>,
      class: "w-1 whitespace-nowrap",
      render: ({ id, name, nameEng, code, credit, conditionStatus, componentCount, versionstamp }) => (
        <BookRowActions
          book={{ id, name, nameEng, code, credit, conditionStatus, componentCount, versionstamp }}
          actions={actions}
          namedBy={courseNameId(id)}
        />
      ),
    });
  }
  // A row also shows the names' language and the viewer's actions.
  const placeRow = keptRow<BookTableRow>(
    `books-row\u0000${names}\u0000${categories}\u0000${actions.map((a) => a.action).join()}`,
  );
  return (
    <div id="books-table">
      {actions.length > 0 && <ActionNames actions={actions} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        placeRow={placeRow}
        emptyText={emptyText}
        caption={t("books.title")}
      />
    </div>
  );
}
