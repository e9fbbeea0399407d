import { levelOptions, statusOptions } from "../../components/structure/labels.ts";
import { LEVELS, PROGRAM_STATUSES } from "../../utils/structure_values.ts";
import {
  hrefWith,
  type ListUrlState,
  readListState,
  readNumber,
} from "../../components/structure/list_query.ts";
import { SearchForm } from "../../components/structure/search_form.tsx";
import { StructureTabs } from "../../components/structure/structure_tabs.tsx";
import { DEFAULT_PAGE_SIZE, Paginator, Select } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type ProgramRowData, StructurePrograms } from "../../islands/structure/programs.tsx";
import type { Level, ProgramStatus, School } from "../../services/academic/model.ts";
import { listAllSchools } from "../../services/structure/mod.ts";
import { listPrograms, type ProgramQuery, type ProgramView } from "../../services/structure/views.ts";
import type { AppState } from "../../http/app_state.ts";

const VIEW = "menu.learningProcesses.structure";

export const meta: RouteMeta = { titleKey: "sections.specials", permission: VIEW };

interface ProgramsPage {
  query: ListUrlState & Pick<ProgramQuery, "schoolId" | "level" | "status">;
  rows: ProgramView[];
  total: number;
  schools: School[];
}

function readQuery(url: URL): ProgramsPage["query"] {
  const status = url.searchParams.get("status") as ProgramStatus;
  return {
    ...readListState(url),
    schoolId: readNumber(url, "schoolId"),
    level: readNumber(url, "level", LEVELS) as Level | undefined,
    status: PROGRAM_STATUSES.includes(status) ? status : undefined,
  };
}

/** Educational programs: one page of them, filtered by text, school, level and status from the URL. */
export const handler: Handlers<ProgramsPage, AppState> = {
  async GET({ url, render }) {
    const query = readQuery(url);
    const schools = await listAllSchools();
    let listing = await listPrograms(query);
    // A page past the end (rows removed since the link was made) shows the last page instead.
    if (listing.data.length === 0 && listing.total > 0) {
      query.page = Math.ceil(listing.total / query.limit);
      listing = await listPrograms(query);
    }
    return render({ query, rows: listing.data, total: listing.total, schools });
  },
};

export default function ProgramsPage({ data, state, url }: PageProps<ProgramsPage, AppState>) {
  const { t, lang, auth } = state;
  const { query } = data;
  const en = lang === "en";
  const schoolLabel = (s: { code: string; nameKa: string; nameEn: string }) =>
    `${s.code} — ${en ? s.nameEn : s.nameKa}`;
  const rows: ProgramRowData[] = data.rows.map((p) => ({
    id: p.id,
    code: p.code,
    nameKa: p.nameKa,
    nameEn: p.nameEn,
    schoolId: p.schoolId,
    schoolName: en ? p.schoolNameEn : p.schoolNameKa,
    level: p.level,
    credits: p.credits,
    language: p.language,
    status: p.status,
    versionstamp: p.versionstamp,
  }));
  const filtered = query.text !== "" || query.schoolId !== undefined || query.level !== undefined ||
    query.status !== undefined;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("menu.structure")}</h1>
      <StructureTabs t={t} selected="specials" />
      <div id="structure-panel" role="tabpanel" aria-labelledby="structure-tab-specials" class="space-y-4">
        <SearchForm
          t={t}
          id="programs-search"
          action="/structure/specials"
          text={query.text}
          filtered={filtered}
          limit={query.limit === DEFAULT_PAGE_SIZE ? undefined : query.limit}
        >
          <Select
            id="programs-search-school"
            name="schoolId"
            label={t("structure.fields.school")}
            placeholder={t("structure.filters.allSchools")}
            defaultValue={query.schoolId === undefined ? "" : String(query.schoolId)}
            options={data.schools.map((s) => ({ value: String(s.id), label: schoolLabel(s) }))}
            class="w-full sm:w-64"
          />
          <Select
            id="programs-search-level"
            name="level"
            label={t("structure.fields.level")}
            placeholder={t("structure.filters.allLevels")}
            defaultValue={query.level === undefined ? "" : String(query.level)}
            options={levelOptions(t)}
            class="w-full sm:w-48"
          />
          <Select
            id="programs-search-status"
            name="status"
            label={t("structure.fields.status")}
            placeholder={t("structure.filters.allStatuses")}
            defaultValue={query.status ?? ""}
            options={statusOptions(t)}
            class="w-full sm:w-40"
          />
        </SearchForm>
        <StructurePrograms
          rows={rows}
          lang={lang}
          schools={data.schools.map((s) => ({ id: s.id, name: schoolLabel(s) }))}
          canAdd={auth.can(`${VIEW}.add`)}
          canEdit={auth.can(`${VIEW}.edit`)}
          canRemove={auth.can(`${VIEW}.remove`)}
        />
        <Paginator
          id="programs-pages"
          total={data.total}
          page={query.page}
          limit={query.limit}
          hrefFor={(page, limit) => hrefWith(url, { page, limit })}
        />
      </div>
    </section>
  );
}
