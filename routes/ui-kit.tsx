import { Button, Fab, FilterPanel, Select, Spinner } from "../components/ui/mod.ts";
import type { PageProps, RouteMeta } from "../framework/types.ts";
import { UiKitDemo } from "../islands/ui/kit_demo.tsx";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "routes.uiKit" };

const ROWS = Array.from(
  { length: 47 },
  (_, i) => ({ id: i + 1, name: `კურსი ${i + 1}`, credit: (i % 6) + 1 }),
);

/** The shared components in one place: server-rendered ones above, the interactive island below. */
export default function UiKit({ state }: PageProps<unknown, AppState>) {
  const { t } = state;
  return (
    <div class="space-y-8">
      <h1 class="text-2xl font-semibold">{t("routes.uiKit")}</h1>
      <FilterPanel
        id="kit-filter"
        title={t("common.filter")}
        actions={<Button size="sm" variant="secondary">{t("common.export")}</Button>}
      >
        <form method="get" class="grid gap-4 sm:grid-cols-3">
          <Select
            id="kit-status"
            name="status"
            label={t("uiKit.status")}
            options={[{ value: "", label: t("common.all") }, { value: "active", label: t("uiKit.active") }]}
          />
          <div class="flex items-end gap-2">
            <Button type="submit">{t("common.apply")}</Button>
            <Spinner size="sm" label={t("common.loading")} />
          </div>
        </form>
      </FilterPanel>
      <UiKitDemo rows={ROWS} />
      <Fab href="/ui-kit#kit-filter" label={t("common.add")} />
    </div>
  );
}
