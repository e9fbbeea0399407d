/**
 * The audience filter shared by polls and SMS: roles, schools, programs, admission years, course sections and a
 * list of people. A controlled part of an island's form; `children` go below (a count button, say).
 */
import type { ComponentChildren } from "preact";
import { TextInput } from "../ui/field.tsx";
import { MultiSelect, type MultiSelectOption } from "../ui/select.tsx";
import { t } from "../../utils/i18n.ts";

export interface AudienceDraft {
  guards: string[];
  schoolIds: string[];
  programIds: string[];
  admissionYears: string[];
  sectionIds: string;
  userIds: string;
}

export interface AudienceOptions {
  schools: MultiSelectOption[];
  programs: MultiSelectOption[];
  years: MultiSelectOption[];
}

export const EMPTY_AUDIENCE_DRAFT: AudienceDraft = {
  guards: [],
  schoolIds: [],
  programIds: [],
  admissionYears: [],
  sectionIds: "",
  userIds: "",
};

const GUARDS = ["user", "prof", "custom"];
const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The API's audience from the form's. */
export function audienceBody(d: AudienceDraft) {
  return {
    guards: d.guards as ("user" | "prof" | "custom")[],
    schoolIds: d.schoolIds.map(Number),
    programIds: d.programIds.map(Number),
    admissionYears: d.admissionYears.map(Number),
    sectionIds: list(d.sectionIds),
    userIds: list(d.userIds).map(Number),
  };
}

interface AudienceFieldsProps extends AudienceOptions {
  /** Prefix of the controls' ids, e.g. "poll" → #poll-programs. */
  id: string;
  value: AudienceDraft;
  onChange: (patch: Partial<AudienceDraft>) => void;
  error: string | null;
  children?: ComponentChildren;
}

export function AudienceFields({ id, value, onChange, error, children, ...options }: AudienceFieldsProps) {
  return (
    <fieldset class="space-y-3 rounded-lg border border-gray-200 p-4">
      <legend class="px-1 text-sm font-semibold">{t("polls.fields.audience")}</legend>
      <div class="flex flex-wrap gap-4">
        {GUARDS.map((g) => (
          <label key={g} class="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              class="h-4 w-4 rounded border-gray-300"
              checked={value.guards.includes(g)}
              onChange={(e) =>
                onChange({
                  guards: e.currentTarget.checked
                    ? [...value.guards, g]
                    : value.guards.filter((x) => x !== g),
                })}
            />
            {t(`polls.guards.${g}`)}
          </label>
        ))}
      </div>
      <div class="grid gap-4 md:grid-cols-3">
        <MultiSelect
          id={`${id}-schools`}
          label={t("polls.fields.schools")}
          options={options.schools}
          value={value.schoolIds}
          onChange={(schoolIds) => onChange({ schoolIds })}
        />
        <MultiSelect
          id={`${id}-programs`}
          label={t("polls.fields.programs")}
          options={options.programs}
          value={value.programIds}
          onChange={(programIds) => onChange({ programIds })}
        />
        <MultiSelect
          id={`${id}-years`}
          label={t("polls.fields.admissionYears")}
          options={options.years}
          value={value.admissionYears}
          onChange={(admissionYears) => onChange({ admissionYears })}
        />
        <TextInput
          id={`${id}-sections`}
          class="md:col-span-3"
          label={t("polls.fields.sectionIds")}
          value={value.sectionIds}
          onInput={(e) => onChange({ sectionIds: e.currentTarget.value })}
        />
        <TextInput
          id={`${id}-users`}
          class="md:col-span-3"
          label={t("polls.fields.userIds")}
          value={value.userIds}
          onInput={(e) => onChange({ userIds: e.currentTarget.value })}
        />
      </div>
      {error && <p class="text-sm text-danger-700" role="alert">{error}</p>}
      {children}
    </fieldset>
  );
}
