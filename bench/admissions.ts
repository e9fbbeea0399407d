/**
 * Admissions' figures (issue 23), standalone: `deno run -A bench/admissions.ts [--duration=5]`.
 *   - GET /online-register (the public form, no session) at 50 connections on the app server with the
 *     production flags and the small demo university — target p99 ≤ 10 ms — beside GET /login (the other
 *     public page, no script either) and a bare `Deno.serve`, measured in the same run;
 *   - one diploma supplement PDF for a graduate with 60 courses (in-process, warm) — target ≤ 300 ms;
 *   - 200 supplements as one .zip — target ≤ 30 s.
 * Prints a table and exits 1 when a target is missed (--report-only: always 0).
 */
import { measure, resolveLoadTool } from "./load.ts";
import { denoRun, productionServeFlags, startServer, stopAllServers, temporaryKv } from "./server.ts";
import { fmtMs, machineLines, table } from "./report.ts";
import { closeDb, db, openDb } from "../services/db/kv.ts";
import { addGraduate } from "../services/lifecycle/test_fixtures.ts";
import { supplementPdf } from "../services/lifecycle/supplement.ts";
import { supplementBatch } from "../services/lifecycle/supplement_batch.ts";
import type { Student } from "../services/academic/model.ts";
import { alumnusKey } from "../services/lifecycle/status.ts";

const FORM_P99_MS = 10;
const PDF_MS = 300;
const BATCH_S = 30;
const duration = Number(Deno.args.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? 5);
const reportOnly = Deno.args.includes("--report-only");

console.log((await machineLines()).join("\n"));
const tool = await resolveLoadTool();

// 1. The public form under load, beside the bare baseline.
const kvPath = temporaryKv("admissions");
const app = await startServer({
  name: "app server (small demo university)",
  cmd: denoRun("bench/servers/app.ts", await productionServeFlags()),
  env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: kvPath },
  readyPath: "/api/system/health",
  timeoutMs: 120_000,
});
const bare = await startServer({
  name: "bare Deno.serve",
  cmd: denoRun("bench/servers/bare.ts", ["--allow-net", "--allow-env"]),
  env: { HOST: "127.0.0.1", PORT: "0" },
});
let form, baseline, login;
try {
  login = await measure({ name: "GET /login", url: `${app.origin}/login`, connections: 50, duration, tool });
  form = await measure({
    name: "GET /online-register",
    url: `${app.origin}/online-register`,
    connections: 50,
    duration,
    tool,
  });
  baseline = await measure({
    name: "bare Deno.serve",
    url: `${bare.origin}/`,
    connections: 50,
    duration,
    tool,
  });
} finally {
  await stopAllServers();
}

// 2. Supplements, in-process on a :memory: KV.
await openDb(":memory:");
await addGraduate(1, 60);
await supplementPdf(1, "ka"); // warm: fonts read and parsed once per process
const times: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await supplementPdf(1, i % 2 ? "en" : "ka");
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pdfMedian = times[Math.floor(times.length / 2)];
const pdfMax = times.at(-1)!;

// 199 more graduates of the same year (copies of the first, each with its own transcript).
const first = (await db().get<Student>(["students", 1])).value!;
for (let id = 2; id <= 200; id++) {
  const atomic = db().atomic().set(["students", id], {
    ...first,
    id,
    personalNumber: String(10_000_000_000 + id),
  })
    .set(alumnusKey(2026, first.programId, id), {
      studentId: id,
      programId: first.programId,
      year: 2026,
      date: "2026-07-01",
      gpa: null,
      credits: 0,
    })
    .set(["alumni_by_student", id], [2026, first.programId]);
  for await (const e of db().list({ prefix: ["transcripts", 1] })) {
    atomic.set(["transcripts", id, e.key[2]], e.value);
  }
  await atomic.commit();
}
const batchStarted = performance.now();
const zip = await supplementBatch(2026, "ka");
const batchSeconds = (performance.now() - batchStarted) / 1000;
await closeDb();

const rows = [
  [
    "GET /online-register, 50 connections",
    `${Math.round(form.rps)}/s`,
    `p50 ${fmtMs(form.p50)} / p99 ${fmtMs(form.p99)} ms`,
    `p99 ≤ ${FORM_P99_MS} ms`,
  ],
  [
    "  GET /login, same run (the other public page)",
    `${Math.round(login.rps)}/s`,
    `p50 ${fmtMs(login.p50)} / p99 ${fmtMs(login.p99)} ms`,
    "",
  ],
  [
    "  bare Deno.serve, same run",
    `${Math.round(baseline.rps)}/s`,
    `p50 ${fmtMs(baseline.p50)} / p99 ${fmtMs(baseline.p99)} ms`,
    "",
  ],
  [
    "one supplement PDF, 60 courses",
    "",
    `median ${fmtMs(pdfMedian)} / max ${fmtMs(pdfMax)} ms`,
    `≤ ${PDF_MS} ms`,
  ],
  [
    "200 supplements as one .zip",
    `${(zip.byteLength / 1024 / 1024).toFixed(1)} MB`,
    `${batchSeconds.toFixed(1)} s`,
    `≤ ${BATCH_S} s`,
  ],
];
console.log(`\nload tool: ${tool}\n` + table(["what", "throughput / size", "time", "target"], rows));
const missed = [
  form.p99 > FORM_P99_MS && `/online-register p99 ${form.p99} ms > ${FORM_P99_MS} ms`,
  pdfMedian > PDF_MS && `supplement ${pdfMedian.toFixed(0)} ms > ${PDF_MS} ms`,
  batchSeconds > BATCH_S && `batch ${batchSeconds.toFixed(1)} s > ${BATCH_S} s`,
].filter(Boolean);
for (const m of missed) console.log(`MISSED: ${m}`);
Deno.exit(missed.length && !reportOnly ? 1 : 0);
