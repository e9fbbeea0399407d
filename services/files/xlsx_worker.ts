/**
 * The worker that builds one spreadsheet (xlsx_off_thread.ts starts it): SheetJS writes a whole workbook in one
 * synchronous call — 2.5 s for 20,000 students — which on the server's own thread would stall every other
 * request. The rows arrive in chunks, the finished file goes back as a transferred buffer.
 */
/// <reference lib="deno.worker" />
import { toXlsx, type XlsxCell } from "./xlsx_export.ts";

export type XlsxWorkerMessage =
  | { kind: "start"; sheetName: string; headers: string[] }
  | { kind: "rows"; rows: XlsxCell[][] }
  | { kind: "end" };

let sheetName = "";
let headers: string[] = [];
let rows: XlsxCell[][] = [];

self.onmessage = (event: MessageEvent<XlsxWorkerMessage>) => {
  const message = event.data;
  if (message.kind === "start") ({ sheetName, headers, rows } = { ...message, rows: [] });
  else if (message.kind === "rows") rows = rows.length ? rows.concat(message.rows) : message.rows;
  else {
    const bytes = toXlsx(sheetName, headers, rows);
    rows = [];
    self.postMessage(bytes, [bytes.buffer]);
  }
};
