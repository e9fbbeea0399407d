/**
 * The add / edit form of an HR record in a dialog. The server validates (scripts of the names, email, phone,
 * that the school and the account exist) and its field errors appear under the fields in the user's language;
 * any other refusal (e.g. someone else saved first) opens the shared error dialog.
 */
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { Button, Dialog, ErrorDialog, Select, TextInput } from "../ui/mod.ts";
import { api, ApiError } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { type HrRowData, KINDS, type PersonnelKind, type SchoolChoice } from "./hr_row.ts";

export interface HrFormDialogProps {
  open: boolean;
  /** The record to edit; null adds a new one. */
  person: HrRowData | null;
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

function valuesOf(person: HrRowData | null, kind: PersonnelKind): FormValues {
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

/** Digits become an id; anything else is sent as typed, so the server names the field's error. */
const idOrText = (
  text: string,
) => (text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : text);

export function HrFormDialog({ open, person, defaultKind, schools, onClose, onSaved }: HrFormDialogProps) {
  const values = useSignal<FormValues>(valuesOf(person, defaultKind));
  const errors = useSignal<Record<string, string>>({});
  const failure = useSignal<{ message: string; fields: Record<string, string> } | null>(null);
  const busy = useSignal(false);

  useEffect(() => {
    if (!open) return;
    values.value = valuesOf(person, defaultKind);
    errors.value = {};
  }, [open, person?.id, person?.versionstamp]);

  const set = (name: keyof FormValues) => (event: Event) => {
    values.value = { ...values.value, [name]: (event.target as HTMLInputElement | HTMLSelectElement).value };
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy.value) return;
    busy.value = true;
    const v = values.value;
    const body = {
      kind: v.kind,
      firstNameKa: v.firstNameKa,
      lastNameKa: v.lastNameKa,
      firstNameEn: v.firstNameEn,
      lastNameEn: v.lastNameEn,
      position: v.position,
      schoolId: idOrText(v.schoolId),
      email: v.email,
      phone: v.phone,
      userId: idOrText(v.userId),
      ...(person ? { versionstamp: person.versionstamp } : {}),
    };
    try {
      const saved = await api<{ id: number; kind: PersonnelKind }>(person ? `/hr/${person.id}` : "/hr", {
        method: person ? "PUT" : "POST",
        body,
      });
      onSaved(saved);
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, "unexpected", t("errors.unexpected"));
      errors.value = error.fields;
      // Field errors show under their fields; anything else (a concurrent edit, no permission) in the dialog.
      const names = Object.keys(error.fields);
      if (names.length === 0 || names.some((name) => !FORM_KEYS.includes(name))) {
        failure.value = { message: error.message, fields: error.fields };
      }
    } finally {
      busy.value = false;
    }
  };

  const text = (name: (typeof TEXT_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <TextInput
      id={`hr-form-${name}`}
      name={name}
      label={t(`hr.${name}`)}
      value={values.value[name]}
      onInput={set(name)}
      error={errors.value[name]}
      {...extra}
    />
  );

  return (
    <>
      <Dialog
        id="hr-form"
        open={open}
        onClose={onClose}
        width={700}
        title={person ? t("hr.editTitle") : t("hr.addTitle")}
      >
        <form onSubmit={submit} class="grid gap-4 sm:grid-cols-2" novalidate data-testid="hr-form">
          <Select
            id="hr-form-kind"
            label={t("hr.kindLabel")}
            required
            value={values.value.kind}
            onChange={set("kind")}
            error={errors.value.kind}
            options={KINDS.map((kind) => ({ value: kind, label: t(`hr.kind.${kind}`) }))}
          />
          {text("position", { required: true, maxLength: 150 })}
          {text("firstNameKa", { required: true, maxLength: 100, lang: "ka" })}
          {text("lastNameKa", { required: true, maxLength: 100, lang: "ka" })}
          {text("firstNameEn", { required: true, maxLength: 100, lang: "en" })}
          {text("lastNameEn", { required: true, maxLength: 100, lang: "en" })}
          {text("email", { required: true, type: "email", maxLength: 254, autocomplete: "off" })}
          {text("phone", { type: "tel", hint: t("hr.phoneHint"), placeholder: "+995 5xx xx xx xx" })}
          <Select
            id="hr-form-schoolId"
            label={t("hr.school")}
            value={values.value.schoolId}
            onChange={set("schoolId")}
            error={errors.value.schoolId}
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
            error={errors.value.userId}
          />
          <div class="flex justify-end gap-2 pt-2 sm:col-span-2">
            <Button variant="secondary" onClick={onClose}>{t("common.cancel")}</Button>
            <Button type="submit" loading={busy.value}>{t("hr.save")}</Button>
          </div>
        </form>
      </Dialog>
      <ErrorDialog
        id="hr-form-error"
        message={failure.value?.message ?? null}
        fieldErrors={failure.value?.fields}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => (failure.value = null)}
      />
    </>
  );
}
