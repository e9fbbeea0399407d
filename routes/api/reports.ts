/**
 * The standard reports (issue 22): the catalogue of those the caller may open, and per report a preview page
 * (`GET /api/reports/{id}`) and its .xlsx (`GET /api/reports/{id}/export`), both declaring the report's own key
 * and taking the one query schema of http/schemas/reports.ts, so the file holds exactly the filter's rows.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { REPORT_QUERIES, ReportCatalogue, ReportPage } from "../../http/schemas/reports.ts";
import { reportViewer } from "../../http/report_viewer.ts";
import type { AppState } from "../../http/app_state.ts";
import { type ReportFilters, REPORTS, REPORTS_KEY, reportsFor } from "../../services/reports/catalogue.ts";
import { exportReport } from "../../services/reports/export.ts";
import { REPORT_IDS, type ReportId } from "../../services/reports/model.ts";
import { previewReport } from "../../services/reports/preview.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import type { ErrorStatus } from "../../utils/errors.ts";

const router = createRouter();
const stateOf = (c: Context) => c.get("state") as AppState;

export const reportCatalogueRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "reportCatalogue",
  permission: REPORTS_KEY,
  summary: "The standard reports the caller may open (each needs its own key, named in `permission`)",
  responses: { 200: { description: "ok", content: { "application/json": { schema: ReportCatalogue } } } },
});

router.openapi(reportCatalogueRoute, (c) => {
  const { auth, t } = stateOf(c);
  const data = reportsFor((key) => auth.can(key)).map((r) => ({
    id: r.id,
    title: t(`reports.names.${r.id}`),
    description: t(`reports.descriptions.${r.id}`),
    permission: r.permission,
  }));
  return c.json({ data }, 200);
});

const pascal = (id: string) => id.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
/** The reports of one section answer 404 for a section that does not exist (and 403 for another professor's list). */
const SECTION_REPORTS: ReadonlySet<ReportId> = new Set(["course_grades", "rosters"]);

function reportRoutes<K extends ReportId>(id: K) {
  const query = REPORT_QUERIES[id];
  const permission = REPORTS[id].permission;
  const notFound: ErrorStatus[] = SECTION_REPORTS.has(id) ? [404] : [];
  const preview = apiRoute({
    method: "get",
    path: `/${id}`,
    operationId: `report${pascal(id)}`,
    permission,
    summary: `Report "${id}": one page of its rows for the filter, with the total and the column names`,
    request: { query },
    errors: notFound,
    responses: { 200: { description: "ok", content: { "application/json": { schema: ReportPage } } } },
  });
  const file = apiRoute({
    method: "get",
    path: `/${id}/export`,
    operationId: `report${pascal(id)}Export`,
    permission,
    summary: `Report "${id}" as .xlsx: every row of the same filter (paging ignored), headers in the ` +
      "request's language; 429 while the caller's previous export is made, 503 when the server is busy",
    request: { query },
    errors: [...notFound, 429, 503],
    responses: {
      200: {
        description: "the spreadsheet",
        content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
      },
    },
  });
  const parsed = (c: Context) => {
    const { page, limit, ...filter } = (c.req as unknown as { valid(t: "query"): Record<string, unknown> })
      .valid("query");
    return {
      page: page as number | undefined,
      limit: limit as number | undefined,
      filter: filter as unknown as ReportFilters[K],
    };
  };
  router.openapi(preview, async (c) => {
    const started = performance.now();
    const { page, limit, filter } = parsed(c);
    const body = await previewReport(id, filter, reportViewer(stateOf(c)), page, limit);
    c.header("server-timing", `report;dur=${(performance.now() - started).toFixed(2)}`);
    return c.json(body, 200);
  });
  router.openapi(file, async (c) => {
    const { filter } = parsed(c);
    const bytes = await exportReport(id, filter, reportViewer(stateOf(c)));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": xlsxDisposition(`report-${id.replace("_", "-")}`),
      "cache-control": "no-store",
    });
  });
  return { preview, file };
}

const registered = REPORT_IDS.map((id) => [id, reportRoutes(id)] as const);
/** Each report's preview, typed one by one, for the islands' typed client (`call("GET /reports/rosters", …)`). */
export const routes = Object.fromEntries(registered.map(([id, r]) => [id, r.preview])) as {
  [K in ReportId]: ReturnType<typeof reportRoutes<K>>["preview"];
};

export default router;
