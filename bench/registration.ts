/**
 * Academic registration's benchmark figures (issue 19), added to bench/run.ts's SERVERS and TARGETS, on the large
 * demo university that bench/academic.ts seeds:
 *   - a registration storm, in-process (bench/registration_storm.ts): 5,000 students × 5 sections, one of them
 *     a hot section of 30 seats, 50 at a time — target ≥ 1,000 registrations/s, p99 ≤ 50 ms per registration,
 *     0 over-filled sections; beside it the same number of bare checked KV commits at the same concurrency;
 *   - the /registration page of a student (the demo student, whose sessions the app server opens) at 20
 *     connections — target p99 ≤ 25 ms, beside the bare Deno.serve baseline of the same rounds.
 */
import type { Check } from "./report.ts";
import { p99Check, type TargetSummary } from "./p99_check.ts";
import { fmtMs, fmtPct } from "./report.ts";
import {
  denoRun,
  productionServeFlags,
  ROOT,
  SESSION_TOKENS_LINE,
  type StartServerOptions,
} from "./server.ts";
import { ACADEMIC_SERVERS } from "./academic.ts";
import type { StormResult } from "./registration_storm.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";

const STORM_PER_SECOND = 1000;
const STORM_P99_MS = 50;
const PAGE_P99_MS = 25;
const PAGE_CONNECTIONS = 20;

let storm: StormResult | null = null;
let stormError = "";

async function runStorm(kvPath: string) {
  const started = performance.now();
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write=./data", "--allow-env", "bench/registration_storm.ts"],
    cwd: ROOT,
    env: { KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = /^registration-storm (\{.*\})$/m.exec(out)?.[1];
  if (result.success && line) {
    storm = JSON.parse(line) as StormResult;
    console.log(
      `[registration] storm: ${storm.decisions} decisions of ${storm.students} students in ` +
        `${storm.seconds.toFixed(1)} s (${Math.round(storm.perSecond)}/s, p50 ${fmtMs(storm.p50)} / p99 ` +
        `${fmtMs(storm.p99)} ms); ${storm.enrolled} enrolled, ${storm.waitlisted} waitlisted, refused ` +
        `${JSON.stringify(storm.refused)}, errors ${JSON.stringify(storm.errors)}; hot section ` +
        `${storm.hot.enrolled}/${storm.hot.capacity} + ${storm.hot.waitlisted} waiting; bare KV commits ` +
        `${Math.round(storm.bare.perSecond)}/s (p99 ${fmtMs(storm.bare.p99)} ms); whole step ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    stormError = out.trim().split("\n").slice(-8).join("\n");
    console.log(`[registration] storm: FAILED\n${stormError}`);
  }
}

export const REGISTRATION_SERVERS = [
  {
    key: "app-large-student",
    options: async (): Promise<StartServerOptions> => {
      // The large university of bench/academic.ts (seeded once, shared by both servers).
      const large = await ACADEMIC_SERVERS[0].options();
      const kvPath = large.env!.KV_PATH;
      if (!storm && !stormError) await runStorm(kvPath);
      return {
        name: "app server (large demo university, student sessions)",
        cmd: [...denoRun("bench/servers/app.ts", await productionServeFlags()), "--people=student@uni.test"],
        env: {
          HOST: "127.0.0.1",
          PORT: "0",
          KV_PATH: kvPath,
          APP_NOW: REFERENCE_NOW,
        },
        capture: { tokens: SESSION_TOKENS_LINE },
        readyPath: "/api/system/health",
        timeoutMs: 60_000,
      };
    },
  },
];

function registrationChecks(s: TargetSummary): Check[] {
  const checks: Check[] = [];
  if (storm) {
    const r = storm;
    checks.push({
      name:
        `registration storm ≥ ${STORM_PER_SECOND} registrations/s (5,000 students × 5 sections, 50 at a time)`,
      pass: r.registeredPerSecond >= STORM_PER_SECOND,
      detail: `${Math.round(r.registeredPerSecond)}/s enrolled or waitlisted (${r.decisions} decisions in ` +
        `${r.seconds.toFixed(1)} s); bare checked KV commits at the same concurrency: ` +
        `${Math.round(r.bare.perSecond)}/s (${fmtPct(r.registeredPerSecond / r.bare.perSecond)} of bare)`,
    });
    checks.push({
      name: `registration storm p99 ≤ ${STORM_P99_MS} ms per registration`,
      pass: r.p99 <= STORM_P99_MS,
      detail: `p99 ${fmtMs(r.p99)} ms, p50 ${fmtMs(r.p50)} ms, max ${fmtMs(r.max)} ms (bare commit p99 ` +
        `${fmtMs(r.bare.p99)} ms)`,
    });
    checks.push({
      name: "registration storm over-fills no section; counters equal rosters",
      pass: r.overfilled === 0 && r.counterMismatches === 0 && r.hot.enrolled <= r.hot.capacity,
      detail: `${r.overfilled} over-filled, ${r.counterMismatches} counters unequal to their roster; hot ` +
        `section ${r.hot.enrolled}/${r.hot.capacity} with ${r.hot.waitlisted} waitlisted`,
    });
  } else {
    checks.push({ name: "registration storm", pass: false, detail: `not measured: ${stormError}` });
  }
  checks.push(p99Check(`SSR page /registration (a student, large)`, s, PAGE_P99_MS));
  return checks;
}

export const REGISTRATION_TARGETS = [
  {
    name: "SSR page /registration (a student, large demo university)",
    server: "app-large-student",
    path: "/registration",
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: registrationChecks,
  },
];
