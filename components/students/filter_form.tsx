/**
 * The students list's filter (SPEC §2.2), rendered on the server: a plain GET form, so the filter lives in the
 * URL and works without JavaScript. islands/students/filter_behavior.tsx makes the list follow it as it is
 * changed. The program list shows the chosen school's programs; the form carries which school each program
 * belongs to, so that choosing another school can clear a program it does not have.
 */
import { CachedFragment } from "../../framework/islands.ts";
import { buttonClass, FilterPanel, Select, type SelectOption, TextInput } from "../ui/mod.ts";
import { identityTag } from "../../utils/identity_tag.ts";
import { t } from "../../utils/i18n.ts";

export const STUDENTS_FILTER_FORM_ID = "students-filter";

export interface ProgramChoice extends SelectOption {
  schoolId: number;
}

export interface StudentsFilterFormProps {
  /** The list's path, e.g. "/students". */
  action: string;
  text: string;
  schoolId: string;
  programId: string;
  status: string;
  admissionYear: string;
  /** A page size other than the default, kept across filter changes. */
  limit: number | null;
  schools: SelectOption[];
  programs: ProgramChoice[];
  years: number[];
  /** The export download of the current filter; null without the export permission. */
  exportHref: string | null;
  filtered: boolean;
}

/** "58:8 59:8 …": each program's school, for the behaviour island (a few hundred bytes for sixty programs). */
export const programSchools = (programs: readonly ProgramChoice[]) =>
  programs.map((p) => `${p.value}:${p.schoolId}`).join(" ");

/**
 * Kept once rendered, under everything it shows: the filter, and the school and program lists, which are
 * replaced (never changed in place) when the structure changes, so their identity names them.
 */
export function StudentsFilterForm(props: StudentsFilterFormProps) {
  const { schools, programs, years, ...shown } = props;
  const lists = `${identityTag(schools)}\u0000${identityTag(programs)}\u0000${years.join()}`;
  return (
    <CachedFragment
      cacheKey={`students-filter\u0000${lists}\u0000${JSON.stringify(shown)}`}
      render={() => <FilterForm {...props} />}
    />
  );
}

const STATUSES = ["active", "suspended", "graduated", "withdrawn"];

function FilterForm(props: StudentsFilterFormProps) {
  const id = STUDENTS_FILTER_FORM_ID;
  const programs = props.programs.filter((p) => !props.schoolId || String(p.schoolId) === props.schoolId);
  const years = props.years.map((y) => ({ value: String(y), label: String(y) }));
  const choice = (suffix: string, name: string, field: string, options: SelectOption[], value: string) => (
    <Select
      id={`${id}-${suffix}`}
      name={name}
      label={t(`students.fields.${field}`)}
      placeholder={t("common.all")}
      options={options}
      defaultValue={value}
    />
  );
  return (
    <FilterPanel
      id={`${id}-panel`}
      title={t("common.filter")}
      actions={props.exportHref && (
        <a
          href={props.exportHref}
          download
          class={buttonClass("secondary", "sm")}
          data-testid="students-export"
        >
          <svg
            class="size-4"
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            stroke-width="1.8"
            aria-hidden="true"
          >
            <path d="M10 3v10m0 0-4-4m4 4 4-4M4 15v2h12v-2" />
          </svg>
          {t("common.export")}
        </a>
      )}
    >
      <form
        id={id}
        method="get"
        action={props.action}
        role="search"
        class="grid gap-4 sm:grid-cols-2 lg:grid-cols-6"
        data-program-schools={programSchools(props.programs)}
      >
        <TextInput
          id={`${id}-text`}
          name="text"
          type="search"
          label={t("students.filter.text")}
          placeholder={t("students.filter.textPlaceholder")}
          defaultValue={props.text}
          maxLength={100}
          autoComplete="off"
          class="sm:col-span-2"
        />
        {choice("school", "schoolId", "school", props.schools, props.schoolId)}
        {choice("program", "programId", "program", programs, props.programId)}
        {choice(
          "status",
          "status",
          "status",
          STATUSES.map((s) => ({ value: s, label: t(`students.status.${s}`) })),
          props.status,
        )}
        {choice("year", "admissionYear", "admissionYear", years, props.admissionYear)}
        {props.limit !== null && <input type="hidden" name="limit" value={String(props.limit)} />}
        <div class="flex items-end gap-3 sm:col-span-2 lg:col-span-6">
          <button type="submit" class={buttonClass("primary", "md")}>{t("common.apply")}</button>
          {props.filtered && (
            <a href={props.action} class="px-2 py-2 text-sm text-primary-700 hover:underline">
              {t("students.filter.clear")}
            </a>
          )}
        </div>
      </form>
    </FilterPanel>
  );
}
