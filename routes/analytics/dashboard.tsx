import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { analyticsLabels } from "../../http/analytics_labels.ts";
import { DashboardQuery } from "../../http/schemas/analytics.ts";
import { AnalyticsTabs } from "../../components/analytics/analytics_tabs.tsx";
import { ChartCard } from "../../components/analytics/chart_card.tsx";
import { DashboardFilterForm } from "../../components/analytics/dashboard_filter.tsx";
import { DistributionTable } from "../../components/analytics/distribution_table.tsx";
import { FillTable } from "../../components/analytics/fill_table.tsx";
import { type Dashboard, dashboard, type DashboardFilter } from "../../services/analytics/dashboard.ts";
import { FILL_BANDS } from "../../services/analytics/fill_rates.ts";
import { studentStructure } from "../../services/students/list_index.ts";
import type { School } from "../../services/academic/model.ts";
import { AppError } from "../../utils/errors.ts";

export const meta: RouteMeta = {
  titleKey: "sections.dashboard",
  permission: "menu.reporting.analytics.dashboard",
};

interface Data {
  figures: Dashboard;
  schools: School[];
  /** The filter as typed when it was refused, with each field's message. */
  refused: { query: Record<string, string>; errors: Record<string, string> } | null;
}

/** Issue 22: the university as a whole, as of now — filters in the URL, every chart with its numbers. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const query = Object.fromEntries(url.searchParams);
    for (const [k, v] of Object.entries(query)) if (v === "") delete query[k];
    const labels = analyticsLabels(state.t);
    const schools = (await studentStructure()).schoolList;
    const parsed = DashboardQuery.safeParse(query);
    let errors: Record<string, string> = {};
    if (parsed.success) {
      try {
        return render({ figures: await dashboard(parsed.data, state.lang, labels), schools, refused: null });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 422) throw error;
        for (const [field, e] of Object.entries(error.options.fields ?? {})) {
          errors[field] = state.t(e.key, e.params);
        }
      }
    } else {
      errors = Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0] ?? "query"), state.t("errors.invalidFormat")]),
      );
    }
    // A refused filter shows what was typed with its messages, over the unfiltered figures.
    const figures = await dashboard({} as DashboardFilter, state.lang, labels);
    return render({ figures, schools, refused: { query, errors } }, { status: 422 });
  },
};

export default function DashboardPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const { figures, refused } = data;
  const s = figures.students;
  const reg = figures.registration;
  const A = "analytics";
  const count = (label: string) => ({ label, values: [] as number[] });
  const bars = (id: string, title: string, category: string, rows: { label: string; count: number }[]) => (
    <ChartCard
      id={id}
      title={title}
      category={category}
      categories={rows.map((r) => r.label)}
      series={[{ ...count(t(`${A}.students`)), values: rows.map((r) => r.count) }]}
      t={t}
      lang={lang}
    />
  );
  const percent = (rate: number) => `${(rate * 100).toLocaleString(lang, { maximumFractionDigits: 1 })}%`;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("sections.analytics")}</h1>
      <AnalyticsTabs t={t} selected="dashboard" />
      <div id="analytics-panel" role="tabpanel" aria-labelledby="analytics-tab-dashboard" class="space-y-6">
        <DashboardFilterForm
          t={t}
          lang={lang}
          schools={data.schools}
          semesters={figures.semesters}
          values={refused?.query ?? {
            schoolId: figures.filter.schoolId === null ? "" : String(figures.filter.schoolId),
            status: figures.filter.status ?? "",
            groupId: figures.filter.groupId === null ? "" : String(figures.filter.groupId),
            from: figures.filter.from,
            to: figures.filter.to,
          }}
          errors={refused?.errors ?? {}}
        />
        <h2 class="text-xl font-semibold">{t(`${A}.studentsTitle`)}</h2>
        <p data-total-students={s.total}>{t(`${A}.totalStudents`, { count: s.total })}</p>
        <div class="grid gap-4 lg:grid-cols-2">
          {bars("by-status", t(`${A}.byStatus`), t("students.fields.status"), s.byStatus)}
          {bars("by-school", t(`${A}.bySchool`), t("students.fields.school"), s.bySchool)}
          {bars("by-level", t(`${A}.byLevel`), t(`${A}.level`), s.byLevel)}
          {bars("by-year", t(`${A}.byAdmissionYear`), t("students.fields.admissionYear"), s.byAdmissionYear)}
        </div>
        <DistributionTable
          id="by-program"
          title={t(`${A}.byProgram`)}
          category={t("students.fields.program")}
          buckets={[t(`${A}.students`)]}
          rows={s.byProgram.map((p) => ({ key: p.key, label: p.label, counts: [p.count], total: p.count }))}
          t={t}
          lang={lang}
        />

        <h2 class="text-xl font-semibold">{t(`${A}.registrationTitle`)}</h2>
        {reg
          ? (
            <>
              <ChartCard
                id="fill-bands"
                title={t(`${A}.fillBands`)}
                category={t(`${A}.fillRate`)}
                categories={FILL_BANDS}
                series={[{ label: t(`${A}.sections`), values: reg.bands }]}
                t={t}
                lang={lang}
              >
                <p class="text-sm" data-fill-summary>
                  {t(`${A}.fillSummary`, {
                    sections: reg.sections,
                    enrolled: reg.enrolled,
                    capacity: reg.capacity,
                    rate: percent(reg.rate),
                    waitlisted: reg.waitlisted,
                  })}
                </p>
              </ChartCard>
              <div class="grid gap-4 lg:grid-cols-2">
                <FillTable id="fullest" title={t(`${A}.fullest`)} rows={reg.fullest} t={t} lang={lang} />
                <FillTable id="emptiest" title={t(`${A}.emptiest`)} rows={reg.emptiest} t={t} lang={lang} />
              </div>
            </>
          )
          : <p>{t(`${A}.noSemester`)}</p>}

        <h2 class="text-xl font-semibold">{t(`${A}.gradesTitle`)}</h2>
        <div class="grid gap-4 lg:grid-cols-2">
          <ChartCard
            id="grades"
            title={t(`${A}.gradeDistribution`)}
            category={t(`${A}.grade`)}
            categories={s.grades.buckets}
            series={[{ label: t(`${A}.entries`), values: s.grades.overall }]}
            t={t}
            lang={lang}
          />
          <ChartCard
            id="gpa"
            title={t(`${A}.gpaDistribution`)}
            category={t(`${A}.gpaBand`)}
            categories={s.gpa.buckets}
            series={[{ label: t(`${A}.students`), values: s.gpa.overall }]}
            t={t}
            lang={lang}
          >
            <p class="text-sm">{t(`${A}.withoutGpa`, { count: s.gpa.withoutGpa })}</p>
          </ChartCard>
        </div>
        <DistributionTable
          id="grades-school"
          title={t(`${A}.gradesBySchool`)}
          category={t("students.fields.school")}
          buckets={s.grades.buckets}
          rows={s.grades.bySchool}
          t={t}
          lang={lang}
        />
        <DistributionTable
          id="grades-program"
          title={t(`${A}.gradesByProgram`)}
          category={t("students.fields.program")}
          buckets={s.grades.buckets}
          rows={s.grades.byProgram}
          t={t}
          lang={lang}
        />
        <DistributionTable
          id="gpa-school"
          title={t(`${A}.gpaBySchool`)}
          category={t("students.fields.school")}
          buckets={s.gpa.buckets}
          rows={s.gpa.bySchool}
          mean
          t={t}
          lang={lang}
        />
        <DistributionTable
          id="gpa-program"
          title={t(`${A}.gpaByProgram`)}
          category={t("students.fields.program")}
          buckets={s.gpa.buckets}
          rows={s.gpa.byProgram}
          mean
          t={t}
          lang={lang}
        />

        <h2 class="text-xl font-semibold">{t(`${A}.moneyTitle`)}</h2>
        <ChartCard
          id="money"
          title={t(`${A}.moneyByMonth`)}
          category={t(`${A}.month`)}
          categories={figures.money.map((m) => m.month)}
          series={[
            { label: t(`${A}.charged`), values: figures.money.map((m) => m.charged) },
            { label: t(`${A}.credited`), values: figures.money.map((m) => m.credited) },
          ]}
          kind="lines"
          money
          t={t}
          lang={lang}
        />
      </div>
    </section>
  );
}
