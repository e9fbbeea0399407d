/**
 * The component types catalogue (/components): the table the server rendered, made interactive — add and edit
 * in the form dialog with the API's field errors, removal after a confirmation (a type in use is refused and
 * the error dialog says by how many courses). Buttons appear only for the rights the page computed.
 */
import { useState } from "preact/hooks";
import {
  Button,
  ConfirmDialog,
  DataTable,
  ErrorDialog,
  FormDialog,
  TextInput,
} from "../../components/ui/mod.ts";
import { useSave } from "../../components/ui/form_kit.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "../../components/ui/navigation.ts";

export interface TypeRow {
  id: number;
  nameKa: string;
  nameEn: string;
  versionstamp: string;
}

export function ComponentTypes({ rows, canEdit }: { rows: TypeRow[]; canEdit: boolean }) {
  const [editing, setEditing] = useState<TypeRow | "new" | null>(null);
  const [removing, setRemoving] = useState<TypeRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove(row: TypeRow) {
    setBusy(true);
    try {
      await call("DELETE /component_types/{id}", {
        params: { id: row.id },
        query: { versionstamp: row.versionstamp },
      });
      showToast(t("componentTypes.removed"), "success");
      reloadPage();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t("errors.unexpected"));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <div class="space-y-3">
      {canEdit && (
        <Button onClick={() => setEditing("new")} data-testid="component-type-add">
          {t("componentTypes.add")}
        </Button>
      )}
      <DataTable
        caption={t("componentTypes.title")}
        rows={rows}
        rowKey={(r) => r.id}
        emptyText={t("componentTypes.empty")}
        columns={[
          { key: "nameKa", header: t("componentTypes.nameKa") },
          {
            key: "nameEn",
            header: t("componentTypes.nameEn"),
            render: (r) => <span lang="en">{r.nameEn}</span>,
          },
          ...(canEdit
            ? [{
              key: "actions",
              header: <span class="sr-only">{t("componentTypes.actions")}</span>,
              class: "w-1 whitespace-nowrap text-end",
              render: (r: TypeRow) => (
                <span class="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${t("componentTypes.edit")}: ${r.nameEn}`}
                    onClick={() => setEditing(r)}
                  >
                    {t("componentTypes.edit")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${t("componentTypes.remove")}: ${r.nameEn}`}
                    onClick={() => setRemoving(r)}
                  >
                    {t("componentTypes.remove")}
                  </Button>
                </span>
              ),
            }]
            : []),
        ]}
      />
      {editing && <TypeForm record={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        id="component-type-remove"
        open={removing !== null}
        title={t("componentTypes.remove")}
        message={removing ? t("componentTypes.removeConfirm", { name: removing.nameKa }) : ""}
        yesLabel={t("componentTypes.remove")}
        noLabel={t("common.cancel")}
        danger
        busy={busy}
        onYes={() => removing && remove(removing)}
        onNo={() => setRemoving(null)}
      />
      <ErrorDialog
        id="component-type-error"
        message={failure}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setFailure(null)}
      />
    </div>
  );
}

function TypeForm({ record, onClose }: { record: TypeRow | null; onClose: () => void }) {
  const [values, setValues] = useState<InputOf<"POST /component_types">["body"]>({
    nameKa: record?.nameKa ?? "",
    nameEn: record?.nameEn ?? "",
  });
  const labels = { nameKa: t("componentTypes.nameKa"), nameEn: t("componentTypes.nameEn") };
  const form = useSave({
    id: "component-type-form",
    fields: ["nameKa", "nameEn"],
    fieldLabels: labels,
    save: () =>
      record
        ? call("PUT /component_types/{id}", {
          params: { id: record.id },
          body: { ...values, versionstamp: record.versionstamp },
        })
        : call("POST /component_types", { body: values }),
    onSaved: () => {
      showToast(t("componentTypes.saved"), "success");
      onClose();
      reloadPage();
    },
  });
  const bind = (field: keyof typeof values) => ({
    id: `component-type-${field}`,
    label: labels[field],
    error: form.fieldErrors[field],
    value: values[field],
    onInput: (e: Event) => setValues({ ...values, [field]: (e.currentTarget as HTMLInputElement).value }),
  });
  return (
    <FormDialog
      id="component-type-form"
      open
      width={600}
      title={record ? t("componentTypes.edit") : t("componentTypes.add")}
      form={form}
      saveLabel={t("componentTypes.save")}
      onClose={onClose}
      formClass="grid gap-4"
    >
      <TextInput {...bind("nameKa")} required maxLength={100} lang="ka" />
      <TextInput {...bind("nameEn")} required maxLength={100} lang="en" />
    </FormDialog>
  );
}
