/**
 * The course catalogue's benchmark targets (issue "Courses (books) screen", item 10), on the large demo
 * university that bench/academic.ts seeds:
 *   - `bookList` with any filter, in-process (bench/books_list.ts): p95 ≤ 10 ms server time;
 *   - `bookExport` of all 10,000 courses: ≤ 1.5 s (median of five; the slowest is reported beside it);
 *   - the /books page over HTTP, signed in (several sessions, bench/servers/app.ts), at 20 connections: p99 ≤ 25 ms;
 *   - the same page filtered as a bookmark opens it (issue "Signed-in pages three times faster"): p99 ≤ 40 ms.
 * The page's JavaScript (≤ 30 KB gzip before a dialog opens) is a JS_PAGES row of bench/run.ts.
 */
import type { Check } from "./report.ts";
import { p99Check, type TargetSummary } from "./p99_check.ts";
import { fmtMs } from "./report.ts";
import { denoRun, ROOT } from "./server.ts";
import type { BooksTiming } from "./books_list.ts";

const LIST_P95_MS = 10;
const EXPORT_MS = 1500;
const PAGE_P99_MS = 25;
const FILTERED_P99_MS = 40;
const PAGE_CONNECTIONS = 20;

let timing: BooksTiming | null = null;
let timingError = "";

/** Measures the list and the export in-process against the seeded KV (called once by academic.ts). */
export async function prepareBooks(env: Record<string, string>): Promise<void> {
  const [program, ...args] = denoRun("bench/books_list.ts", [
    "--allow-read",
    "--allow-write=./data",
    "--allow-env",
  ]);
  const result = await new Deno.Command(program, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" })
    .output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = /^books-list (\{.*\})$/m.exec(out)?.[1];
  if (!result.success || !line) {
    timingError = out.trim().split("\n").slice(-8).join("\n");
    console.log(`[books] courses list in-process: FAILED\n${timingError}`);
    return;
  }
  timing = JSON.parse(line) as BooksTiming;
  console.log(
    `[books] courses list in-process, ${timing.calls} filtered calls over ${timing.books} courses: list ` +
      `function p50 ${fmtMs(timing.fn.p50)} / p95 ${fmtMs(timing.fn.p95)} ms; API bookList p50 ` +
      `${fmtMs(timing.api.p50)} / p95 ${fmtMs(timing.api.p95)} ms (median ${timing.matchedMedian} matches, ` +
      `${timing.empty} filters matched none); export of ${timing.export.rows} rows median ` +
      `${timing.export.medianMs} ms, slowest ${timing.export.maxMs} ms (${timing.export.bytes} bytes)`,
  );
}

function booksChecks(s: TargetSummary): Check[] {
  const checks: Check[] = [
    {
      name: `courses list API p95 ≤ ${LIST_P95_MS} ms server time (in-process, any filter)`,
      pass: timing !== null && timing.api.p95 <= LIST_P95_MS,
      detail: timing
        ? `p95 ${fmtMs(timing.api.p95)} ms, p50 ${fmtMs(timing.api.p50)} ms over ${timing.calls} calls ` +
          `(list function alone: p95 ${fmtMs(timing.fn.p95)} ms)`
        : `not measured: ${timingError || "no result line"}`,
    },
    {
      name: `courses export of 10,000 rows ≤ ${EXPORT_MS / 1000} s`,
      pass: timing !== null && timing.export.rows >= 10_000 && timing.export.medianMs <= EXPORT_MS,
      detail: timing
        ? `${timing.export.rows} rows: median ${timing.export.medianMs} ms of 5, slowest ${timing.export.maxMs} ms`
        : `not measured: ${timingError || "no result line"}`,
    },
  ];
  checks.push(p99Check(`SSR page /books (10,000 courses)`, s, PAGE_P99_MS));
  return checks;
}

function filteredChecks(s: TargetSummary): Check[] {
  return [p99Check("SSR page /books filtered (type, status, text, conditions)", s, FILTERED_P99_MS)];
}

export const BOOKS_TARGETS = [
  {
    name: "SSR page /books (signed in, 10,000 courses)",
    server: "app-large",
    path: "/books",
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: booksChecks,
  },
  // A filtered page, as a bookmark would open it: "ის" (a common Georgian ending) matches thousands of courses.
  {
    name: "SSR page /books?type=1&status=active&text=ის&conditions=1 (signed in, large)",
    server: "app-large",
    path: `/books?type=1&status=active&text=${encodeURIComponent("ის")}&conditions=1`,
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: filteredChecks,
  },
];
