/**
 * Course lists' benchmark figures (issue 20), added to bench/run.ts's SERVERS and TARGETS, on the large demo
 * university that bench/academic.ts seeds:
 *   - in-process (bench/lists_prep.ts): saving a cell, one after another as a professor does — target p99 ≤ 15 ms,
 *     beside bare checked KV commits; submitting a 300-student list with its transcripts and GPA — target ≤ 1 s;
 *   - a list of 300 students × 6 components (/lists/{sectionId}) rendered for the demo professor at 20
 *     connections — target p99 ≤ 30 ms, beside the bare Deno.serve baseline of the same rounds.
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
import type { ListsBenchResult } from "./lists_prep.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";

const SAVE_P99_MS = 15;
const SUBMIT_MS = 1000;
const PAGE_P99_MS = 30;
const PAGE_CONNECTIONS = 20;

let prepared: ListsBenchResult | null = null;
let prepError = "";

async function runPrep(kvPath: string) {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write=./data", "--allow-env", "bench/lists_prep.ts"],
    cwd: ROOT,
    env: { KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = /^lists-bench (\{.*\})$/m.exec(out)?.[1];
  if (result.success && line) {
    prepared = JSON.parse(line) as ListsBenchResult;
    const r = prepared;
    console.log(
      `[lists] ${r.saves} cell saves: p50 ${fmtMs(r.saveP50)} / p99 ${
        fmtMs(r.saveP99)
      } ms (bare commit p99 ` +
        `${fmtMs(r.bareP99)} ms; 10 at a time p99 ${fmtMs(r.concurrentP99)} ms); submit of ${r.published} ` +
        `students ${fmtMs(r.submitMs)} ms; list ${r.sectionId}: ${r.students} × ${r.components}`,
    );
  } else {
    prepError = out.trim().split("\n").slice(-8).join("\n");
    console.log(`[lists] preparation: FAILED\n${prepError}`);
  }
}

export const LISTS_SERVERS = [
  {
    key: "app-large-lists",
    options: async (): Promise<StartServerOptions> => {
      const large = await ACADEMIC_SERVERS[0].options();
      const kvPath = large.env!.KV_PATH;
      if (!prepared && !prepError) await runPrep(kvPath);
      return {
        name: "app server (large demo university, the demo professor's sessions)",
        cmd: [...denoRun("bench/servers/app.ts", await productionServeFlags()), "--people=prof@uni.test"],
        env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: kvPath, APP_NOW: REFERENCE_NOW },
        capture: { tokens: SESSION_TOKENS_LINE },
        readyPath: "/api/system/health",
        timeoutMs: 60_000,
      };
    },
  },
];

function listsChecks(s: TargetSummary): Check[] {
  const checks: Check[] = [];
  const r = prepared;
  if (r) {
    checks.push({
      name: `saving a list cell p99 ≤ ${SAVE_P99_MS} ms (one after another, in-process)`,
      pass: r.saveP99 <= SAVE_P99_MS,
      detail: `p99 ${fmtMs(r.saveP99)} ms, p50 ${fmtMs(r.saveP50)} ms over ${r.saves} saves; bare checked ` +
        `commit p99 ${fmtMs(r.bareP99)} ms; 10 saves at a time: p99 ${fmtMs(r.concurrentP99)} ms`,
    });
    checks.push({
      name: `submitting a 300-student list (transcripts and GPA) ≤ ${SUBMIT_MS} ms`,
      pass: r.submitMs <= SUBMIT_MS && r.published >= 300,
      detail: `${fmtMs(r.submitMs)} ms for ${r.published} students`,
    });
  } else {
    checks.push({
      name: "course lists in-process figures",
      pass: false,
      detail: `not measured: ${prepError}`,
    });
  }
  checks.push(p99Check(`SSR page /lists/{section} (300 × 6, large)`, s, PAGE_P99_MS));
  return checks;
}

export const LISTS_TARGETS = [
  {
    name:
      "SSR page /lists/{section} (a professor's list of 300 students × 6 components, large demo university)",
    server: "app-large-lists",
    // Known once the preparation (run when the server starts) has chosen the section.
    get path() {
      return `/lists/${prepared?.sectionId ?? "0-0-0"}`;
    },
    signedIn: true,
    connections: PAGE_CONNECTIONS,
    checks: listsChecks,
  },
];
