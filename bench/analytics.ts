/**
 * The analytics' benchmark figures (issue 22), added to bench/run.ts's SERVERS and TARGETS (`--only=analytics`),
 * on the large demo university that bench/academic.ts seeds:
 *   - the dashboard's data, in-process (this file run as a script): the first request after start-up, once the
 *     registry's snapshot has warmed as a server warms it — target ≤ 300 ms server time cold — then 200 more
 *     (warm), through `app.request()` with every middleware;
 *   - `GET /api/analytics/dashboard` over HTTP as the administrator at 20 connections: target p99 ≤ 30 ms,
 *     beside the bare Deno.serve baseline of the same rounds;
 *   - the JavaScript of /analytics/dashboard before idle ≤ 60 KB gzip (run.ts's page list).
 * On its own: KV_PATH=./data/large.kv deno run -A bench/analytics.ts
 */
import type { Check } from "./report.ts";
import { p99Check, type TargetSummary } from "./p99_check.ts";
import { fmtMs } from "./report.ts";
import {
  denoRun,
  productionServeFlags,
  ROOT,
  SESSION_TOKENS_LINE,
  type StartServerOptions,
} from "./server.ts";
import { ACADEMIC_SERVERS } from "./academic.ts";

const COLD_MS = 300;
const WARM_P99_MS = 30;
const CONNECTIONS = 20;
export const ANALYTICS_JS_GZIP_BUDGET = 60 * 1024;
const WARM_CALLS = 200;

export interface AnalyticsTiming {
  students: number;
  /** Milliseconds: the warming of the registry's snapshot (as at start-up), then the first dashboard request. */
  warmup: number;
  cold: number;
  warm: { p50: number; p99: number };
}

let timing: AnalyticsTiming | null = null;
let timingError = "";

async function measureInProcess(kvPath: string) {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/analytics.ts"],
    cwd: ROOT,
    env: { KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = /^analytics-dashboard (\{.*\})$/m.exec(out)?.[1];
  if (result.success && line) {
    timing = JSON.parse(line) as AnalyticsTiming;
    console.log(
      `[analytics] dashboard in-process on ${timing.students} students: cold ${
        fmtMs(timing.cold)
      } ms (after ` +
        `the start-up warming of ${fmtMs(timing.warmup)} ms), warm p50 ${fmtMs(timing.warm.p50)} / p99 ` +
        `${fmtMs(timing.warm.p99)} ms`,
    );
  } else {
    timingError = out.trim().split("\n").slice(-8).join("\n");
    console.log(`[analytics] dashboard in-process: FAILED\n${timingError}`);
  }
}

export const ANALYTICS_SERVERS = [
  {
    key: "app-large-admin",
    options: async (): Promise<StartServerOptions> => {
      const large = await ACADEMIC_SERVERS[0].options();
      const kvPath = large.env!.KV_PATH;
      if (!timing && !timingError) await measureInProcess(kvPath);
      return {
        name: "app server (large demo university, administrator sessions)",
        cmd: [...denoRun("bench/servers/app.ts", await productionServeFlags()), "--people=admin@uni.test"],
        env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: kvPath },
        capture: { tokens: SESSION_TOKENS_LINE },
        readyPath: "/api/system/health",
        timeoutMs: 60_000,
      };
    },
  },
];

function analyticsChecks(s: TargetSummary): Check[] {
  const checks: Check[] = [{
    name: `analytics dashboard data ≤ ${COLD_MS} ms server time cold (large demo university)`,
    pass: timing !== null && timing.cold <= COLD_MS,
    detail: timing
      ? `${fmtMs(timing.cold)} ms, the first request after the registry's start-up warming (${
        fmtMs(timing.warmup)
      } ms)`
      : `not measured: ${timingError || "no result line"}`,
  }];
  checks.push(p99Check("analytics dashboard API (warm)", s, WARM_P99_MS));
  return checks;
}

export const ANALYTICS_TARGETS = [
  {
    name: "analytics dashboard API (administrator, large demo university)",
    server: "app-large-admin",
    path: "/api/analytics/dashboard",
    signedIn: true,
    connections: CONNECTIONS,
    checks: analyticsChecks,
  },
];

/** In-process: start as a server starts (migrations, the registry's snapshot warming), then time the dashboard. */
async function inProcess(): Promise<AnalyticsTiming> {
  const { createApp } = await import("../main.ts");
  const { warmStudentIndex, findStudents } = await import("../services/students/list_index.ts");
  const { warmAnalytics } = await import("../services/analytics/warm.ts");
  const { sessionToken } = await import("./in_process_app.ts");
  const app = await createApp({ kvPath: Deno.env.get("KV_PATH") });
  let started = performance.now();
  // What main.ts warms in the background after start-up (a server answers meanwhile).
  await warmStudentIndex();
  await warmAnalytics();
  const warmup = performance.now() - started;
  const token = await sessionToken("admin@uni.test", 600);
  const headers = { authorization: `Bearer ${token}` };
  const once = async () => {
    const at = performance.now();
    const res = await app.request("/api/analytics/dashboard", { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`dashboard: HTTP ${res.status} ${body}`);
    return performance.now() - at;
  };
  started = performance.now();
  const cold = await once();
  const times: number[] = [];
  for (let i = 0; i < WARM_CALLS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.ceil(q * times.length) - 1] * 1000) / 1000;
  return {
    students: (await findStudents({}, { page: 1, limit: 1 })).total,
    warmup: Math.round(warmup),
    cold: Math.round(cold * 1000) / 1000,
    warm: { p50: at(0.5), p99: at(0.99) },
  };
}

if (import.meta.main) {
  console.log(`analytics-dashboard ${JSON.stringify(await inProcess())}`);
  Deno.exit(0);
}
