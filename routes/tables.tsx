import { semesterName } from "../utils/semester_name.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { CachedFragment } from "../framework/islands.ts";
import { ClashList } from "../components/timetable/clash_list.tsx";
import { ScopePicker } from "../components/timetable/scope_picker.tsx";
import { WeekGrid } from "../components/timetable/week_grid.tsx";
import { buttonClass, Select } from "../components/ui/mod.ts";
import { TablesExport, TimetableDatePicker } from "../islands/timetable/toolbar.tsx";
import { loadTables, parseTablesQuery, type TablesData } from "../services/timetable/page.ts";
import type { AppState } from "../http/app_state.ts";
import { now } from "../services/academic/clock.ts";

export const meta: RouteMeta = { titleKey: "menu.table", permission: "menu.table" };

/** SPEC §2.7: the weekly timetable; semester, week and whose timetable live in the URL. */
export const handler: Handlers<TablesData, AppState> = {
  async GET({ url, state, render }) {
    const { user } = state.identity!;
    const data = await loadTables(
      parseTablesQuery(url.searchParams),
      {
        user,
        can: (key) => state.auth.can(key),
      },
      state.lang,
      state.t,
      now(),
    );
    return render(data);
  },
};

export default function Tables({ data, state }: PageProps<TablesData, AppState>) {
  const { t } = state;
  const { keep } = data;
  const groupKeep = Object.fromEntries(Object.entries(keep).filter(([k]) => k !== "group"));
  const pickerKeep: Record<string, string> = keep.group
    ? { group: keep.group, week: data.monday }
    : { week: data.monday };
  const emptyKey = data.scope ? null : data.canAll ? "timetable.empty.choose" : "timetable.empty.none";
  return (
    <section>
      <div class="mb-4 flex flex-wrap items-center gap-3">
        <h1 class="text-2xl font-semibold">{t("menu.table")}</h1>
        {data.scopeLabel && <span class="text-gray-600" data-testid="tables-scope">— {data.scopeLabel}</span>}
        <CachedFragment
          cacheKey={`tables-group\u0000${data.groupId}\u0000${JSON.stringify([groupKeep, data.groups])}`}
          render={() => (
            <form method="get" action="/tables" class="ml-auto flex items-end gap-2">
              {Object.entries(groupKeep).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Select
                id="tables-group"
                name="group"
                label={t("timetable.group")}
                options={data.groups.map((g) => ({ value: String(g.id), label: semesterName(g.label, t) }))}
                defaultValue={data.groupId === null ? "" : String(data.groupId)}
              />
              <button type="submit" class={buttonClass("secondary", "sm")}>{t("timetable.pick.show")}</button>
            </form>
          )}
        />
        {data.exportHref && (
          <TablesExport
            href={data.exportHref}
            hint={t("timetable.export.hint")}
            class={buttonClass("secondary", "sm")}
          />
        )}
      </div>

      {data.canAll && (
        <ScopePicker
          t={t}
          keep={pickerKeep}
          text={data.text}
          matches={data.matches}
          auditoriums={data.auditoriums}
          programs={data.programs}
          auditoriumId={keep.auditorium ?? ""}
          programId={keep.program ?? ""}
        />
      )}

      <ClashList clashes={data.clashes} t={t} />

      <nav class="mb-3 flex flex-wrap items-center gap-2" aria-label={t("timetable.weekNav")}>
        <a href={data.links.previous} class={buttonClass("icon")} rel="prev" data-testid="tables-previous">
          <span aria-hidden="true">‹</span>
          <span class="sr-only">{t("timetable.previousWeek")}</span>
        </a>
        <TimetableDatePicker
          label={data.monthLabel}
          week={data.monday}
          fieldLabel={t("timetable.pickDate")}
          goLabel={t("timetable.pick.show")}
          keep={keep}
        />
        <a href={data.links.next} class={buttonClass("icon")} rel="next" data-testid="tables-next">
          <span aria-hidden="true">›</span>
          <span class="sr-only">{t("timetable.nextWeek")}</span>
        </a>
        <a href={data.links.current} class={buttonClass("secondary", "sm")} data-testid="tables-current">
          {t("timetable.currentWeek")}
        </a>
      </nav>

      {emptyKey
        ? (
          <p class="rounded-lg border border-gray-200 bg-white p-6 text-gray-600" data-testid="tables-empty">
            {t(emptyKey)}
          </p>
        )
        : <WeekGrid days={data.days} t={t} showProfessor={data.scope?.kind !== "professor"} />}
    </section>
  );
}
