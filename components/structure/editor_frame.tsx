/**
 * The frame both structure tabs share: the add button, the table, the form (given by the tab), and the
 * remove confirmation, error and history dialogs wired to one `useRecordEditor`.
 */
import type { ComponentChildren } from "preact";
import { Button, ConfirmDialog, DataTable, type DataTableColumn, ErrorDialog } from "../ui/mod.ts";
import { t } from "../../utils/i18n.ts";
import { HistoryDialog } from "./history_dialog.tsx";
import type { useRecordEditor } from "./use_record_editor.ts";

interface FramedRecord {
  id: number;
  code: string;
  versionstamp: string;
}

export interface EditorFrameProps<R extends FramedRecord> {
  /** "school" or "program": ids and translation keys (`structure.<kind>s.*`) derive from it. */
  kind: "school" | "program";
  // deno-lint-ignore no-explicit-any
  editor: ReturnType<typeof useRecordEditor<R, any>>;
  rows: R[];
  columns: DataTableColumn<R>[];
  caption: string;
  canAdd: boolean;
  labels: Record<string, string>;
  nameOf(record: R): string;
  formatValue(field: string, value: unknown): string;
  /** The add/edit form, rendered while a record is being edited. */
  form: ComponentChildren;
}

export function EditorFrame<R extends FramedRecord>(props: EditorFrameProps<R>) {
  const { kind, editor, labels } = props;
  const keys = `structure.${kind}s`;
  return (
    <div class="space-y-3">
      {props.canAdd && (
        <div class="flex justify-end">
          <Button onClick={editor.openNew} data-testid={`${kind}-add`}>{t(`${keys}.add`)}</Button>
        </div>
      )}
      <DataTable
        columns={props.columns}
        rows={props.rows}
        rowKey={(row) => row.id}
        caption={props.caption}
        emptyText={t(`${keys}.empty`)}
        loadingText={t("common.loading")}
      />
      {editor.editing !== null && props.form}
      <ConfirmDialog
        id={`${kind}-remove`}
        open={editor.removing !== null}
        title={t(`${keys}.removeTitle`)}
        message={editor.removing
          ? t(`${keys}.removeConfirm`, { name: `${editor.removing.code} — ${props.nameOf(editor.removing)}` })
          : ""}
        yesLabel={t("structure.actions.remove")}
        noLabel={t("common.cancel")}
        danger
        busy={editor.busy}
        onYes={editor.confirmRemove}
        onNo={editor.cancelRemove}
      />
      <ErrorDialog
        id={`${kind}-error`}
        message={editor.error?.message ?? null}
        fieldErrors={editor.error?.fields}
        fieldLabels={labels}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={editor.clearError}
      />
      <HistoryDialog
        id={`${kind}-history`}
        source={editor.historySource}
        title={editor.history ? t("structure.history.title", { name: editor.history.code }) : ""}
        fieldLabels={labels}
        formatValue={props.formatValue}
        onClose={() => editor.showHistory(null)}
      />
    </div>
  );
}
