/**
 * The educational programs tab: the table the server rendered, made interactive — add and edit in a dialog
 * with the API's field errors, removal after a confirmation (the server's refusal shown in the error dialog),
 * and each program's change history. Buttons appear only for the permissions computed on the server.
 */
import { useState } from "preact/hooks";
import { EditorFrame } from "../../components/structure/editor_frame.tsx";
import {
  languageName,
  languageOptions,
  levelName,
  levelOptions,
  statusName,
  statusOptions,
} from "../../components/structure/labels.ts";
import { RowActions } from "../../components/structure/row_actions.tsx";
import { type RecordApi, useRecordEditor } from "../../components/structure/use_record_editor.ts";
import { call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { type DataTableColumn, FormDialog, NumberInput, Select, TextInput } from "../../components/ui/mod.ts";
import { type Lang, t } from "../../utils/i18n.ts";

export interface ProgramRowData {
  id: number;
  code: string;
  nameKa: string;
  nameEn: string;
  schoolId: number;
  /** The school's code and name in the interface language. */
  schoolName: string;
  level: number;
  credits: number;
  language: string;
  status: string;
  versionstamp: string;
}

export interface StructureProgramsProps {
  rows: ProgramRowData[];
  lang: Lang;
  /** Every school, named in the interface language: the form's school field and the history's names. */
  schools: { id: number; name: string }[];
  canAdd: boolean;
  canEdit: boolean;
  canRemove: boolean;
}

const FORM_FIELDS = [
  "code",
  "nameKa",
  "nameEn",
  "schoolId",
  "level",
  "credits",
  "language",
  "status",
] as const;
type FormField = (typeof FORM_FIELDS)[number];
type ProgramBody = InputOf<"POST /programs">["body"];

const PROGRAMS: RecordApi<ProgramRowData, ProgramBody> = {
  add: (body) => call("POST /programs", { body }),
  edit: ({ id, versionstamp }, body) =>
    call("PUT /programs/{id}", { params: { id }, body: { ...body, versionstamp } }),
  remove: ({ id, versionstamp }) =>
    call("DELETE /programs/{id}", { params: { id }, query: { versionstamp } }),
  latest: async (record) => {
    const { data } = await call("GET /programs", { query: { text: record.code, limit: 1000 } });
    const found = data.find((row) => row.id === record.id);
    return found && { ...record, versionstamp: found.versionstamp };
  },
  log: ({ id }) => ({ key: "GET /programs/{id}/log", input: { params: { id } } }),
};

function fieldLabels(): Record<FormField, string> {
  return {
    code: t("structure.fields.code"),
    nameKa: t("structure.fields.nameKa"),
    nameEn: t("structure.fields.nameEn"),
    schoolId: t("structure.fields.school"),
    level: t("structure.fields.level"),
    credits: t("structure.fields.credits"),
    language: t("structure.fields.language"),
    status: t("structure.fields.status"),
  };
}

export function StructurePrograms(
  { rows, lang, schools, canAdd, canEdit, canRemove }: StructureProgramsProps,
) {
  const editor = useRecordEditor("program", PROGRAMS);
  const labels = fieldLabels();
  const nameOf = (row: ProgramRowData) => lang === "en" ? row.nameEn : row.nameKa;
  const schoolName = new Map(schools.map((s) => [s.id, s.name]));
  const columns: DataTableColumn<ProgramRowData>[] = [
    { key: "code", header: labels.code, class: "w-24 font-mono" },
    { key: "name", header: t("structure.fields.name"), render: nameOf },
    { key: "schoolName", header: labels.schoolId },
    { key: "level", header: labels.level, render: (row) => levelName(t, row.level) },
    { key: "credits", header: labels.credits, class: "w-20 text-end tabular-nums" },
    { key: "language", header: labels.language, render: (row) => languageName(t, row.language) },
    {
      key: "status",
      header: labels.status,
      render: (row) => (
        <span
          class={row.status === "active"
            ? "rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-800"
            : "rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700"}
        >
          {statusName(t, row.status)}
        </span>
      ),
    },
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
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return "—";
    if (field === "schoolId") return schoolName.get(Number(value)) ?? `#${value}`;
    if (field === "level") return levelName(t, Number(value));
    if (field === "language") return languageName(t, String(value));
    if (field === "status") return statusName(t, String(value));
    return String(value);
  };

  return (
    <EditorFrame
      kind="program"
      editor={editor}
      rows={rows}
      columns={columns}
      caption={t("sections.specials")}
      canAdd={canAdd}
      labels={labels}
      nameOf={nameOf}
      formatValue={show}
      form={
        <ProgramForm
          record={editor.editing === "new" ? null : editor.editing}
          schools={schools}
          useForm={editor.useForm}
          onClose={editor.closeForm}
        />
      }
    />
  );
}

interface ProgramFormProps {
  record: ProgramRowData | null;
  schools: { id: number; name: string }[];
  useForm: ReturnType<typeof useRecordEditor<ProgramRowData, ProgramBody>>["useForm"];
  onClose: () => void;
}

function ProgramForm({ record, schools, useForm, onClose }: ProgramFormProps) {
  const [values, setValues] = useState<Record<FormField, string>>({
    code: record?.code ?? "",
    nameKa: record?.nameKa ?? "",
    nameEn: record?.nameEn ?? "",
    schoolId: record ? String(record.schoolId) : "",
    level: record ? String(record.level) : "1",
    credits: record ? String(record.credits) : "240",
    language: record?.language ?? "ka",
    status: record?.status ?? "active",
  });
  const labels = fieldLabels();
  // An empty number is left out, so the server says "required" rather than "wrong type".
  const number = (text: string) => (text.trim() === "" ? undefined : Number(text)) as number;
  const form = useForm(
    () => ({
      code: values.code,
      nameKa: values.nameKa,
      nameEn: values.nameEn,
      schoolId: number(values.schoolId),
      level: number(values.level) as ProgramBody["level"],
      credits: number(values.credits),
      language: values.language as ProgramBody["language"],
      status: values.status as ProgramBody["status"],
    }),
    FORM_FIELDS,
    labels,
  );
  const set = (field: FormField) => (e: Event) =>
    setValues({ ...values, [field]: (e.currentTarget as HTMLInputElement).value });
  const bind = (field: FormField) => ({
    id: `program-${field}`,
    label: labels[field],
    error: form.fieldErrors[field],
    value: values[field],
    onInput: set(field),
    onChange: set(field),
  });
  return (
    <FormDialog
      id="program-form"
      open
      width={700}
      title={record ? t("structure.programs.editTitle") : t("structure.programs.addTitle")}
      form={form}
      saveLabel={t("structure.actions.save")}
      onClose={onClose}
      formClass="grid gap-4 sm:grid-cols-2"
    >
      <TextInput {...bind("code")} required maxLength={20} autocomplete="off" />
      <Select
        {...bind("schoolId")}
        required
        placeholder={t("structure.chooseSchool")}
        options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <TextInput {...bind("nameKa")} required maxLength={200} lang="ka" class="sm:col-span-2" />
      <TextInput {...bind("nameEn")} required maxLength={200} lang="en" class="sm:col-span-2" />
      <Select {...bind("level")} required options={levelOptions(t)} />
      <NumberInput {...bind("credits")} required min={1} max={600} step={1} />
      <Select {...bind("language")} required options={languageOptions(t)} />
      <Select {...bind("status")} required options={statusOptions(t)} />
    </FormDialog>
  );
}
