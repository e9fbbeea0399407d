import { hrListHref, type HrQuery, readHrQuery } from "../../components/hr/hr_query.ts";
import { type HrRowData, KINDS, type SchoolChoice, toHrRow } from "../../components/hr/hr_row.ts";
import { HrSearchForm } from "../../components/hr/hr_search_form.tsx";
import { HrEditButton, HrTable } from "../../components/hr/hr_table.tsx";
import { Paginator, Tabs } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { HrListEditor } from "../../islands/hr/list.tsx";
import {
  hrAsSeenBy,
  type HrRecord,
  type HrViewer,
  isOwnHrRecord,
  listHr,
  schoolChoices,
} from "../../services/hr/mod.ts";
import { visiblePersonalFields } from "../../services/identity/personal_data.ts";
import { identityTag, memoByIdentity } from "../../utils/identity_tag.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.hr", permission: "menu.hr" };

interface HrPage {
  query: HrQuery;
  rows: HrRowData[];
  total: number;
  schools: SchoolChoice[];
}

/** Academic and administrative personnel: one tab each, searched and paged through the URL. */
export const handler: Handlers<HrPage, AppState> = {
  async GET({ url, state, render }) {
    const query = readHrQuery(url);
    const [schools, first] = await Promise.all([
      schoolChoices(state.lang),
      listHr({ ...query, lang: state.lang }),
    ]);
    let listing = first;
    // A page past the end (a bookmark older than the data) shows the last page instead.
    if (listing.items.length === 0 && listing.total > 0) {
      query.page = Math.ceil(listing.total / query.limit);
      listing = await listHr({ ...query, lang: state.lang });
    }
    const viewer = { user: state.identity!.user, keys: state.auth };
    // What a record other than the viewer's own shows depends only on the viewer's keys.
    const seen = `${[...visiblePersonalFields(viewer.keys)].join()}\u0000${identityTag(schools)}`;
    return render({
      query,
      rows: listing.items.map((record) =>
        isOwnHrRecord(viewer.user, record.value)
          ? toHrRow(hrAsSeenBy(record, viewer), namesOf(schools))
          : rowAsSeen(record, seen, viewer, schools)
      ),
      total: listing.total,
      schools,
    });
  },
};

const namesOf = memoByIdentity((schools: SchoolChoice[]) => new Map(schools.map((s) => [s.id, s.name])));

/**
 * A snapshot record's row as seen with a set of visible fields and school names (the key names both), made once:
 * the snapshot replaces its records when personnel change, never changes one in place. Frozen, so the table's
 * kept row (components/ui/kept_row.tsx) finds its markup by a short key of its own.
 */
const rowAsSeen = memoByIdentity((
  record: HrRecord,
  _seen: string,
  viewer: HrViewer,
  schools: SchoolChoice[],
) => Object.freeze(toHrRow(hrAsSeenBy(record, viewer), namesOf(schools))));

export default function HrListPage({ data, state }: PageProps<HrPage, AppState>) {
  const { t, lang, auth } = state;
  const { query } = data;
  const canAdd = auth.can("menu.hr.add");
  const canEdit = auth.can("menu.hr.edit");
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("sections.hr")}</h1>
      <Tabs
        id="hr-kind"
        label={t("hr.tabs")}
        selected={query.kind}
        panelId="hr-panel"
        tabs={KINDS.map((kind) => ({
          key: kind,
          label: t(`hr.kind.${kind}`),
          href: hrListHref({ ...query, kind, page: 1 }),
        }))}
      />
      <div id="hr-panel" role="tabpanel" aria-labelledby={`hr-kind-tab-${query.kind}`} class="space-y-4">
        <HrSearchForm t={t} query={query} schools={data.schools} />
        <HrTable
          rows={data.rows}
          lang={lang}
          actions={canEdit ? (row) => <HrEditButton row={row} lang={lang} /> : undefined}
        />
        {(canAdd || canEdit) && <HrListEditor schools={data.schools} kind={query.kind} canAdd={canAdd} />}
        <Paginator
          id="hr-pages"
          total={data.total}
          page={query.page}
          limit={query.limit}
          hrefFor={(page, limit) => hrListHref({ ...query, page, limit })}
        />
      </div>
    </section>
  );
}
