/** One page of a report as the API answers it and the /reports/{id} page first renders it. */
import { type ReportFilters, REPORTS } from "./catalogue.ts";
import {
  type ColumnKind,
  type ReportDefinition,
  type ReportId,
  type ReportRow,
  type ReportViewer,
  visibleColumns,
} from "./model.ts";

export const DEFAULT_REPORT_LIMIT = 20;

export interface ReportPreview {
  report: ReportId;
  title: string;
  columns: { key: string; label: string; kind: ColumnKind }[];
  rows: ReportRow[];
  total: number;
  page: number;
  limit: number;
}

export async function previewReport<K extends ReportId>(
  id: K,
  filter: ReportFilters[K],
  viewer: ReportViewer,
  page = 1,
  limit = DEFAULT_REPORT_LIMIT,
): Promise<ReportPreview> {
  const report = REPORTS[id] as ReportDefinition<ReportFilters[K]>;
  const { rows, total } = await report.run(filter, viewer, { page, limit });
  return {
    report: id,
    title: viewer.t(`reports.names.${id}`),
    columns: visibleColumns(report.columns, viewer).map((c) => ({
      key: c.key,
      label: viewer.t(`reports.columns.${c.key}`),
      kind: c.kind,
    })),
    rows,
    total,
    page,
    limit,
  };
}
