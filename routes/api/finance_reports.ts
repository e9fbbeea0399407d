/**
 * Finance reports (API.md: financeReport): debtors as of a date, or what was charged and collected in a period
 * grouped by school or program — every total from the ledger's own entries — and each as .xlsx.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Report, ReportQuery } from "../../http/schemas/finances.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { type StudentMoney, studentMoney } from "../../services/finances/balances.ts";
import { debtorsXlsx, periodXlsx } from "../../services/finances/exports.ts";
import { addDays } from "../../services/finances/projection.ts";
import { type PeriodReport, periodReport } from "../../services/finances/reports.ts";
import { XLSX_CONTENT_TYPE, xlsxDisposition } from "../../services/files/xlsx_export.ts";
import { today } from "../../services/registration/windows.ts";
import { FINANCES } from "./finance_params.ts";

const router = createRouter();
const REPORTS = `${FINANCES}.reports`;

type Query = z.infer<typeof ReportQuery>;

type Result =
  | { kind: "debtors"; debtors: StudentMoney[]; totals: { balance: number; overdue: number } }
  | ({ kind: "period" } & PeriodReport);

async function run(q: Query, c: Context): Promise<Result> {
  const lang = stateOf(c).lang;
  const date = q.date ?? today();
  if (q.kind === "debtors") {
    const { rows, totals } = await studentMoney({ debtors: true }, date, null, lang);
    return { kind: "debtors", debtors: rows, totals: totals! };
  }
  const to = q.to ?? date;
  return { kind: "period", ...await periodReport(q.from ?? addDays(to, -30), to, q.groupBy, lang) };
}

export const financeReportRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "financeReport",
  permission: REPORTS,
  summary:
    "`kind=debtors`: students who owe as of `date`, with totals; `kind=period`: entries from `from` to `to` " +
    "summed per kind and grouped by school or program, with the total",
  request: { query: ReportQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: Report } } } },
});

router.openapi(financeReportRoute, async (c) => c.json(await run(c.req.valid("query"), c), 200));

export const financeReportExportRoute = apiRoute({
  method: "get",
  path: "/export",
  operationId: "financeReportExport",
  permission: REPORTS,
  summary: "The same report as .xlsx (amounts in GEL)",
  request: { query: ReportQuery },
  responses: {
    200: {
      description: "the spreadsheet",
      content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

router.openapi(financeReportExportRoute, async (c) => {
  const report = await run(c.req.valid("query"), c);
  const t = stateOf(c).t;
  const bytes = report.kind === "debtors" ? debtorsXlsx(report.debtors, t) : periodXlsx(report, t);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": XLSX_CONTENT_TYPE,
    "content-disposition": xlsxDisposition(`finance-${report.kind}`),
    "cache-control": "no-store",
  });
});

export default router;
