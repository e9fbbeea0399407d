/**
 * Registering a student (the "add" button of the list) and editing one (on the student's page): a dialog
 * form saved through the form kit — the server's field errors under each field in the person's language,
 * the reload prompt when someone else saved the record meanwhile, any other refusal in the error dialog.
 */
import { useState } from "preact/hooks";
import { goTo, reloadPage } from "../../components/ui/navigation.ts";
import {
  Button,
  DateInput,
  Fab,
  FormDialog,
  NumberInput,
  Select,
  type SelectOption,
  showToast,
  TextInput,
  useSave,
} from "../../components/ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface StudentFormValues {
  personalNumber: string;
  lastNameKa: string;
  firstNameKa: string;
  lastNameEn: string;
  firstNameEn: string;
  birthDate: string;
  email: string;
  phone: string;
  programId: string;
  status: string;
  admissionYear: string;
  /** ISO 3166 two-letter code. */
  citizenship: string;
}

export interface StudentFormProps {
  mode: "add" | "edit";
  programs: SelectOption[];
  /** The latest admission year accepted. */
  maxYear: number;
  /** Edit mode: the student as the page showed it. */
  studentId?: number;
  versionstamp?: string;
  initial?: StudentFormValues;
  /** Personal fields the editor may not see: not shown, sent empty, and kept as stored by the server. */
  hidden?: string[];
  /** The citizenships offered, named in the page's language (the student's own is among them). */
  countries?: readonly SelectOption[];
}

const EMPTY: StudentFormValues = {
  personalNumber: "",
  lastNameKa: "",
  firstNameKa: "",
  lastNameEn: "",
  firstNameEn: "",
  birthDate: "",
  email: "",
  phone: "",
  programId: "",
  status: "active",
  admissionYear: String(new Date().getFullYear()),
  citizenship: "GE",
};

type TextField =
  | "personalNumber"
  | "lastNameKa"
  | "firstNameKa"
  | "lastNameEn"
  | "firstNameEn"
  | "email"
  | "phone";

const MAX_LENGTH: Record<TextField, number> = {
  personalNumber: 11,
  lastNameKa: 60,
  firstNameKa: 60,
  lastNameEn: 60,
  firstNameEn: 60,
  email: 254,
  phone: 20,
};

const FORM_FIELDS = [
  ...Object.keys(MAX_LENGTH),
  "birthDate",
  "programId",
  "status",
  "admissionYear",
  "citizenship",
];

/** The server HTML depends only on the props and the language (see framework/islands.ts). */
export const ssrCache = true;

export function StudentForm(props: StudentFormProps) {
  const { mode } = props;
  const id = `student-form-${mode}`;
  const hidden = new Set(props.hidden ?? []);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<StudentFormValues>(props.initial ?? EMPTY);
  const [versionstamp, setVersionstamp] = useState(props.versionstamp ?? "");

  const set = (field: keyof StudentFormValues) => (value: string) => setValues({ ...values, [field]: value });
  const show = () => {
    setValues(props.initial ?? EMPTY);
    setOpen(true);
  };

  const body = () => {
    // The date field's own hidden input holds what was typed even when it is not a date yet, so that the
    // server can say what is wrong with it.
    const form = document.getElementById(`${id}-form`) as HTMLFormElement | null;
    const typedDate = form ? new FormData(form).get("birthDate") : null;
    return {
      ...values,
      birthDate: typeof typedDate === "string" ? typedDate : values.birthDate,
      // Left out when empty, so the server says "required"; the strings are the schema's choices.
      programId: (values.programId ? Number(values.programId) : undefined) as number,
      admissionYear: (values.admissionYear ? Number(values.admissionYear) : undefined) as number,
      status: values.status as "active",
      // Not shown to this editor: left out, and the server keeps what is stored.
      citizenship: hidden.has("citizenship") ? undefined : values.citizenship,
    };
  };
  const form = useSave({
    id,
    fields: FORM_FIELDS,
    save: async () => {
      if (mode === "add") {
        const created = await call("POST /students", { body: body() });
        setOpen(false);
        showToast(t("students.created"), "success");
        goTo(`/students/${created.id}`);
      } else {
        await call("PUT /students/{id}", {
          params: { id: props.studentId! },
          body: { ...body(), versionstamp },
        });
        setOpen(false);
        showToast(t("students.saved"), "success");
        reloadPage();
      }
    },
    // Someone saved the student meanwhile: the new version, with what the person typed kept.
    reload: mode === "edit"
      ? async () => {
        setVersionstamp(
          (await call("GET /students/{id}", { params: { id: props.studentId! } })).student.versionstamp,
        );
      }
      : undefined,
  });
  const fieldErrors = form.fieldErrors;

  const text = (
    field: TextField,
    opts: { type?: "email" | "tel"; inputMode?: "numeric"; lang?: string; hint?: string } = {},
  ) => (
    <TextInput
      id={`${id}-${field}`}
      label={t(`students.fields.${field}`)}
      hint={opts.hint}
      required={field !== "phone"}
      type={opts.type ?? "text"}
      inputMode={opts.inputMode}
      lang={opts.lang}
      maxLength={MAX_LENGTH[field]}
      value={values[field]}
      error={fieldErrors[field]}
      onInput={(e) => set(field)(e.currentTarget.value)}
    />
  );

  const title = t(mode === "add" ? "students.addTitle" : "students.editTitle");
  return (
    <>
      {mode === "add"
        ? <Fab label={t("students.add")} onClick={show} />
        : <Button variant="secondary" onClick={show} data-testid="student-edit">{t("students.edit")}</Button>}
      <FormDialog
        id={id}
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        width={700}
        form={form}
        saveLabel={t("students.save")}
        formId={`${id}-form`}
        formClass="grid gap-4 sm:grid-cols-2"
      >
        {/* Rendered once opened: the list page (where the form is rarely used) stays light to render. */}
        {open && (
          <>
            {!hidden.has("personalNumber") && text("personalNumber", { inputMode: "numeric" })}
            {!hidden.has("birthDate") && (
              <DateInput
                id={`${id}-birthDate`}
                name="birthDate"
                label={t("students.fields.birthDate")}
                required
                value={values.birthDate}
                error={fieldErrors.birthDate}
                pickerLabel={t("students.pickDate")}
                onChange={set("birthDate")}
              />
            )}
            {text("lastNameKa", { lang: "ka" })}
            {text("firstNameKa", { lang: "ka" })}
            {text("lastNameEn", { lang: "en" })}
            {text("firstNameEn", { lang: "en" })}
            {text("email", { type: "email" })}
            {!hidden.has("phone") && text("phone", { type: "tel", hint: t("students.phoneHint") })}
            <Select
              id={`${id}-programId`}
              label={t("students.fields.program")}
              required
              placeholder={t("students.choose")}
              class="sm:col-span-2"
              options={props.programs}
              value={values.programId}
              error={fieldErrors.programId}
              onChange={(e) => set("programId")(e.currentTarget.value)}
            />
            <Select
              id={`${id}-status`}
              label={t("students.fields.status")}
              required
              options={["active", "suspended", "graduated", "withdrawn"].map((s) => ({
                value: s,
                label: t(`students.status.${s}`),
              }))}
              value={values.status}
              error={fieldErrors.status}
              onChange={(e) => set("status")(e.currentTarget.value)}
            />
            <NumberInput
              id={`${id}-admissionYear`}
              label={t("students.fields.admissionYear")}
              required
              min={1990}
              max={props.maxYear}
              step={1}
              value={values.admissionYear}
              error={fieldErrors.admissionYear}
              onInput={(e) => set("admissionYear")(e.currentTarget.value)}
            />
            {!hidden.has("citizenship") && (
              <Select
                id={`${id}-citizenship`}
                label={t("students.fields.citizenship")}
                required
                options={props.countries ?? []}
                value={values.citizenship}
                error={fieldErrors.citizenship}
                onChange={(e) => set("citizenship")(e.currentTarget.value)}
              />
            )}
          </>
        )}
      </FormDialog>
    </>
  );
}
