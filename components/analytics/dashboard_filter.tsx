import { buttonClass } from "../ui/button.tsx";
import { INPUT } from "../finances/money.tsx";
import type { School, StudentStatus } from "../../services/academic/model.ts";
import { STUDENT_STATUSES } from "../../services/academic/model.ts";
import type { Semester } from "../../services/analytics/dashboard.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface DashboardFilterProps {
  t: Translate;
  lang: Lang;
  schools: School[];
  semesters: Semester[];
  /** As in the URL (or as typed, when refused). */
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The dashboard's filter: a GET form, so every view is a link (and works without JavaScript). */
export function DashboardFilterForm({ t, lang, schools, semesters, values, errors }: DashboardFilterProps) {
  const A = "analytics";
  const error = (field: string) =>
    errors[field] && <span id={`analytics-${field}-error`} class="text-xs text-red-700">{errors[field]}
    </span>;
  const described = (field: string) => errors[field] ? `analytics-${field}-error` : undefined;
  return (
    <form
      method="get"
      action="/analytics/dashboard"
      class="flex flex-wrap items-end gap-3"
      aria-label={t(`${A}.filter`)}
    >
      <label class="flex flex-col text-xs">
        {t("students.fields.school")}
        <select
          name="schoolId"
          class={INPUT}
          aria-invalid={errors.schoolId ? "true" : undefined}
          aria-describedby={described("schoolId")}
        >
          <option value="">{t(`${A}.allSchools`)}</option>
          {schools.map((s) => (
            <option key={s.id} value={String(s.id)} selected={values.schoolId === String(s.id)}>
              {lang === "en" ? s.nameEn : s.nameKa}
            </option>
          ))}
        </select>
        {error("schoolId")}
      </label>
      <label class="flex flex-col text-xs">
        {t("students.fields.status")}
        <select
          name="status"
          class={INPUT}
          aria-invalid={errors.status ? "true" : undefined}
          aria-describedby={described("status")}
        >
          <option value="">{t(`${A}.allStatuses`)}</option>
          {STUDENT_STATUSES.map((s: StudentStatus) => (
            <option key={s} value={s} selected={values.status === s}>{t(`students.status.${s}`)}</option>
          ))}
        </select>
        {error("status")}
      </label>
      <label class="flex flex-col text-xs">
        {t(`${A}.semester`)}
        <select
          name="groupId"
          class={INPUT}
          aria-invalid={errors.groupId ? "true" : undefined}
          aria-describedby={described("groupId")}
        >
          {semesters.map((g) => (
            <option key={g.id} value={String(g.id)} selected={values.groupId === String(g.id)}>
              {g.seasonYear}
            </option>
          ))}
        </select>
        {error("groupId")}
      </label>
      <label class="flex flex-col text-xs">
        {t(`${A}.fromMonth`)}
        <input
          type="month"
          name="from"
          value={values.from ?? ""}
          class={INPUT}
          aria-invalid={errors.from ? "true" : undefined}
          aria-describedby={described("from")}
        />
        {error("from")}
      </label>
      <label class="flex flex-col text-xs">
        {t(`${A}.toMonth`)}
        <input
          type="month"
          name="to"
          value={values.to ?? ""}
          class={INPUT}
          aria-invalid={errors.to ? "true" : undefined}
          aria-describedby={described("to")}
        />
        {error("to")}
      </label>
      <button type="submit" class={buttonClass("secondary", "sm")}>{t(`${A}.show`)}</button>
    </form>
  );
}
