/**
 * The public application form: plain HTML posted as multipart/form-data, so it works without JavaScript. The
 * server's errors are shown at each field and summed up above the form; the values come back as they were
 * typed (files must be chosen again: no browser lets a page pre-fill them).
 */
import { Button, CONTROL_CLASS, controlAria, Field, Select, TextInput } from "../ui/mod.ts";
import type { Choice } from "../../services/admissions/form.ts";
import type { ApplicantForm } from "../../services/admissions/rules.ts";
import type { Translate } from "../../utils/i18n.ts";

export interface OnlineRegisterFormProps {
  t: Translate;
  values: ApplicantForm & { consent: boolean };
  /** Field → message, already in the page's language. */
  errors: Record<string, string>;
  programs: Choice[];
  citizenships: Choice[];
  /** The largest document accepted, in MiB. */
  maxMegabytes: number;
}

interface TextProps {
  type?: "text" | "email" | "tel";
  inputMode?: "numeric";
  maxLength?: number;
  autocomplete?: string;
  placeholder?: string;
}

const NAME_FIELDS = ["firstNameKa", "lastNameKa", "firstNameEn", "lastNameEn"] as const;

export function OnlineRegisterForm(
  { t, values, errors, programs, citizenships, maxMegabytes }: OnlineRegisterFormProps,
) {
  const K = "admissions.form";
  const text = (
    name: keyof ApplicantForm,
    props: TextProps = {},
  ) => (
    <TextInput
      id={`apply-${name}`}
      name={name}
      label={t(`admissions.fields.${name}`)}
      value={values[name]}
      error={errors[name]}
      required
      {...props}
    />
  );
  const file = (kind: "identity" | "certificate") => {
    const hint = t(`${K}.documentHint`, { max: maxMegabytes });
    return (
      <Field
        id={`apply-${kind}`}
        label={t(`admissions.fields.${kind}`)}
        hint={hint}
        error={errors[kind]}
        required
      >
        <input
          id={`apply-${kind}`}
          name={kind}
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          class={CONTROL_CLASS}
          {...controlAria({ id: `apply-${kind}`, hint, error: errors[kind] })}
        />
      </Field>
    );
  };
  const errorList = Object.entries(errors);
  return (
    <form
      method="post"
      action="/online-register"
      enctype="multipart/form-data"
      novalidate
      class="space-y-6 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
    >
      {errorList.length > 0 && (
        <div
          role="alert"
          id="apply-errors"
          class="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p class="font-medium">{t(`${K}.errorsTitle`)}</p>
          <ul class="mt-1 list-disc ps-5">
            {errorList.map(([field, message]) => (
              <li key={field}>
                <a href={`#apply-${field}`} class="underline">{t(`admissions.fields.${field}`)}</a>: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 text-base font-semibold">{t(`${K}.personal`)}</legend>
        {NAME_FIELDS.map((name) => text(name, { autocomplete: "off" }))}
        {text("personalNumber", { inputMode: "numeric", maxLength: 11, autocomplete: "off" })}
        <Field
          id="apply-birthDate"
          label={t("admissions.fields.birthDate")}
          error={errors.birthDate}
          required
        >
          <input
            id="apply-birthDate"
            name="birthDate"
            type="date"
            value={values.birthDate}
            required
            class={CONTROL_CLASS}
            {...controlAria({ id: "apply-birthDate", error: errors.birthDate })}
          />
        </Field>
        <Select
          id="apply-citizenship"
          name="citizenship"
          label={t("admissions.fields.citizenship")}
          options={citizenships}
          value={values.citizenship}
          placeholder={t(`${K}.choose`)}
          error={errors.citizenship}
          required
        />
      </fieldset>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 text-base font-semibold">{t(`${K}.contacts`)}</legend>
        {text("email", { type: "email", autocomplete: "email" })}
        {text("phone", { type: "tel", autocomplete: "tel", placeholder: "+995 5XX XXX XXX" })}
      </fieldset>
      <fieldset class="grid gap-4">
        <legend class="mb-2 text-base font-semibold">{t(`${K}.studies`)}</legend>
        <Select
          id="apply-programId"
          name="programId"
          label={t("admissions.fields.programId")}
          options={programs}
          value={values.programId}
          placeholder={t(`${K}.choose`)}
          error={errors.programId}
          required
        />
        {file("identity")}
        {file("certificate")}
        <p class="text-xs text-gray-500">{t(`${K}.resubmitHint`)}</p>
      </fieldset>
      <div class="flex flex-col gap-1">
        <label class="flex items-start gap-2 text-sm">
          <input
            id="apply-consent"
            name="consent"
            type="checkbox"
            value="yes"
            checked={values.consent}
            class="mt-1"
            {...controlAria({ id: "apply-consent", error: errors.consent })}
          />
          <span>{t(`${K}.consentText`)}</span>
        </label>
        {errors.consent && (
          <p id="apply-consent-error" class="text-xs font-medium text-danger-700">{errors.consent}</p>
        )}
      </div>
      <Button type="submit">{t(`${K}.submit`)}</Button>
    </form>
  );
}
