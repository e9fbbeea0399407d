/**
 * A report as .xlsx: every row its filter gives (the preview's pages end to end), built in a worker within the
 * person's export slot (files/export_slots.ts: one at a time each, a few at once in all). Text cells are written
 * as text, so a value starting with = + - @ never becomes a formula (files/xlsx_export.ts).
 */
import { withExportSlot } from "../files/export_slots.ts";
import type { XlsxCell } from "../files/xlsx_export.ts";
import { toXlsxOffThread } from "../files/xlsx_off_thread.ts";
import { type ReportFilters, REPORTS } from "./catalogue.ts";
import {
  type ReportDefinition,
  type ReportId,
  type ReportRow,
  type ReportViewer,
  visibleColumns,
} from "./model.ts";

export function exportReport<K extends ReportId>(
  id: K,
  filter: ReportFilters[K],
  viewer: ReportViewer,
): Promise<Uint8Array> {
  const report = REPORTS[id] as ReportDefinition<ReportFilters[K]>;
  return withExportSlot(viewer.userId, async () => {
    const { rows } = await report.run(filter, viewer, null);
    const columns = visibleColumns(report.columns, viewer);
    const headers = columns.map((c) => viewer.t(`reports.columns.${c.key}`));
    const toRow = (row: ReportRow): XlsxCell[] => columns.map((c) => row[c.key] ?? null);
    return toXlsxOffThread(viewer.t(`reports.names.${id}`), headers, rows, toRow);
  });
}
