import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { MinePanel } from "../components/registration/mine_panel.tsx";
import { StaffSectionsTable, StudentSectionsTable } from "../components/registration/sections_table.tsx";
import { HoldsPanel, RosterPanel, WindowForm } from "../components/registration/staff_panels.tsx";
import { Paginator } from "../components/ui/mod.ts";
import { Tabs } from "../components/ui/tabs.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { RegistrationActions } from "../islands/registration/actions.tsx";
import {
  loadRegistrationPage,
  PAGE_SIZE,
  parseRegistrationQuery,
  type RegistrationPageData,
} from "../services/registration/page.ts";
import type { AppState } from "../http/app_state.ts";
import { CachedFragment } from "../framework/islands.ts";

const KEY = "menu.learningProcesses.registration";

export const meta: RouteMeta = { titleKey: "menu.registration", permission: KEY };

/** Issue 19: a student registers for sections; the registrar sees rosters, holds and windows. */
export const handler: Handlers<RegistrationPageData, AppState> = {
  async GET({ url, state, render }) {
    const staff = state.auth.can(`${KEY}.manage`);
    const query = parseRegistrationQuery(url.searchParams, staff);
    const data = await loadRegistrationPage(query, {
      studentId: state.identity!.user.studentId,
      staff,
      canHolds: state.auth.can(`${KEY}.holds`),
    }, state.lang);
    return render(data);
  },
};

export default function RegistrationPage({ data, state }: PageProps<RegistrationPageData, AppState>) {
  const { t, auth } = state;
  const { query } = data;
  const keep = (extra: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    const all = { tab: query.tab, group: data.groupId, q: query.text || null, ...extra };
    for (const [k, v] of Object.entries(all)) {
      if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
    }
    return `/registration?${params}`;
  };
  const tabs = data.staff
    ? [
      {
        key: "sections",
        label: t("registration.tabs.sections"),
        href: keep({ tab: "sections", section: null }),
      },
      { key: "register", label: t("registration.tabs.register"), href: keep({ tab: "register" }) },
      ...(auth.can(`${KEY}.holds`)
        ? [{ key: "holds", label: t("registration.tabs.holds"), href: keep({ tab: "holds" }) }]
        : []),
      ...(auth.can(`${KEY}.settings`)
        ? [{ key: "settings", label: t("registration.tabs.settings"), href: keep({ tab: "settings" }) }]
        : []),
    ]
    : null;
  const listing = query.tab === "register" || query.tab === "sections";
  const content = () => (
    <>
      <h1 class="text-2xl font-semibold">{t("registration.title")}</h1>
      {tabs && <Tabs id="registration" tabs={tabs} selected={query.tab} label={t("registration.title")} />}
      <form method="get" action="/registration" class="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value={query.tab} />
        <label class="flex flex-col text-xs">
          {t("registration.semester")}
          <select name="group" class="rounded border border-gray-300 px-2 py-1 text-sm">
            {data.groups.map((g) => (
              <option key={g.id} value={g.id} selected={g.id === data.groupId}>{g.label}</option>
            ))}
          </select>
        </label>
        {listing && (
          <label class="flex flex-col text-xs">
            {t("registration.search")}
            <input
              name="q"
              value={query.text}
              maxLength={100}
              class="rounded border border-gray-300 px-2 py-1 text-sm"
            />
          </label>
        )}
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("registration.show")}</button>
      </form>
      {query.tab === "register" && data.mine && <MinePanel mine={data.mine} t={t} />}
      {query.tab === "sections" && data.roster && (
        <RosterPanel
          roster={data.roster}
          t={t}
          canExport={auth.can(`${KEY}.export`)}
          dropLate={data.dropLate}
        />
      )}
      {listing && (
        query.tab === "register" && data.mine
          ? <StudentSectionsTable rows={data.rows} t={t} />
          : (
            <StaffSectionsTable
              rows={data.rows}
              t={t}
              href={(id) => keep({ tab: "sections", section: id, page: query.page })}
            />
          )
      )}
      {listing && data.total > PAGE_SIZE && (
        <Paginator
          id="registration-pages"
          page={query.page}
          limit={PAGE_SIZE}
          pageSizes={[PAGE_SIZE]}
          total={data.total}
          hrefFor={(page) => keep({ page })}
        />
      )}
      {query.tab === "holds" && (
        <HoldsPanel holds={data.holds} names={data.holdNames} student={query.student} t={t} />
      )}
      {query.tab === "settings" && data.groupId !== null && (
        <WindowForm groupId={data.groupId} window={data.window} t={t} />
      )}
    </>
  );
  // A student's page made of rows handed back as built (built_pages.ts) is kept whole, under all else it shows.
  const keptAs = !data.staff && query.tab === "register" && data.rowsKey
    ? `registration-student\u0000${data.rowsKey}\u0000${
      // The rows' key names `mine`, the total and the window too: all were built from the same inputs.
      JSON.stringify([query, data.groupId, data.groups])}`
    : null;
  return (
    <section class="space-y-4">
      {keptAs ? <CachedFragment cacheKey={keptAs} render={content} /> : content()}
      <RegistrationActions />
    </section>
  );
}
