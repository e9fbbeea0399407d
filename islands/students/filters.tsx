/**
 * The students list's filter: a plain GET form (the filter lives in the URL and works without JavaScript),
 * enhanced here so that the list follows the search text as it is typed (debounced) and a changed select at
 * once. Each change shows the list through client navigation; a burst of typing makes one history entry, so
 * the back button returns to the previous filter rather than to every keystroke. The page region is swapped
 * under the person's fingers; the framework carries the focus, and letters typed meanwhile, onto the new form
 * (framework/client/carry_controls.ts), and the new island searches them when it wakes.
 */
import { useEffect, useState } from "preact/hooks";
import { goTo } from "../../components/ui/navigation.ts";
import { buttonClass, FilterPanel, Select, type SelectOption, TextInput } from "../../components/ui/mod.ts";
import { t } from "../../utils/i18n.ts";

export interface ProgramChoice extends SelectOption {
  schoolId: number;
}

export interface StudentsFiltersProps {
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

export const FILTER_FORM_ID = "students-filter";
const TEXT_ID = `${FILTER_FORM_ID}-text`;
const DEBOUNCE_MS = 250;

// Module state outlives the island: the form is replaced by every navigation it causes.
let timer: ReturnType<typeof setTimeout> | undefined;
/** The history entry the last typing burst created; further typing replaces it. */
let typingEntry: string | null = null;

/** The form's filter as a URL: empty fields left out, page 1 again. */
function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  const query = params.toString();
  return `${form.getAttribute("action")}${query ? `?${query}` : ""}`;
}

function apply(kind: "text" | "select") {
  const form = document.getElementById(FILTER_FORM_ID) as HTMLFormElement | null;
  if (!form) return;
  const href = formHref(form);
  if (href === location.pathname + location.search) return;
  const replace = kind === "text" && typingEntry === location.href;
  goTo(href, replace);
  typingEntry = kind === "text" ? location.href : null;
}

function schedule(kind: "text" | "select") {
  clearTimeout(timer);
  timer = setTimeout(() => apply(kind), kind === "text" ? DEBOUNCE_MS : 0);
}

/** The server HTML depends only on the props and the language (see framework/islands.ts). */
export const ssrCache = true;

export function StudentsFilters(props: StudentsFiltersProps) {
  const [schoolId, setSchoolId] = useState(props.schoolId);
  const [programId, setProgramId] = useState(props.programId);
  useEffect(() => {
    // Letters typed before the island woke (a slow device, a page still loading) were heard by nobody.
    const text = document.getElementById(TEXT_ID) as HTMLInputElement | null;
    if (text && text.value !== props.text) schedule("text");
  }, []);

  const programs = props.programs.filter((p) => !schoolId || String(p.schoolId) === schoolId);
  const onSelect = () => schedule("select");
  const onSubmit = (event: Event) => {
    // Our own URL (without empty fields) instead of the browser's; the framework then swaps the page.
    event.preventDefault();
    clearTimeout(timer);
    typingEntry = null;
    goTo(formHref(event.currentTarget as HTMLFormElement));
  };

  return (
    <FilterPanel
      id="students-filter-panel"
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
        id={FILTER_FORM_ID}
        method="get"
        action={props.action}
        role="search"
        class="grid gap-4 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={onSubmit}
      >
        <TextInput
          id={TEXT_ID}
          name="text"
          type="search"
          label={t("students.filter.text")}
          placeholder={t("students.filter.textPlaceholder")}
          defaultValue={props.text}
          maxLength={100}
          autoComplete="off"
          class="sm:col-span-2"
          onInput={() => schedule("text")}
        />
        <Select
          id={`${FILTER_FORM_ID}-school`}
          name="schoolId"
          label={t("students.fields.school")}
          placeholder={t("common.all")}
          options={props.schools}
          value={schoolId}
          onChange={(event) => {
            setSchoolId(event.currentTarget.value);
            // A program of another school would match nobody.
            const keep = props.programs.find((p) => p.value === programId);
            if (keep && event.currentTarget.value && String(keep.schoolId) !== event.currentTarget.value) {
              setProgramId("");
            }
            onSelect();
          }}
        />
        <Select
          id={`${FILTER_FORM_ID}-program`}
          name="programId"
          label={t("students.fields.program")}
          placeholder={t("common.all")}
          options={programs}
          value={programId}
          onChange={(event) => {
            setProgramId(event.currentTarget.value);
            onSelect();
          }}
        />
        <Select
          id={`${FILTER_FORM_ID}-status`}
          name="status"
          label={t("students.fields.status")}
          placeholder={t("common.all")}
          options={["active", "suspended", "graduated", "withdrawn"].map((s) => ({
            value: s,
            label: t(`students.status.${s}`),
          }))}
          defaultValue={props.status}
          onChange={onSelect}
        />
        <Select
          id={`${FILTER_FORM_ID}-year`}
          name="admissionYear"
          label={t("students.fields.admissionYear")}
          placeholder={t("common.all")}
          options={props.years.map((y) => ({ value: String(y), label: String(y) }))}
          defaultValue={props.admissionYear}
          onChange={onSelect}
        />
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
