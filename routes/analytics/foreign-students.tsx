import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { CitizenshipStudentsQuery } from "../../http/schemas/analytics.ts";
import { AnalyticsTabs } from "../../components/analytics/analytics_tabs.tsx";
import { ChartCard } from "../../components/analytics/chart_card.tsx";
import { localName, studentName } from "../../components/students/labels.ts";
import { DataTable, Paginator } from "../../components/ui/mod.ts";
import {
  type CitizenshipCount,
  type CitizenshipFigures,
  citizenshipFigures,
  citizenshipStudents,
} from "../../services/analytics/citizenships.ts";
import { PERSONAL_FIELD_KEYS } from "../../services/identity/personal_data.ts";
import { citizenshipName, HOME_CITIZENSHIP } from "../../services/students/citizenship.ts";
import type { IndexedStudent } from "../../services/students/list_index.ts";
import { studentStructure } from "../../services/students/list_index.ts";
import type { Structure } from "../../services/students/structure.ts";
import { AppError, forbidden } from "../../utils/errors.ts";

export const meta: RouteMeta = {
  titleKey: "sections.foreignStudents",
  permission: "menu.reporting.analytics",
};

const LIMIT = 20;

interface Data {
  figures: CitizenshipFigures;
  /** The list shown: one citizenship's students (null: every foreign student). */
  citizenship: string | null;
  page: number;
  rows: IndexedStudent[];
  total: number;
  structure: Structure;
}

/** Issue 22: students by citizenship (personal data: menu.personalInfo.view.country), and who is behind a count. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    if (!state.auth.can(PERSONAL_FIELD_KEYS.citizenship)) throw forbidden();
    const parsed = CitizenshipStudentsQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) {
      throw new AppError(422, "invalid", "errors.invalid", {
        fields: Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), { key: "errors.invalidFormat" }]),
        ),
      });
    }
    const { page = 1, citizenship } = parsed.data;
    const [figures, found, structure] = await Promise.all([
      citizenshipFigures({}, state.lang),
      citizenshipStudents({ citizenship }, page, LIMIT),
      studentStructure(),
    ]);
    return render({
      figures,
      citizenship: citizenship ?? null,
      page,
      rows: found.rows,
      total: found.total,
      structure,
    });
  },
};

export default function ForeignStudentsPage({ data, state }: PageProps<Data, AppState>) {
  const { t, lang } = state;
  const A = "analytics";
  const foreign = data.figures.rows.filter((r) => r.code !== HOME_CITIZENSHIP);
  const listHref = (code: string | null, page = 1) => {
    const q = new URLSearchParams();
    if (code) q.set("citizenship", code);
    if (page > 1) q.set("page", String(page));
    const text = q.toString();
    return `/analytics/foreign-students${text ? `?${text}` : ""}#students`;
  };
  const listTitle = data.citizenship
    ? t(`${A}.studentsOf`, { country: citizenshipName(data.citizenship, lang) })
    : t(`${A}.allForeign`);
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("sections.analytics")}</h1>
      <AnalyticsTabs t={t} selected="foreign-students" />
      <div
        id="analytics-panel"
        role="tabpanel"
        aria-labelledby="analytics-tab-foreign-students"
        class="space-y-6"
      >
        <p data-foreign-total={data.figures.foreign}>
          {t(`${A}.foreignSummary`, { foreign: data.figures.foreign, total: data.figures.total })}
        </p>
        <ChartCard
          id="citizenships"
          title={t(`${A}.byCitizenship`)}
          category={t(`${A}.citizenship`)}
          categories={foreign.map((r) => r.name)}
          series={[{ label: t(`${A}.students`), values: foreign.map((r) => r.count) }]}
          t={t}
          lang={lang}
        />
        <section aria-labelledby="citizenship-counts-title" class="space-y-2">
          <h2 id="citizenship-counts-title" class="text-xl font-semibold">{t(`${A}.citizenshipCounts`)}</h2>
          <DataTable<CitizenshipCount>
            caption={t(`${A}.citizenshipCounts`)}
            rows={data.figures.rows}
            rowKey={(r) => r.code}
            emptyText={t(`${A}.noData`)}
            columns={[
              { key: "name", header: t(`${A}.citizenship`) },
              {
                key: "count",
                header: t(`${A}.students`),
                class: "text-end tabular-nums",
                render: (r) => (
                  <a
                    class="text-primary-700 underline"
                    href={listHref(r.code)}
                    data-citizenship-count={r.code}
                    aria-label={t(`${A}.studentsOf`, { country: r.name }) + `: ${r.count}`}
                  >
                    {r.count.toLocaleString(lang)}
                  </a>
                ),
              },
              { key: "active", header: t("students.status.active"), class: "text-end tabular-nums" },
            ]}
          />
        </section>
        <section id="students" aria-labelledby="citizenship-students-title" class="space-y-2">
          <h2 id="citizenship-students-title" class="text-xl font-semibold">{listTitle}</h2>
          <DataTable<IndexedStudent>
            caption={listTitle}
            rows={data.rows}
            rowKey={(r) => r.id}
            emptyText={t(`${A}.noData`)}
            columns={[
              { key: "id", header: t("students.fields.id"), class: "tabular-nums" },
              {
                key: "name",
                header: t("students.fields.name"),
                render: (r) => (
                  <a class="text-primary-700 underline" href={`/students/${r.id}`}>
                    {studentName(r.student, lang)}
                  </a>
                ),
              },
              {
                key: "program",
                header: t("students.fields.program"),
                render: (r) => localName(data.structure.programs.get(r.programId), lang),
              },
              {
                key: "status",
                header: t("students.fields.status"),
                render: (r) => t(`students.status.${r.student.status}`),
              },
              { key: "admissionYear", header: t("students.fields.admissionYear"), class: "tabular-nums" },
              {
                key: "citizenship",
                header: t(`${A}.citizenship`),
                render: (r) => citizenshipName(r.student.citizenship ?? HOME_CITIZENSHIP, lang),
              },
            ]}
          />
          <Paginator
            id="citizenship-students"
            total={data.total}
            page={data.page}
            limit={LIMIT}
            pageSizes={[LIMIT]}
            hrefFor={(page) => listHref(data.citizenship, page)}
          />
        </section>
      </div>
    </section>
  );
}
