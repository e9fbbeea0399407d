import { citizenshipChoices } from "../../services/students/citizenship.ts";
import {
  isFiltered,
  readStudentListState,
  studentExportHref,
  studentListHref,
  type StudentListState,
} from "../../components/students/filter_query.ts";
import { localName } from "../../components/students/labels.ts";
import { StudentsTable } from "../../components/students/students_table.tsx";
import { DEFAULT_PAGE_SIZE, Paginator } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { StudentsFilterForm } from "../../components/students/filter_form.tsx";
import { StudentsFilterBehavior } from "../../islands/students/filter_behavior.tsx";
import { StudentForm } from "../../islands/students/form.tsx";
import { findStudents } from "../../services/students/list_index.ts";
import { listRow, type Structure, type StudentListRow } from "../../services/students/structure.ts";
import { lastAdmissionYear } from "../../services/students/rules.ts";
import { studentFieldsSeenBy } from "../../services/students/personal.ts";
import { PERSONAL_FIELD_KEYS, withoutHiddenPersonal } from "../../services/identity/personal_data.ts";
import type { AppState } from "../../http/app_state.ts";
import { frozen, memoByIdentity } from "../../utils/identity_tag.ts";
import type { Lang } from "../../utils/i18n.ts";

export const meta: RouteMeta = { titleKey: "menu.students", permission: "menu.students" };

interface StudentsPage {
  query: StudentListState;
  rows: StudentListRow[];
  total: number;
  structure: Structure;
  years: number[];
}

/** The registry: one page of students matching the filter in the URL, newest first. */
export const handler: Handlers<StudentsPage, AppState> = {
  async GET({ url, state, render }) {
    const started = performance.now();
    const query = readStudentListState(url);
    let found = await findStudents(query.filter, query);
    // A page past the end (a bookmark from a longer list) shows the last page instead.
    if (found.rows.length === 0 && found.total > 0) {
      query.page = Math.ceil(found.total / query.limit);
      found = await findStudents(query.filter, query);
    }
    return render({
      query,
      rows: found.rows.map((row) =>
        withoutHiddenPersonal(
          listRow(row, found.structure),
          studentFieldsSeenBy(state.auth, state.identity!.user, row.student),
        )
      ),
      total: found.total,
      structure: found.structure,
      years: found.admissionYears,
    }, { headers: { "server-timing": `filter;dur=${(performance.now() - started).toFixed(2)}` } });
  },
};

export default function StudentsPage({ data, state }: PageProps<StudentsPage, AppState>) {
  const { t, lang, auth } = state;
  const { query, structure } = data;
  const { filter } = query;
  const filtered = isFiltered(filter);
  const listHref = (page: number, limit: number) => studentListHref(filter, page, limit);
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-baseline justify-between gap-2">
        <h1 class="text-2xl font-semibold">{t("students.title")}</h1>
        <p class="text-sm text-gray-600" data-testid="students-total">
          {t("students.found", { count: data.total })}
        </p>
      </div>
      <StudentsFilterForm
        action="/students"
        text={filter.text ?? ""}
        schoolId={filter.schoolId ? String(filter.schoolId) : ""}
        programId={filter.programId ? String(filter.programId) : ""}
        status={filter.status ?? ""}
        admissionYear={filter.admissionYear ? String(filter.admissionYear) : ""}
        limit={query.limit === DEFAULT_PAGE_SIZE ? null : query.limit}
        schools={schoolChoices(structure.schoolList, lang)}
        programs={programChoices(structure.programList, lang)}
        years={data.years}
        exportHref={auth.can("menu.students.export") ? studentExportHref(filter) : null}
        filtered={filtered}
      />
      <StudentsFilterBehavior />
      <StudentsTable
        rows={data.rows}
        t={t}
        lang={lang}
        emptyText={t(filtered ? "students.emptyFiltered" : "students.empty")}
      />
      <Paginator
        id="students-pages"
        total={data.total}
        page={query.page}
        limit={query.limit}
        hrefFor={listHref}
      />
      {auth.can("menu.students.add") && (
        <StudentForm
          mode="add"
          programs={activeProgramChoices(structure.programList, lang)}
          maxYear={lastAdmissionYear()}
          countries={citizenshipChoices(lang)}
          hidden={auth.can(PERSONAL_FIELD_KEYS.citizenship) ? [] : ["citizenship"]}
        />
      )}
    </section>
  );
}

// The option lists are made once per copy of the structure and language: the filter's kept markup is keyed by
// their identity, and the form island's list, frozen, is serialized once (framework/serialize.ts), not per request.
const programLabel = (p: { code: string; nameKa: string; nameEn: string }, lang: Lang) =>
  `${p.code} — ${localName(p, lang)}`;
const schoolChoices = memoByIdentity((schools: Structure["schoolList"], lang) =>
  schools.map((s) => ({ value: String(s.id), label: programLabel(s, lang as Lang) }))
);
const programChoices = memoByIdentity((programs: Structure["programList"], lang) =>
  programs.map((p) => ({ value: String(p.id), label: programLabel(p, lang as Lang), schoolId: p.schoolId }))
);
const activeProgramChoices = memoByIdentity((programs: Structure["programList"], lang) =>
  frozen(
    programs.filter((p) => p.status === "active").map((p) => ({
      value: String(p.id),
      label: programLabel(p, lang as Lang),
    })),
  )
);
