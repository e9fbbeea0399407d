/**
 * The academic core's benchmark targets (issue "Academic core", item 6), added to bench/run.ts's SERVERS and
 * TARGETS:
 *   - the large demo university is seeded into a temporary KV under ./data (`deno task seed --size large`,
 *     timed: target ≤ 60 s), removed again when the benchmark exits;
 *   - the students list's server time, in-process (bench/academic_list.ts: 1,000 calls with random filter
 *     combinations; target p95 ≤ 15 ms for the list function alone and for the whole API operation);
 *   - the /students page over HTTP, signed in (the app server's sessions of the registrar and the
 *     administrator, in turn), at 20 connections: target p99 ≤ 25 ms, reported beside the bare baseline.
 */
import type { Check } from "./report.ts";
import { p99Check, type TargetSummary } from "./p99_check.ts";
import { fmtMs } from "./report.ts";
import {
  DENO,
  denoRun,
  productionServeFlags,
  ROOT,
  SESSION_TOKENS_LINE,
  type StartServerOptions,
  temporaryKv,
} from "./server.ts";
import type { ListTiming } from "./academic_list.ts";
import { BOOKS_TARGETS, prepareBooks } from "./books.ts";

const SEED_LIMIT_S = 60;
const LIST_P95_MS = 15;
const PAGE_P99_MS = 25;
const PAGE_CONNECTIONS = 20;
const TABLES_P99_MS = 20;

interface Prepared {
  kvPath: string;
  seedSeconds: number;
  seedLine: string;
  list: ListTiming | null;
  listError: string;
}

let prepared: Prepared | null = null;

async function run(cmd: string[], env: Record<string, string>): Promise<{ ok: boolean; out: string }> {
  const [program, ...args] = cmd;
  const result = await new Deno.Command(program, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" })
    .output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { ok: result.success, out: decode(result.stdout) + decode(result.stderr) };
}

/** Seeds the large set (timed) and measures the list in-process, once, before the server starts. */
async function prepare(): Promise<Prepared> {
  const kvPath = temporaryKv("large");
  const env = { KV_PATH: `./${kvPath}` };
  const started = performance.now();
  const seeded = await run([DENO, "task", "seed", "--size", "large"], env);
  const seedSeconds = (performance.now() - started) / 1000;
  if (!seeded.ok) throw new Error(`deno task seed --size large failed:\n${seeded.out}`);
  const seedLine = /^university \(large\).*$/m.exec(seeded.out)?.[0] ?? "";
  console.log(`[academic] seeded the large demo university in ${seedSeconds.toFixed(1)} s: ${seedLine}`);

  let list: ListTiming | null = null;
  let listError = "";
  const timed = await run(
    denoRun("bench/academic_list.ts", ["--allow-read", "--allow-write=./data", "--allow-env"]),
    env,
  );
  const line = /^students-list (\{.*\})$/m.exec(timed.out)?.[1];
  if (timed.ok && line) {
    list = JSON.parse(line) as ListTiming;
    console.log(
      `[academic] students list in-process, ${list.calls} filtered calls over ${list.students} students: ` +
        `list function p50 ${fmtMs(list.fn.p50)} / p95 ${fmtMs(list.fn.p95)} ms; API studentList p50 ` +
        `${fmtMs(list.api.p50)} / p95 ${fmtMs(list.api.p95)} ms (median ${list.matchedMedian} matches, ` +
        `${list.empty} filters matched none)`,
    );
  } else {
    listError = timed.out.trim().split("\n").slice(-8).join("\n");
    console.log(`[academic] students list in-process: FAILED\n${listError}`);
  }
  await prepareBooks(env);
  return { kvPath, seedSeconds, seedLine, list, listError };
}

export const ACADEMIC_SERVERS = [
  {
    key: "app-large",
    options: async (): Promise<StartServerOptions> => {
      prepared ??= await prepare();
      return {
        name: "app server (large demo university)",
        cmd: denoRun("bench/servers/app.ts", await productionServeFlags()),
        env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: `./${prepared.kvPath}` },
        capture: { tokens: SESSION_TOKENS_LINE },
        readyPath: "/api/system/health",
        timeoutMs: 60_000,
      };
    },
  },
];

function academicChecks(s: TargetSummary): Check[] {
  const checks: Check[] = [];
  if (prepared) {
    checks.push({
      name: `large demo university seeds in ≤ ${SEED_LIMIT_S} s`,
      pass: prepared.seedSeconds <= SEED_LIMIT_S,
      detail: `${prepared.seedSeconds.toFixed(1)} s (deno task seed --size large, whole process)`,
    });
    const list = prepared.list;
    checks.push({
      name: `students list function p95 ≤ ${LIST_P95_MS} ms (the snapshot's filter and rows, in-process)`,
      pass: list !== null && list.fn.p95 <= LIST_P95_MS,
      detail: list
        ? `p95 ${fmtMs(list.fn.p95)} ms, p50 ${
          fmtMs(list.fn.p50)
        } ms over ${list.calls} calls on ${list.students} students`
        : `not measured: ${prepared.listError || "no result line"}`,
    });
    checks.push({
      name: `students list API p95 ≤ ${LIST_P95_MS} ms server time (in-process, random filter combinations)`,
      pass: list !== null && list.api.p95 <= LIST_P95_MS,
      detail: list
        ? `p95 ${fmtMs(list.api.p95)} ms, p50 ${
          fmtMs(list.api.p50)
        } ms over ${list.calls} calls (list function ` +
          `alone: p95 ${fmtMs(list.fn.p95)} ms)`
        : `not measured: ${prepared.listError || "no result line"}`,
    });
  }
  checks.push(p99Check(`SSR page /students (20,000 students)`, s, PAGE_P99_MS));
  return checks;
}

/** Issue "Weekly timetable", item 6: a professor's week as staff with menu.table.all open it. */
function tablesChecks(s: TargetSummary): Check[] {
  return [p99Check(`SSR page /tables (a professor's week, large)`, s, TABLES_P99_MS)];
}

export const ACADEMIC_TARGETS = [
  {
    name: "SSR page /students (signed in, large demo university)",
    server: "app-large",
    path: "/students",
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: academicChecks,
  },
  // For information (no check): a filtered page, as a registrar's bookmark would open it.
  {
    name: "SSR page /students?schoolId=2&status=active&text=ბე (signed in, large)",
    server: "app-large",
    path: `/students?schoolId=2&status=active&text=${encodeURIComponent("ბე")}`,
    signedIn: true,
    connections: PAGE_CONNECTIONS,
  },
  {
    name: "SSR page /tables?group=11&week=2026-11-16&professor=4 (signed in, large)",
    server: "app-large",
    path: "/tables?group=11&week=2026-11-16&professor=4",
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: tablesChecks,
  },
  ...BOOKS_TARGETS,
];
