import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { type FilterChoices, filterFields } from "../../components/reports/filter_fields.ts";
import { ReportView, type ReportViewProps } from "../../islands/reports/report_view.tsx";
import { REPORT_QUERIES } from "../../http/schemas/reports.ts";
import { reportViewer } from "../../http/report_viewer.ts";
import type { AppState } from "../../http/app_state.ts";
import { listGroups } from "../../services/academic/semesters.ts";
import { type ReportFilters, REPORTS, REPORTS_KEY } from "../../services/reports/catalogue.ts";
import { REPORT_IDS, type ReportId } from "../../services/reports/model.ts";
import { previewReport, type ReportPreview } from "../../services/reports/preview.ts";
import { studentStructure } from "../../services/students/list_index.ts";
import { AppError, forbidden, notFound } from "../../utils/errors.ts";
import { validationError } from "../../utils/validation_error.ts";
import type { Translate } from "../../utils/i18n.ts";

const isReportId = (id: string | undefined): id is ReportId => REPORT_IDS.includes(id as ReportId);

export const meta: RouteMeta = {
  titleKey: (path) => {
    const id = path.split("/")[2];
    return isReportId(id) ? `reports.names.${id}` : undefined;
  },
  permission: REPORTS_KEY,
};

type Data = Omit<ReportViewProps, "exportClass" | "submitClass">;

async function choices(lang: "ka" | "en"): Promise<FilterChoices> {
  const [structure, groups] = await Promise.all([studentStructure(), listGroups()]);
  const named = (x: { nameKa: string; nameEn: string }) => lang === "en" ? x.nameEn || x.nameKa : x.nameKa;
  return {
    schools: structure.schoolList.map((s) => ({ value: String(s.id), label: named(s) })),
    programs: structure.programList.map((p) => ({ value: String(p.id), label: `${p.code} ${named(p)}` })),
    semesters: [...groups].reverse().map((g) => ({ value: String(g.id), label: g.value.seasonYear })),
  };
}

const translated = (error: AppError, t: Translate) =>
  Object.fromEntries(Object.entries(error.options.fields ?? {}).map(([k, f]) => [k, t(f.key, f.params)]));

/**
 * Issue 22: one report. The address's query is parsed by the report's API query schema, so what the page
 * shows first is what the API answers for the same link; a bad filter shows its field errors instead.
 */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, params, state, render }) {
    const id = params.report;
    if (!isReportId(id)) throw notFound("reports");
    if (!state.auth.can(REPORTS[id].permission)) throw forbidden();
    const raw = Object.fromEntries(url.searchParams);
    const fields = filterFields(id, await choices(state.lang), state.t);
    const query = Object.fromEntries(
      fields.map((f) => [f.name, raw[f.name] ?? ""]),
    ) as Record<string, string>;
    // Empty controls send empty values: they mean "no filter", as the island leaves them out.
    const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ""));
    const base = { report: id, fields, query, preview: null as ReportPreview | null, errors: {}, hint: null };
    const parsed = REPORT_QUERIES[id].safeParse(given);
    if (!parsed.success) {
      const sectionMissing = "sectionId" in query && !given.sectionId;
      const errors = translated(validationError(parsed.error.issues, given), state.t);
      if (sectionMissing && Object.keys(errors).length === 1) {
        return render({ ...base, hint: state.t("reports.pickSection") });
      }
      return render({ ...base, errors });
    }
    const { page, limit, ...filter } = parsed.data as Record<string, unknown> & {
      page?: number;
      limit?: number;
    };
    try {
      const preview = await previewReport(
        id,
        filter as unknown as ReportFilters[typeof id],
        reportViewer(state),
        page,
        limit,
      );
      return render({ ...base, preview });
    } catch (e) {
      // A section that does not exist is the filter's mistake, said beside it.
      if (e instanceof AppError && e.status === 404 && "sectionId" in query) {
        return render({ ...base, errors: { sectionId: state.t("errors.notFound") } });
      }
      throw e;
    }
  },
};

export default function ReportPage({ data, state }: PageProps<Data, AppState>) {
  const { t } = state;
  return (
    <section class="space-y-4">
      <p class="text-sm">
        <a class="text-primary-700 underline" href="/reports">{t("reports.back")}</a>
      </p>
      <h1 class="text-2xl font-semibold">{t(`reports.names.${data.report}`)}</h1>
      <p class="max-w-3xl text-sm text-gray-600">{t(`reports.descriptions.${data.report}`)}</p>
      <ReportView
        {...data}
        exportClass={buttonClass("secondary", "sm")}
        submitClass={buttonClass("primary", "sm")}
      />
    </section>
  );
}
