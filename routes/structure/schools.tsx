import { hrefWith, type ListUrlState, readListState } from "../../components/structure/list_query.ts";
import { SearchForm } from "../../components/structure/search_form.tsx";
import { StructureTabs } from "../../components/structure/structure_tabs.tsx";
import { DEFAULT_PAGE_SIZE, Paginator } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type SchoolRowData, StructureSchools } from "../../islands/structure/schools.tsx";
import {
  type DeanChoice,
  deanChoices,
  listSchools,
  type SchoolView,
} from "../../services/structure/views.ts";
import type { AppState } from "../../http/app_state.ts";

const VIEW = "menu.learningProcesses.structure";

export const meta: RouteMeta = { titleKey: "sections.schools", permission: VIEW };

interface SchoolsPage {
  query: ListUrlState;
  rows: SchoolView[];
  total: number;
  deans: DeanChoice[];
}

/** Educational units: one page of them, filtered by the text in the URL. */
export const handler: Handlers<SchoolsPage, AppState> = {
  async GET({ url, render }) {
    const query = readListState(url);
    let listing = await listSchools(query);
    // A page past the end (rows removed since the link was made) shows the last page instead.
    if (listing.data.length === 0 && listing.total > 0) {
      query.page = Math.ceil(listing.total / query.limit);
      listing = await listSchools(query);
    }
    const deans = await deanChoices(listing.data.flatMap((s) => s.deanHrId === null ? [] : [s.deanHrId]));
    return render({ query, rows: listing.data, total: listing.total, deans });
  },
};

export default function SchoolsPage({ data, state, url }: PageProps<SchoolsPage, AppState>) {
  const { t, lang, auth } = state;
  const { query } = data;
  const en = lang === "en";
  const rows: SchoolRowData[] = data.rows.map((s) => ({
    id: s.id,
    code: s.code,
    nameKa: s.nameKa,
    nameEn: s.nameEn,
    deanHrId: s.deanHrId,
    deanName: en ? s.deanNameEn : s.deanNameKa,
    programCount: s.programCount,
    versionstamp: s.versionstamp,
  }));
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("menu.structure")}</h1>
      <StructureTabs t={t} selected="schools" />
      <div id="structure-panel" role="tabpanel" aria-labelledby="structure-tab-schools" class="space-y-4">
        <SearchForm
          t={t}
          id="schools-search"
          action="/structure/schools"
          text={query.text}
          filtered={query.text !== ""}
          limit={query.limit === DEFAULT_PAGE_SIZE ? undefined : query.limit}
        />
        <StructureSchools
          rows={rows}
          lang={lang}
          deans={data.deans.map((d) => ({ id: d.id, name: en ? d.nameEn : d.nameKa }))}
          canAdd={auth.can(`${VIEW}.add`)}
          canEdit={auth.can(`${VIEW}.edit`)}
          canRemove={auth.can(`${VIEW}.remove`)}
        />
        <Paginator
          id="schools-pages"
          total={data.total}
          page={query.page}
          limit={query.limit}
          hrefFor={(page, limit) => hrefWith(url, { page, limit })}
        />
      </div>
    </section>
  );
}
