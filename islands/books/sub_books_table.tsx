/**
 * The sub-books tab (SPEC §2.4, §2.5 "sub-course category form"): one page of sub-course categories with add,
 * edit (in one form: id, name, nameEng, code, credit, status; id, name and credit required) and removal after a
 * yes/no confirmation — refused by the server while courses link to the category, shown in the error dialog.
 */
import { useState } from "preact/hooks";
import { reloadPage } from "../../components/ui/navigation.ts";
import {
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  ErrorDialog,
  Fab,
  FormDialog,
  NumberInput,
  Select,
  showToast,
  TextInput,
  useSave,
} from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface SubBookRowData {
  id: number;
  name: string;
  nameEng: string;
  code: string;
  credit: number;
  status: "active" | "closed";
  versionstamp: string;
}

export interface SubBooksTableProps {
  rows: SubBookRowData[];
  names: "ka" | "en";
  canManage: boolean;
  /** The id the add form proposes. */
  nextId: number;
  emptyText: string;
}

const FIELDS = ["id", "name", "nameEng", "code", "credit", "status"];

export function SubBooksTable({ rows, names, canManage, nextId, emptyText }: SubBooksTableProps) {
  const [editing, setEditing] = useState<SubBookRowData | "new" | null>(null);
  const [removing, setRemoving] = useState<SubBookRowData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameOf = (row: SubBookRowData) => (names === "en" ? row.nameEng || row.name : row.name);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await call("DELETE /sub_books/{id}", {
        params: { id: removing.id },
        query: { versionstamp: removing.versionstamp },
      });
      showToast(t("books.sub.removed"), "success");
      reloadPage();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const columns: DataTableColumn<SubBookRowData>[] = [
    { key: "id", header: t("books.fields.id"), class: "w-20 tabular-nums" },
    { key: "name", header: t("books.fields.name"), render: (row) => <span lang={names}>{nameOf(row)}</span> },
    { key: "code", header: t("books.fields.code"), class: "font-mono text-xs" },
    { key: "credit", header: t("books.fields.credit"), class: "w-20 text-end tabular-nums" },
    { key: "status", header: t("books.fields.status"), render: (row) => t(`books.status.${row.status}`) },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: <span class="sr-only">{t("books.fields.actions")}</span>,
      class: "w-1 whitespace-nowrap text-end",
      render: (row) => (
        <div class="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${t("books.actions.edit")}: ${row.id}`}
            onClick={() => setEditing(row)}
          >
            {t("books.actions.edit")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            class="text-danger-700! hover:bg-danger-50!"
            aria-label={`${t("books.actions.remove")}: ${row.id}`}
            onClick={() => setRemoving(row)}
          >
            {t("books.actions.remove")}
          </Button>
        </div>
      ),
    });
  }

  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText={emptyText}
        caption={t("books.tabs.sub")}
      />
      {canManage && <Fab label={t("books.sub.add")} onClick={() => setEditing("new")} />}
      {editing !== null && (
        <SubBookForm
          record={editing === "new" ? null : editing}
          nextId={nextId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t("books.saved"), "success");
            reloadPage();
          }}
        />
      )}
      <ConfirmDialog
        id="sub-book-remove"
        open={removing !== null}
        title={t("books.sub.removeTitle")}
        message={removing
          ? t("books.sub.removeConfirm", { name: `${removing.id} — ${nameOf(removing)}` })
          : ""}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        busy={busy}
        onYes={remove}
        onNo={() => !busy && setRemoving(null)}
      />
      <ErrorDialog
        id="sub-books-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </>
  );
}

interface SubBookFormProps {
  record: SubBookRowData | null;
  nextId: number;
  onClose: () => void;
  onSaved: () => void;
}

function SubBookForm({ record, nextId, onClose, onSaved }: SubBookFormProps) {
  const [values, setValues] = useState({
    id: String(record?.id ?? nextId),
    name: record?.name ?? "",
    nameEng: record?.nameEng ?? "",
    code: record?.code ?? "",
    credit: record ? String(record.credit) : "",
    status: record?.status ?? "active",
  });
  const [versionstamp, setVersionstamp] = useState(record?.versionstamp ?? "");
  const form = useSave({
    id: "sub-book-form",
    fields: FIELDS,
    save: () => {
      const { id, ...fields } = values;
      return record
        ? call("PUT /sub_books/{id}", { params: { id: record.id }, body: { ...fields, versionstamp } })
        : call("POST /sub_books", { body: { id, ...fields } });
    },
    onSaved,
    reload: record
      ? async () => {
        const { data } = await call("GET /sub_books", { query: { text: String(record.id), limit: 1000 } });
        const latest = data.find((row) => row.id === record.id);
        if (latest) setVersionstamp(latest.versionstamp);
      }
      : undefined,
  });
  const errors = form.fieldErrors;
  const bind = (field: keyof typeof values) => ({
    id: `sub-book-${field}`,
    label: t(`books.fields.${field}`),
    error: errors[field],
    value: values[field],
    onInput: (e: Event) => setValues({ ...values, [field]: (e.currentTarget as HTMLInputElement).value }),
  });
  return (
    <FormDialog
      id="sub-book-form"
      open
      width={600}
      title={t(record ? "books.sub.editTitle" : "books.sub.addTitle")}
      form={form}
      saveLabel={t("books.save")}
      onClose={onClose}
      formClass="grid gap-4 sm:grid-cols-2"
    >
      <NumberInput {...bind("id")} required min={1} step={1} disabled={record !== null} />
      <TextInput {...bind("code")} maxLength={30} />
      <TextInput {...bind("name")} required maxLength={200} lang="ka" />
      <TextInput {...bind("nameEng")} maxLength={200} lang="en" />
      <NumberInput {...bind("credit")} required min={0} max={100} step={0.5} />
      <Select
        {...bind("status")}
        required
        options={["active", "closed"].map((s) => ({ value: s, label: t(`books.status.${s}`) }))}
        onChange={(e) => setValues({ ...values, status: e.currentTarget.value as "active" | "closed" })}
      />
    </FormDialog>
  );
}
