import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { REPORTS_KEY, reportsFor } from "../../services/reports/catalogue.ts";
import type { ReportId } from "../../services/reports/model.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.reports", permission: REPORTS_KEY };

interface Data {
  reports: { id: ReportId; permission: string }[];
}

/** Issue 22: the catalogue of standard reports, only those whose own key the person holds. */
export const handler: Handlers<Data, AppState> = {
  GET({ state, render }) {
    const reports = reportsFor((key) => state.auth.can(key)).map((r) => ({
      id: r.id,
      permission: r.permission,
    }));
    return render({ reports });
  },
};

export default function ReportsPage({ data, state }: PageProps<Data, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("reports.title")}</h1>
      <p class="max-w-3xl text-sm text-gray-600">{t("reports.intro")}</p>
      {data.reports.length === 0
        ? <p class="text-sm text-gray-600">{t("reports.empty")}</p>
        : (
          <ul class="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="report-catalogue">
            {data.reports.map((r) => (
              <li key={r.id} class="rounded-lg border border-gray-200 bg-white p-4">
                <h2 class="text-base font-semibold">
                  <a class="text-primary-700 underline" href={`/reports/${r.id}`}>
                    {t(`reports.names.${r.id}`)}
                  </a>
                </h2>
                <p class="mt-1 text-sm text-gray-600">{t(`reports.descriptions.${r.id}`)}</p>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
