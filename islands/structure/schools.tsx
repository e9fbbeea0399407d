/**
 * The educational units tab: the table the server rendered, made interactive — add and edit in a dialog with
 * the API's field errors, removal after a confirmation (the server's refusal shown in the error dialog), and
 * each unit's change history. Buttons appear only for the permissions the page computed on the server.
 */
import { useState } from "preact/hooks";
import { EditorFrame } from "../../components/structure/editor_frame.tsx";
import { RowActions } from "../../components/structure/row_actions.tsx";
import { type RecordApi, useRecordEditor } from "../../components/structure/use_record_editor.ts";
import { type DataTableColumn, FormDialog, Select, TextInput } from "../../components/ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { type Lang, t } from "../../utils/i18n.ts";

export interface SchoolRowData {
  id: number;
  code: string;
  nameKa: string;
  nameEn: string;
  deanHrId: number | null;
  deanName: string | null;
  programCount: number;
  versionstamp: string;
}

export interface StructureSchoolsProps {
  rows: SchoolRowData[];
  lang: Lang;
  /** People who may be chosen as dean, named in the interface language (empty without add/edit rights). */
  deans: { id: number; name: string }[];
  canAdd: boolean;
  canEdit: boolean;
  canRemove: boolean;
}

const FORM_FIELDS = ["nameKa", "nameEn", "code", "deanHrId"] as const;
type SchoolBody = InputOf<"POST /schools">["body"];

const SCHOOLS: RecordApi<SchoolRowData, SchoolBody> = {
  add: (body) => call("POST /schools", { body }),
  edit: ({ id, versionstamp }, body) =>
    call("PUT /schools/{id}", { params: { id }, body: { ...body, versionstamp } }),
  remove: ({ id, versionstamp }) => call("DELETE /schools/{id}", { params: { id }, query: { versionstamp } }),
  latest: async (record) => {
    const { data } = await call("GET /schools", { query: { text: record.code, limit: 1000 } });
    const found = data.find((row) => row.id === record.id);
    return found && { ...record, versionstamp: found.versionstamp };
  },
  log: ({ id }) => ({ key: "GET /schools/{id}/log", input: { params: { id } } }),
};

export function StructureSchools({ rows, lang, deans, canAdd, canEdit, canRemove }: StructureSchoolsProps) {
  const editor = useRecordEditor("school", SCHOOLS);
  const nameOf = (row: SchoolRowData) => lang === "en" ? row.nameEn : row.nameKa;
  const labels = fieldLabels();
  const names: DataTableColumn<SchoolRowData>[] = [
    { key: "nameKa", header: labels.nameKa },
    { key: "nameEn", header: labels.nameEn, render: (row) => <span lang="en">{row.nameEn}</span> },
  ];
  const columns: DataTableColumn<SchoolRowData>[] = [
    { key: "code", header: labels.code, class: "w-24 font-mono" },
    ...(lang === "en" ? names.reverse() : names),
    { key: "deanName", header: labels.deanHrId, render: (row) => row.deanName ?? "—" },
    { key: "programCount", header: t("structure.fields.programCount"), class: "w-28 text-end tabular-nums" },
    {
      key: "actions",
      header: <span class="sr-only">{t("structure.fields.actions")}</span>,
      class: "w-1 whitespace-nowrap text-end",
      render: (row) => (
        <RowActions
          name={row.code}
          onHistory={() => editor.showHistory(row)}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onRemove={canRemove ? () => editor.askRemove(row) : undefined}
        />
      ),
    },
  ];
  const deanName = new Map(deans.map((d) => [d.id, d.name]));

  return (
    <EditorFrame
      kind="school"
      editor={editor}
      rows={rows}
      columns={columns}
      caption={t("sections.schools")}
      canAdd={canAdd}
      labels={labels}
      nameOf={nameOf}
      formatValue={(field, value) =>
        field === "deanHrId" && typeof value === "number"
          ? deanName.get(value) ?? `#${value}`
          : value === null || value === undefined || value === ""
          ? "—"
          : String(value)}
      form={
        <SchoolForm
          record={editor.editing === "new" ? null : editor.editing}
          deans={deans}
          useForm={editor.useForm}
          onClose={editor.closeForm}
        />
      }
    />
  );
}

function fieldLabels(): Record<(typeof FORM_FIELDS)[number], string> {
  return {
    code: t("structure.fields.code"),
    nameKa: t("structure.fields.nameKa"),
    nameEn: t("structure.fields.nameEn"),
    deanHrId: t("structure.fields.dean"),
  };
}

interface SchoolFormProps {
  record: SchoolRowData | null;
  deans: { id: number; name: string }[];
  useForm: ReturnType<typeof useRecordEditor<SchoolRowData, SchoolBody>>["useForm"];
  onClose: () => void;
}

function SchoolForm({ record, deans, useForm, onClose }: SchoolFormProps) {
  const [values, setValues] = useState({
    nameKa: record?.nameKa ?? "",
    nameEn: record?.nameEn ?? "",
    code: record?.code ?? "",
    deanHrId: record?.deanHrId === null || record === null ? "" : String(record.deanHrId),
  });
  const labels = fieldLabels();
  const form = useForm(
    () => ({
      nameKa: values.nameKa,
      nameEn: values.nameEn,
      code: values.code,
      deanHrId: values.deanHrId === "" ? null : Number(values.deanHrId),
    }),
    FORM_FIELDS,
    labels,
  );
  const bind = (field: keyof typeof values) => ({
    id: `school-${field}`,
    label: labels[field],
    error: form.fieldErrors[field],
    value: values[field],
    onInput: (e: Event) => setValues({ ...values, [field]: (e.currentTarget as HTMLInputElement).value }),
  });
  return (
    <FormDialog
      id="school-form"
      open
      width={600}
      title={record ? t("structure.schools.editTitle") : t("structure.schools.addTitle")}
      form={form}
      saveLabel={t("structure.actions.save")}
      onClose={onClose}
      formClass="grid gap-4"
    >
      <TextInput {...bind("code")} required maxLength={20} autocomplete="off" class="sm:w-48" />
      <TextInput {...bind("nameKa")} required maxLength={200} lang="ka" />
      <TextInput {...bind("nameEn")} required maxLength={200} lang="en" />
      <Select
        {...bind("deanHrId")}
        onChange={(e) => setValues({ ...values, deanHrId: e.currentTarget.value })}
        placeholder={t("structure.noDean")}
        options={deans.map((d) => ({ value: String(d.id), label: d.name }))}
      />
    </FormDialog>
  );
}
