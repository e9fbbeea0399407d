/**
 * The add / edit form of an HR record in a dialog. The server validates (scripts of the names, email, phone,
 * that the school and the account exist); the form kit shows its field errors under the fields in the user's
 * language, asks to reload and save again when someone else saved first, and shows any other refusal.
 */
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { FormDialog, Select, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { type HrPersonData, KINDS, type PersonnelKind, type SchoolChoice } from "./hr_row.ts";

export interface HrFormDialogProps {
  open: boolean;
  /** The record to edit; null adds a new one. */
  person: HrPersonData | null;
  /** Kind preselected for a new record (the list's current tab). */
  defaultKind: PersonnelKind;
  schools: readonly SchoolChoice[];
  onClose: () => void;
  /** Called with the saved record (id and kind, to open the new person's profile). */
  onSaved: (saved: { id: number; kind: PersonnelKind }) => void;
}

const TEXT_FIELDS = [
  "firstNameKa",
  "lastNameKa",
  "firstNameEn",
  "lastNameEn",
  "position",
  "email",
  "phone",
] as const;
type FormValues = Record<(typeof TEXT_FIELDS)[number] | "kind" | "schoolId" | "userId", string>;
const FORM_KEYS: readonly string[] = [...TEXT_FIELDS, "kind", "schoolId", "userId"];

function valuesOf(person: HrPersonData | null, kind: PersonnelKind): FormValues {
  return {
    kind: person?.kind ?? kind,
    firstNameKa: person?.firstNameKa ?? "",
    lastNameKa: person?.lastNameKa ?? "",
    firstNameEn: person?.firstNameEn ?? "",
    lastNameEn: person?.lastNameEn ?? "",
    position: person?.position ?? "",
    schoolId: person?.schoolId ? String(person.schoolId) : "",
    email: person?.email ?? "",
    phone: person?.phone ?? "",
    userId: person?.userId ? String(person.userId) : "",
  };
}

/** Digits become an id; anything else is sent as typed (against the schema's type), so the server names the
 * field's error. */
const idOrText = (text: string) =>
  (text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : text) as number | null;

export function HrFormDialog({ open, person, defaultKind, schools, onClose, onSaved }: HrFormDialogProps) {
  const values = useSignal<FormValues>(valuesOf(person, defaultKind));
  // A phone the editor may not see is neither shown nor sent: the server keeps the stored one.
  const showPhone = person === null || person.phone !== undefined;
  const versionstamp = useSignal(person?.versionstamp ?? "");

  useEffect(() => {
    if (!open) return;
    values.value = valuesOf(person, defaultKind);
    versionstamp.value = person?.versionstamp ?? "";
  }, [open, person?.id, person?.versionstamp]);

  const set = (name: keyof FormValues) => (event: Event) => {
    values.value = { ...values.value, [name]: (event.target as HTMLInputElement | HTMLSelectElement).value };
  };

  const body = () => {
    const v = values.value;
    return {
      kind: v.kind as PersonnelKind,
      firstNameKa: v.firstNameKa,
      lastNameKa: v.lastNameKa,
      firstNameEn: v.firstNameEn,
      lastNameEn: v.lastNameEn,
      position: v.position,
      schoolId: idOrText(v.schoolId),
      email: v.email,
      ...(showPhone ? { phone: v.phone } : {}),
      userId: idOrText(v.userId),
    };
  };
  const form = useSave({
    id: "hr-form",
    fields: FORM_KEYS,
    save: () =>
      person
        ? call("PUT /hr/{id}", {
          params: { id: person.id },
          body: { ...body(), versionstamp: versionstamp.value },
        })
        : call("POST /hr", { body: body() }),
    onSaved,
    // Someone saved the record first: its new version, with what the person typed kept.
    reload: person
      ? async () => {
        versionstamp.value = (await call("GET /hr/{id}", { params: { id: person.id } })).versionstamp;
      }
      : undefined,
  });
  const errors = form.fieldErrors;

  const text = (name: (typeof TEXT_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <TextInput
      id={`hr-form-${name}`}
      name={name}
      label={t(`hr.${name}`)}
      value={values.value[name]}
      onInput={set(name)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <FormDialog
      id="hr-form"
      open={open}
      onClose={onClose}
      width={700}
      title={person ? t("hr.editTitle") : t("hr.addTitle")}
      form={form}
      saveLabel={t("hr.save")}
      formClass="grid gap-4 sm:grid-cols-2"
    >
      <Select
        id="hr-form-kind"
        label={t("hr.kindLabel")}
        required
        value={values.value.kind}
        onChange={set("kind")}
        error={errors.kind}
        options={KINDS.map((kind) => ({ value: kind, label: t(`hr.kind.${kind}`) }))}
      />
      {text("position", { required: true, maxLength: 150 })}
      {text("firstNameKa", { required: true, maxLength: 100, lang: "ka" })}
      {text("lastNameKa", { required: true, maxLength: 100, lang: "ka" })}
      {text("firstNameEn", { required: true, maxLength: 100, lang: "en" })}
      {text("lastNameEn", { required: true, maxLength: 100, lang: "en" })}
      {text("email", { required: true, type: "email", maxLength: 254, autocomplete: "off" })}
      {showPhone && text("phone", { type: "tel", hint: t("hr.phoneHint"), placeholder: "+995 5xx xx xx xx" })}
      <Select
        id="hr-form-schoolId"
        label={t("hr.school")}
        value={values.value.schoolId}
        onChange={set("schoolId")}
        error={errors.schoolId}
        placeholder={t("hr.noSchool")}
        options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <TextInput
        id="hr-form-userId"
        label={t("hr.userId")}
        hint={t("hr.userIdHint")}
        inputMode="numeric"
        value={values.value.userId}
        onInput={set("userId")}
        error={errors.userId}
      />
    </FormDialog>
  );
}
