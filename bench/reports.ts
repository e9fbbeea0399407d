/**
 * The reports' figures (issue 22) on the large demo university (20,000 students, about 300,000 transcript
 * entries), in-process through `app.request` as the administrator, in a process of its own:
 *   - each report's preview (its first page): the first request after seeding (which loads the snapshots the
 *     server keeps) and the median and p95 of 20 more — target median ≤ 50 ms for every report;
 *   - graduates and withdrawals right after a student withdrew (the held list brought up to date);
 *   - the .xlsx export of the largest reports (every row of the filter, built in the export worker) — target
 *     ≤ 5 s each;
 *   - beside them, a bare prefix scan of the transcripts (what a report computed from them would pay at least).
 * Run: node_modules/.bin/deno run -A bench/reports.ts (exit 1 when a target is missed), or as part of
 * `deno task bench` (`--only=reports`), which runs it in a process of its own.
 */
import { checksFromChild, reportFigures } from "./child_figures.ts";
import { type Check, fmtMs } from "./report.ts";

const PREVIEW_MEDIAN_MS = 50;
const EXPORT_MS = 5_000;
const RUNS = 20;

interface PreviewTiming {
  report: string;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  total: number;
}

interface ExportTiming {
  report: string;
  ms: number;
  rows: number;
  bytes: number;
}

export interface ReportFigures {
  seedSeconds: number;
  students: number;
  transcriptScanMs: number;
  transcripts: number;
  previews: PreviewTiming[];
  /** Graduates and withdrawals again right after one student withdrew (the list brought up to date, not reloaded). */
  leaversAfterWriteMs: number;
  exports: ExportTiming[];
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

async function measure(): Promise<ReportFigures> {
  // Imported here: bench/run.ts imports this file for its checks only, without the app's module graph.
  const { seededApp, sessionToken } = await import("./in_process_app.ts");
  const { DEMO_ACCOUNTS } = await import("../services/seed/accounts.ts");
  const { db } = await import("../services/db/kv.ts");

  const { app, seedSeconds } = await seededApp("large");
  const token = await sessionToken(DEMO_ACCOUNTS.admin.email);
  const headers = { authorization: `Bearer ${token}`, cookie: "lang=en" };

  async function timed(path: string): Promise<{ ms: number; res: Response; body: ArrayBuffer }> {
    const t0 = performance.now();
    const res = await app.request(path, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body)}`);
    return { ms, res, body };
  }
  const json = (body: ArrayBuffer) => JSON.parse(new TextDecoder().decode(body));

  const lists = json((await timed("/api/reports/course_lists?limit=100")).body);
  const section = lists.rows.find((r: { students: number }) => r.students > 0).sectionId;
  const paths: [string, string][] = [
    ["enrolment", "/api/reports/enrolment"],
    ["statuses", "/api/reports/statuses"],
    ["leavers", "/api/reports/leavers"],
    ["course_lists", "/api/reports/course_lists"],
    ["course_grades", `/api/reports/course_grades?sectionId=${section}`],
    ["rosters", `/api/reports/rosters?sectionId=${section}`],
    ["debtors", "/api/reports/debtors"],
  ];
  const previews: PreviewTiming[] = [];
  for (const [report, path] of paths) {
    const first = await timed(path);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push((await timed(path)).ms);
    previews.push({
      report,
      firstMs: first.ms,
      medianMs: pct(runs, 0.5),
      p95Ms: pct(runs, 0.95),
      total: json(first.body).total,
    });
  }

  const active = json((await timed("/api/students?status=active&limit=1")).body).data[0].id;
  const withdrawal = await app.request(`/api/student_status/${active}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", origin: "http://localhost" },
    body: JSON.stringify({ action: "withdraw", reason: "bench", date: "2026-11-20" }),
  });
  if (withdrawal.status !== 201) {
    throw new Error(`withdrawal: ${withdrawal.status} ${await withdrawal.text()}`);
  }
  const leaversAfterWriteMs = (await timed("/api/reports/leavers")).ms;

  const exports: ExportTiming[] = [];
  for (const [report, query] of [["leavers", ""], ["debtors", ""], ["course_lists", ""], ["enrolment", ""]]) {
    const preview = previews.find((p) => p.report === report)!;
    const { ms, body } = await timed(`/api/reports/${report}/export${query}`);
    exports.push({ report, ms, rows: preview.total, bytes: body.byteLength });
  }

  const started = performance.now();
  let transcripts = 0;
  for await (const _ of db().list({ prefix: ["transcripts"] }, { batchSize: 1000 })) transcripts++;
  const transcriptScanMs = performance.now() - started;
  const students = json((await timed("/api/students?limit=1")).body).total;
  return { seedSeconds, students, transcriptScanMs, transcripts, previews, leaversAfterWriteMs, exports };
}

export function reportChecks(f: ReportFigures): Check[] {
  const scan = `bare scan of the ${f.transcripts.toLocaleString("en")} transcript entries ` +
    `${fmtMs(f.transcriptScanMs)} ms`;
  const slowest = f.previews.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  return [
    {
      name: `reports: every preview median ≤ ${PREVIEW_MEDIAN_MS} ms (${
        f.students.toLocaleString("en")
      } students)`,
      pass: f.previews.every((p) => p.medianMs <= PREVIEW_MEDIAN_MS) && f.students >= 20_000,
      detail:
        f.previews.map((p) =>
          `${p.report} ${fmtMs(p.medianMs)} ms (p95 ${fmtMs(p.p95Ms)}, first ${
            fmtMs(p.firstMs)
          }, ${p.total} rows)`
        ).join("; ") + `; slowest ${slowest.report}; graduates and withdrawals right after a withdrawal ` +
        `${fmtMs(f.leaversAfterWriteMs)} ms; ${scan}`,
    },
    {
      name: `reports: .xlsx export of the whole filter ≤ ${EXPORT_MS / 1000} s`,
      pass: f.exports.every((e) => e.ms <= EXPORT_MS),
      detail: f.exports.map((e) => `${e.report} ${fmtMs(e.ms)} ms for ${e.rows} rows (${e.bytes} bytes)`)
        .join("; "),
    },
  ];
}

/** bench/run.ts's reports group, in a process of its own. */
export function runReportBench(): Promise<Check[]> {
  return checksFromChild("reports", "bench/reports.ts", reportChecks);
}

if (import.meta.main) reportFigures(await measure(), reportChecks);
