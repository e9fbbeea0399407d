/**
 * `deno task bench`: HTTP throughput and latency of the app against a bare `Deno.serve` and a minimal Hono app,
 * and the JavaScript each page ships. Loopback only, bounded: every server stays up for the whole run, and the
 * targets are measured in interleaved rounds (bare, then each other target, then again), each measurement a
 * short warm-up plus a fixed duration at a fixed number of connections. Before the first round a settling pass
 * loads every target once, unmeasured: a server's first seconds of a page run on code V8 has yet to optimize (its
 * compilers then share the two CPUs with the load), and the first round measured that, not the server that
 * people use all day. The machine is shared and noisy, so a target's ratio to bare is the median of its per-round
 * ratios: each compares measurements seconds apart, and a target whose ratio is checked is measured between two
 * bare measurements and compared with their mean (bench/bare_pairing.ts): a round lasts a minute or more, and the
 * machine's speed changes within it.
 * Exit code: 1 when a server fails to start; with --strict also when any check fails (or none ran), else 0
 * (without --strict a failed check is reported and the exit code stays 0).
 * Signed-in targets send the session cookies of several people in turn (the demo registrar and the
 * administrator): bench/servers/app.ts loads the demo data into its KV file (a temporary one under ./data, as
 * production runs on a file) and prints the sessions' tokens before it listens.
 *
 * Options: --strict --rounds=3 --duration=3 --warmup=1 --settle=2 --connections=50 --tool=autocannon|wrk
 *          --only=<text>: just the targets whose name contains the text (and bare), no JavaScript sizes;
 *          --only=finances, --only=communication, --only=calendar, --only=reports: that in-process group
 *          (bench/<group>.ts)
 *          --chat: only the chat benchmark (bench/chat.ts); --no-chat: everything but it
 * The chat part runs last, in a process of its own (as the HTTP load generator does): its thousand sockets and
 * latency samples get a fresh heap and event loop, not what the HTTP part left behind (in this process its p99
 * came out twice the standalone run's).
 * To add a target, add a row to TARGETS (and a server to SERVERS if it needs another process).
 */
import {
  type Check,
  checkLines,
  exitCodeOf,
  fmtBytes,
  fmtInt,
  fmtMs,
  fmtPct,
  machineLines,
  median,
  table,
} from "./report.ts";
import {
  type LoadResult,
  type LoadTool,
  loadToolVersion,
  resolveLoadTool,
  startLoadGenerator,
} from "./load.ts";
import {
  addedJsBytes,
  type BuildManifest,
  CHAT_WIDGET_GZIP_BUDGET,
  CHAT_WIDGET_MODULES,
  IDLE_MODULES,
  type JsBytes,
  type PageJs,
  pageJsBytes,
  readManifest,
} from "./js_bytes.ts";
import {
  BENCH_V8_FLAGS,
  denoRun,
  productionServeFlags,
  ROOT,
  type ServerHandle,
  ServerStartError,
  SESSION_TOKENS_LINE,
  sessionTokens,
  startServer,
  type StartServerOptions,
  stopAllServers,
  temporaryKv,
} from "./server.ts";
import { SESSION_COOKIE } from "../http/session_cookie.ts";
import { ACADEMIC_SERVERS, ACADEMIC_TARGETS } from "./academic.ts";
import { REGISTRATION_SERVERS, REGISTRATION_TARGETS } from "./registration.ts";
import { LISTS_SERVERS, LISTS_TARGETS } from "./lists.ts";
import { ANALYTICS_JS_GZIP_BUDGET, ANALYTICS_SERVERS, ANALYTICS_TARGETS } from "./analytics.ts";
import { runChatBench } from "./chat.ts";
import { runFinanceBench } from "./finances.ts";
import { runCommunicationBench } from "./communication.ts";
import { runCalendarBench } from "./calendar.ts";
import { runReportBench } from "./reports.ts";
import { referenceRates, roundPlan } from "./bare_pairing.ts";
import { frameworkRuntimeBytes } from "./framework_js.ts";

interface Options {
  rounds: number;
  duration: number;
  warmup: number;
  /** Seconds of the unmeasured settling pass over every target before the first round (0: none). */
  settle: number;
  connections: number;
  tool?: LoadTool;
  only?: string;
  /** The chat benchmark (bench/chat.ts): after the HTTP targets, alone, or not at all. */
  chat: "after" | "only" | "skip";
  /** `--chat` started by a full run: print the checks as one CHECKS_LINE for it instead of the header. */
  childOfRun: boolean;
  /** `--strict`: exit 1 when a check fails, for CI. */
  strict: boolean;
}

const BENCH_FLAGS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-net",
  "--allow-run",
  "--allow-sys",
];
const CHECKS_LINE = "chat checks: ";

/** A server process; all are started before the first round and stopped after the last. */
interface ServerSpec {
  key: string;
  options(): Promise<StartServerOptions>;
}

interface Target {
  name: string;
  /** Its ratio is checked: measured between two bare measurements and compared with their mean (bare_pairing.ts). */
  pairedWithBare?: boolean;
  server: string;
  path: string;
  /** Overrides --connections for this target. */
  connections?: number;
  /** Sent with the app's session cookies in turn; a 303 to /login then means a cookie was not accepted. */
  signedIn?: boolean;
  /** PASS/FAIL checks of this target's summary; without checks the target is for information. */
  checks?: (summary: Summary) => Check[];
}

/** A target over all rounds: medians, the req/s range, and the ratios to bare of each round. */
interface Summary {
  name: string;
  connections: number;
  rounds: LoadResult[];
  /** Median of the rounds' req/s, p50 and p99. */
  rps: number;
  p50: number;
  p99: number;
  rpsMin: number;
  rpsMax: number;
  /** Per round: this target's req/s over bare's req/s around it in the same round (bench/bare_pairing.ts). */
  ratios: number[];
  /** Median of `ratios`. */
  ratio: number;
  /** Summed over the rounds. */
  total: number;
  errors: number;
  non2xx: number;
}

const BARE = "bare Deno.serve";
const HONO = "Hono JSON route (minimal Hono app)";

const SERVERS: ServerSpec[] = [
  {
    key: "bare",
    options: () =>
      Promise.resolve({
        name: "bare server",
        cmd: denoRun("bench/servers/bare.ts", ["--allow-net", "--allow-env=PORT,HOST"]),
        env: { HOST: "127.0.0.1", PORT: "0" },
        readyPath: "/",
      }),
  },
  {
    key: "hono",
    options: () =>
      Promise.resolve({
        name: "hono server",
        cmd: denoRun("bench/servers/hono.ts", ["--allow-net", "--allow-env=PORT,HOST"]),
        env: { HOST: "127.0.0.1", PORT: "0" },
        readyPath: "/json",
      }),
  },
  {
    key: "app",
    options: async () => ({
      name: "app server",
      cmd: denoRun("bench/servers/app.ts", await productionServeFlags()),
      env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: `./${temporaryKv("small")}` },
      capture: { tokens: SESSION_TOKENS_LINE },
      readyPath: "/api/system/health",
    }),
  },
  ...ACADEMIC_SERVERS,
  ...REGISTRATION_SERVERS,
  ...LISTS_SERVERS,
  ...ANALYTICS_SERVERS,
];

const ALL_TARGETS: Target[] = [
  { name: BARE, server: "bare", path: "/" },
  {
    name: HONO,
    server: "hono",
    path: "/json",
    pairedWithBare: true,
    checks: (s) => [ratioCheck("Hono JSON ≥ 85% of bare req/s", s, 0.85)],
  },
  // The same kind of route behind the app's whole middleware stack (issue "Signed-in pages three times faster").
  {
    name: "App JSON /api/system/health (full middleware: security headers, CSRF, session)",
    server: "app",
    path: "/api/system/health",
    pairedWithBare: true,
    checks: (s) => [ratioCheck("App JSON route through the full middleware ≥ 75% of bare req/s", s, 0.75)],
  },
  {
    // The platform's page cost: the signed-in shell (side menu and top bar islands, session) around light content.
    name: "SSR page /my-devices (signed in, the shell: menu, top bar, chat launcher)",
    server: "app",
    path: "/my-devices",
    signedIn: true,
    pairedWithBare: true,
    connections: 50,
    checks: (s) => [
      ratioCheck("SSR shell page ≥ 15% of bare req/s", s, 0.15),
      {
        name: `SSR shell page p99 ≤ 15 ms at ${s.connections} connections`,
        pass: s.p99 <= 15 && clean(s),
        detail: `median p99 ${fmtMs(s.p99)} ms (rounds: ${s.rounds.map((r) => fmtMs(r.p99)).join(", ")} ms)${
          errorsNote(s)
        }`,
      },
    ],
  },
  // For information (no check): what the shell page's bytes alone cost, served by the bare server (on
  // 2026-11-29, the menu's icons and the shell's long class lists in the stylesheet, the registrar's page was
  // 12.7 KB and the administrator's 13.8 KB: 13.25 KB as the load generator sends their sessions in turn). The
  // load generator shares the 2 CPUs and reads every byte: this bounds the ratio any page of that size can reach
  // here, however little the server does to make it.
  {
    name: "bare Deno.serve sending a page of the shell page's size (13,250 bytes)",
    server: "bare",
    path: "/bytes/13250",
    connections: 50,
  },
  // A data page of the academic core in the shell (the same issue).
  {
    name: "SSR page /hr (signed in, personnel list)",
    server: "app",
    path: "/hr",
    signedIn: true,
    pairedWithBare: true,
    connections: 50,
    checks: (s) => [ratioCheck("SSR page /hr ≥ 10% of bare req/s", s, 0.10)],
  },
  // For information (no check): /hr's bytes alone, as the shell page's above (on 2026-12-07, the table's cells
  // and links in stylesheet classes, the registrar's page was 28.3 KB, the administrator's, with every row's edit
  // button, 37.2 KB: 32.75 KB in turn).
  {
    name: "bare Deno.serve sending a page of /hr's size (32,757 bytes)",
    server: "bare",
    path: "/bytes/32757",
    connections: 50,
  },
  // For information (no check): a page outside the shell, without session or island.
  { name: "SSR page /login (anonymous, no island)", server: "app", path: "/login", connections: 50 },
  ...ACADEMIC_TARGETS,
  ...REGISTRATION_TARGETS,
  ...LISTS_TARGETS,
  ...ANALYTICS_TARGETS,
];

let TARGETS = ALL_TARGETS;

/** Pages whose shipped JavaScript is reported; `max` is a gzip budget in bytes (0: must ship none). */
const ALL_JS_PAGES: { path: string; server: string; max?: number; signedIn?: boolean }[] = [
  { path: "/online-register", server: "app", max: 0 },
  { path: "/login", server: "app", max: 0 },
  { path: "/hr", server: "app", signedIn: true },
  // The timetable (issue: ≤ 15 KB gzip of JavaScript); the registrar views the demo professor.
  { path: "/tables?professor=4", server: "app", signedIn: true, max: 15 * 1024 },
  // The courses screen (issue: ≤ 30 KB gzip of JavaScript before a dialog is opened).
  { path: "/books", server: "app", signedIn: true, max: 30 * 1024 },
  { path: "/ui-kit", server: "app", signedIn: true },
  // The analytics dashboard (issue 22: ≤ 60 KB gzip before idle, its charts included), as the administrator.
  { path: "/analytics/dashboard", server: "app-large-admin", signedIn: true, max: ANALYTICS_JS_GZIP_BUDGET },
];
let JS_PAGES = ALL_JS_PAGES;

const BOOT_GZIP_BUDGET = 12 * 1024;

function ratioCheck(name: string, s: Summary, min: number): Check {
  if (!s.ratios.some(Number.isFinite)) {
    return { name, pass: false, detail: `no ${BARE} result to compare with` };
  }
  return {
    name,
    pass: s.ratio >= min && clean(s),
    detail: `${fmtPct(s.ratio)} (median of rounds ${s.ratios.map(fmtPct).join(", ")})${errorsNote(s)}`,
  };
}

/** `references`: per round, the bare req/s this target is compared with (NaN: bare was not measured). */
function summarize(name: string, rounds: LoadResult[], references: number[]): Summary {
  const rps = rounds.map((r) => r.rps);
  const ratios = rounds.map((r, i) => r.rps / (references[i] ?? NaN));
  return {
    name,
    connections: rounds[0]?.connections ?? 0,
    rounds,
    rps: median(rps),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    rpsMin: Math.min(...rps),
    rpsMax: Math.max(...rps),
    ratios,
    ratio: median(ratios),
    total: rounds.reduce((sum, r) => sum + r.total, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** The request header sets of a target or page: one per session when it is signed in, sent in turn. */
/** A target with its server and what its load sends. */
interface TargetRun {
  target: Target;
  server: ServerHandle;
  url: string;
  headerSets: Record<string, string>[];
}

function requestHeaders(server: ServerHandle, signedIn: boolean | undefined): Record<string, string>[] {
  if (!signedIn) return [{}];
  const tokens = sessionTokens(server);
  if (tokens.length === 0) {
    throw new ServerStartError(
      `${server.name} printed no "session-tokens …" line, so signed-in pages cannot be measured:\n` +
        server.output(),
    );
  }
  return tokens.map((token) => ({ cookie: `${SESSION_COOKIE}=${token}` }));
}

/**
 * One request per header set (session) before the load, redirects not followed: a target must answer 2xx.
 * wrk does not count 3xx as errors, so a lost cookie (303 to /login) would otherwise pass unnoticed there.
 */
async function probe(
  target: Target,
  url: string,
  headerSets: Record<string, string>[],
): Promise<Check | null> {
  for (const [i, headers] of headerSets.entries()) {
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.body?.cancel();
    if (response.ok) continue;
    const location = response.headers.get("location");
    return {
      name: `${target.name} answers 2xx`,
      pass: false,
      detail: `GET ${target.path}: HTTP ${response.status}${location ? ` to ${location}` : ""}${
        target.signedIn && location?.startsWith("/login")
          ? ` (session ${i + 1}'s cookie was not accepted)`
          : ""
      }`,
    };
  }
  return null;
}

function clean(r: Summary): boolean {
  return r.errors === 0 && r.non2xx === 0 && r.total > 0;
}

function errorsNote(r: Summary): string {
  if (r.total === 0) return "; no request completed";
  return r.errors || r.non2xx ? `; ${r.errors} errors, ${r.non2xx} non-2xx` : "";
}

function parseOptions(args: string[]): Options {
  const opts: Options = {
    rounds: 3,
    duration: 3,
    warmup: 1,
    settle: 2,
    connections: 50,
    chat: "after",
    childOfRun: false,
    strict: false,
  };
  // Bounds: 1–9 rounds, at most 60 s per measurement and 1000 connections; duration and connections ≥ 1.
  const bounds = {
    rounds: [1, 9],
    duration: [1, 60],
    warmup: [0, 60],
    settle: [0, 60],
    connections: [1, 1000],
  } as const;
  for (const arg of args) {
    if (arg === "--chat" || arg === "--no-chat") {
      opts.chat = arg === "--chat" ? "only" : "skip";
      continue;
    }
    if (arg === "--child-of-run") {
      opts.childOfRun = true;
      continue;
    }
    if (arg === "--strict") {
      opts.strict = true;
      continue;
    }
    const [, key, value] = /^--([a-z]+)=(.+)$/.exec(arg) ?? [];
    if (key === "tool" && (value === "autocannon" || value === "wrk")) opts.tool = value;
    else if (key === "only") opts.only = value;
    else if (Object.hasOwn(bounds, key) && /^\d+$/.test(value)) {
      const [min, max] = bounds[key as keyof typeof bounds];
      opts[key as keyof typeof bounds] = Math.max(min, Math.min(Number(value), max));
    } else {
      console.error(
        `unknown option ${arg}\nusage: bench/run.ts [--strict] [--rounds=3] [--duration=3] [--warmup=1] [--settle=2] ` +
          `[--connections=50] [--tool=autocannon|wrk] [--only=text] [--chat|--no-chat]`,
      );
      Deno.exit(2);
    }
  }
  return opts;
}

async function main(): Promise<number> {
  const opts = parseOptions(Deno.args);
  if (opts.chat === "only") return await chatOnly(opts);
  if (opts.only && !"chat".includes(opts.only)) opts.chat = "skip";
  if (opts.only) {
    TARGETS = ALL_TARGETS.filter((t) => t.name === BARE || t.name.includes(opts.only!));
    // A page named by the text keeps its JavaScript check (--only=analytics: /analytics/dashboard).
    JS_PAGES = ALL_JS_PAGES.filter((p) => p.path.includes(`/${opts.only}`) && p.max !== undefined);
  }
  const tool = await resolveLoadTool(opts.tool);
  const started = performance.now();

  console.log("UniAdmin benchmark");
  console.log(
    `command: deno run ${BENCH_FLAGS.join(" ")} bench/run.ts${
      Deno.args.length ? " " + Deno.args.join(" ") : ""
    }`,
  );
  const [denoLine, ...hostLines] = await machineLines();
  console.log(`machine: ${denoLine}`);
  for (const line of hostLines) console.log(`         ${line}`);
  console.log(
    `load:    ${await loadToolVersion(tool)} on loopback, ${opts.connections} connections unless a target ` +
      `sets its own`,
  );
  console.log(
    `         (generator and servers share the ${navigator.hardwareConcurrency} CPUs: compare the ratios ` +
      `measured in one run, not absolute req/s across machines)`,
  );
  console.log(
    `method:  ${opts.rounds} interleaved round${opts.rounds === 1 ? "" : "s"} of ${opts.duration} s ` +
      `(+${opts.warmup} s warm-up) per target, after an unmeasured ${opts.settle} s pass over each; medians; ` +
      `ratio = median of per-round ratios to bare`,
  );
  console.log(
    `         every server runs with V8's ${
      BENCH_V8_FLAGS.join(" ")
    } besides its own flags, so that an idle one's ` +
      `collections do not land in another's rounds (bench/server.ts)`,
  );
  console.log("");

  let manifest: BuildManifest | null = null;
  const pages: PageJs[] = [];
  const probeChecks: Check[] = [];
  let boot: JsBytes | null = null;
  let chatWidget: Awaited<ReturnType<typeof addedJsBytes>> | null = null;
  let idle: Awaited<ReturnType<typeof addedJsBytes>> | null = null;
  const servers = new Map<string, ServerHandle>();
  const measured = new Map<string, LoadResult[]>();
  /** Per target and round, the bare req/s it is compared with. */
  const references = new Map<string, number[]>();
  /** Bare's measurements around the paired targets (its first of each round is in `measured`). */
  const bareFrames: number[] = [];

  try {
    // Every server is up before the first round and stays up until the last, so all rounds see the same
    // processes (and the same JIT state) and idle servers cost the same in every round.
    for (const spec of SERVERS) {
      if (!TARGETS.some((t) => t.server === spec.key) && !JS_PAGES.some((p) => p.server === spec.key)) {
        continue;
      }
      const server = await startServer(await spec.options());
      servers.set(spec.key, server);
      console.log(`[${spec.key}] pid ${server.pid} at ${server.origin}: ${server.command}`);
    }

    for (const page of JS_PAGES) {
      const server = servers.get(page.server)!;
      // Read once the app has started, so both see the same build even if a build runs in parallel.
      manifest ??= await readManifest();
      const [headers] = requestHeaders(server, page.signedIn);
      pages.push(await pageJsBytes(server.origin, page.path, manifest, undefined, headers));
      boot ??= await frameworkRuntimeBytes();
      if (page.path === CHAT_WIDGET_PAGE) {
        chatWidget = await addedJsBytes(pages.at(-1)!, CHAT_WIDGET_MODULES, manifest, server.origin);
        idle = await addedJsBytes(pages.at(-1)!, IDLE_MODULES, manifest, server.origin);
      }
    }

    const runs: TargetRun[] = [];
    for (const target of TARGETS) {
      const server = servers.get(target.server)!;
      const url = server.origin + target.path;
      const headerSets = requestHeaders(server, target.signedIn);
      const refused = await probe(target, url, headerSets);
      if (refused) {
        probeChecks.push(refused);
        console.log(`[${target.server}] ${refused.name}: FAIL, ${refused.detail}`);
      }
      runs.push({ target, server, url, headerSets });
      measured.set(target.name, []);
      references.set(target.name, []);
    }

    const generator = startLoadGenerator(tool);
    const load = ({ target, url, headerSets }: TargetRun, duration: number, warmup: number) =>
      generator.measure({
        name: target.name,
        url,
        connections: target.connections ?? opts.connections,
        duration,
        warmup,
        headerSets,
      });
    try {
      if (opts.settle > 0) {
        const started = performance.now();
        for (const run of runs) await load(run, opts.settle, 0);
        console.log(
          `settling pass (not measured) done in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      // --only keeps bare among the targets, so every round has its reference.
      const bare = TARGETS.find((target) => target.name === BARE)!;
      const plan = roundPlan(bare, runs.map((run) => run.target));
      const runOf = new Map(runs.map((run) => [run.target, run]));
      // Bare's later measurements in a round only frame the paired targets; its first is its own result.
      const framing = plan.map((target, i) => target === bare && i > 0);
      for (let round = 1; round <= opts.rounds; round++) {
        const roundStarted = performance.now();
        const rates: number[] = [];
        for (const [i, target] of plan.entries()) {
          const run = runOf.get(target)!;
          const result = await load(run, opts.duration, opts.warmup);
          rates.push(result.rps);
          if (framing[i]) bareFrames.push(result.rps);
          else measured.get(target.name)!.push(result);
          if (round === 1 && !framing[i]) console.log(`[${target.server}] ${result.command}`);
          if (!run.server.running()) {
            throw new ServerStartError(`${run.server.name} exited during the load:\n${run.server.output()}`);
          }
        }
        referenceRates(bare, plan, rates).forEach((reference, i) => {
          if (!framing[i]) references.get(plan[i].name)!.push(reference);
        });
        console.log(
          `round ${round}/${opts.rounds} done in ${((performance.now() - roundStarted) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await generator.close();
    }
  } finally {
    await Promise.all([...servers.values()].map((s) => s.stop()));
  }

  const summaries = [...measured].map(([name, rounds]) => summarize(name, rounds, references.get(name)!));

  console.log("");
  printLoad(summaries, opts.rounds, bareFrames);
  console.log("");
  const jsChecks = [...printJs(pages, boot), ...printChatWidgetJs(chatWidget)];
  printIdleJs(idle);
  console.log("");
  const chatChecks = opts.chat === "after" ? await chatInItsOwnProcess(opts) : [];
  // Finances (bench/finances.ts): in-process figures on the large demo, in a process of their own.
  const financeChecks = !opts.only || "finances".includes(opts.only) ? await runFinanceBench() : [];
  // Communication and calendar (issue 26): in-process figures, each in a process of its own likewise.
  const communicationChecks = !opts.only || "communication".includes(opts.only)
    ? await runCommunicationBench()
    : [];
  const calendarChecks = !opts.only || "calendar".includes(opts.only) ? await runCalendarBench() : [];
  // Reports (issue 22): previews and exports on the large demo, in a process of their own.
  const reportChecks = !opts.only || "reports".includes(opts.only) ? await runReportBench() : [];

  const checks = [
    ...probeChecks,
    ...TARGETS.flatMap((t) => {
      const s = summaries.find((s) => s.name === t.name);
      return s && t.checks ? t.checks(s) : [];
    }),
    ...jsChecks,
    ...chatChecks,
    ...financeChecks,
    ...communicationChecks,
    ...calendarChecks,
    ...reportChecks,
  ];
  console.log("Checks");
  for (const line of checkLines(checks)) console.log(`  ${line}`);
  const failed = checks.filter((c) => !c.pass).length;
  console.log("");
  console.log(
    `${failed ? `${failed} of ${checks.length} checks FAILED` : `all ${checks.length} checks passed`} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return exitCodeOf(checks, opts.strict);
}

/** `--chat`: the chat benchmark alone. */
async function chatOnly(opts: Options): Promise<number> {
  if (!opts.childOfRun) {
    const [denoLine, ...hostLines] = await machineLines();
    console.log(`UniAdmin chat benchmark\nmachine: ${denoLine}`);
    for (const line of hostLines) console.log(`         ${line}`);
  }
  const checks = await runChatBench({ rounds: opts.rounds, duration: opts.duration });
  if (opts.childOfRun) {
    console.log(CHECKS_LINE + JSON.stringify(checks));
    return 0;
  }
  console.log("Checks");
  for (const line of checkLines(checks)) console.log(`  ${line}`);
  return exitCodeOf(checks, opts.strict);
}

/** The chat part of a full run: `--chat` in a child process, its output passed through, its checks returned. */
async function chatInItsOwnProcess(opts: Options): Promise<Check[]> {
  const options = ["--chat", "--child-of-run", `--rounds=${opts.rounds}`, `--duration=${opts.duration}`];
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...BENCH_FLAGS, "bench/run.ts", ...options],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let checks: Check[] | null = null;
  let rest = "";
  const take = (line: string) => {
    if (line.startsWith(CHECKS_LINE)) checks = JSON.parse(line.slice(CHECKS_LINE.length));
    else console.log(line);
  };
  for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + text).split("\n");
    rest = lines.pop()!;
    lines.forEach(take);
  }
  if (rest) take(rest);
  const { code } = await child.status;
  if (code !== 0 || !checks) throw new ServerStartError(`the chat benchmark process ended with code ${code}`);
  return checks;
}

function printLoad(summaries: Summary[], rounds: number, bareFrames: number[]): void {
  const rows = summaries.map((s) => [
    s.name,
    String(s.connections),
    fmtInt(s.rps),
    `${fmtInt(s.rpsMin)}–${fmtInt(s.rpsMax)}`,
    fmtMs(s.p50),
    fmtMs(s.p99),
    fmtPct(s.ratio),
    fmtInt(s.total),
    String(s.errors + s.non2xx),
  ]);
  console.log(`HTTP throughput and latency (medians of ${rounds} round${rounds === 1 ? "" : "s"})`);
  console.log(
    table(
      ["target", "conns", "req/s", "req/s min–max", "p50 ms", "p99 ms", "vs bare", "requests", "errors"],
      rows,
      [1, 2, 3, 4, 5, 6, 7, 8],
    ),
  );
  const info = TARGETS.filter((t) => t.name !== BARE && !t.checks).map((t) => t.name);
  if (info.length) console.log(`  for information, no check: ${info.join("; ")}`);
  if (bareFrames.length) {
    const range = `${fmtInt(Math.min(...bareFrames))}–${fmtInt(Math.max(...bareFrames))} req/s`;
    console.log(
      `  ${BARE} was also measured around each target whose ratio is checked (${bareFrames.length} times, ` +
        `${range}): such a target is compared with the mean of the bare measurements right before and after it`,
    );
  }
  console.log("");

  console.log("Per round: req/s (ratio to bare in the same round: around it when its ratio is checked)");
  const roundRows = summaries.map((s) => [
    s.name,
    ...s.rounds.map((r, i) => `${fmtInt(r.rps)} (${fmtPct(s.ratios[i])})`),
  ]);
  const headers = ["target", ...Array.from({ length: rounds }, (_, i) => `round ${i + 1}`)];
  console.log(table(headers, roundRows, headers.map((_, i) => i).slice(1)));
}

/** The signed-in page on which the chat widget's added JavaScript is measured. */
const CHAT_WIDGET_PAGE = "/hr";

function printIdleJs(idle: Awaited<ReturnType<typeof addedJsBytes>> | null) {
  if (!idle) return;
  const names = idle.modules.map((m) => m.url.replace("/static/_build/", "")).join(", ");
  console.log(
    `  loaded later on ${CHAT_WIDGET_PAGE} when the browser is idle (navigation, bell channel and shell checks, ` +
      `chat socket; not in the page budgets): ${idle.modules.length} modules, ${fmtBytes(idle.raw)} raw, ` +
      `${fmtBytes(idle.gzip)} gzip${
        idle.missing.length ? `; not built: ${idle.missing.join(", ")}` : ""
      } (${names})`,
  );
}

function printChatWidgetJs(widget: Awaited<ReturnType<typeof addedJsBytes>> | null): Check[] {
  if (!widget) return [];
  const names = widget.modules.map((m) => m.url.replace("/static/_build/", "")).join(", ");
  console.log(
    `  chat widget on ${CHAT_WIDGET_PAGE}, opened, before the emoji picker: ${widget.modules.length} modules, ` +
      `${fmtBytes(widget.raw)} raw, ${fmtBytes(widget.gzip)} gzip (${names})`,
  );
  return [{
    name: `chat widget adds ≤ ${CHAT_WIDGET_GZIP_BUDGET / 1024} KiB gzip before the emoji picker`,
    pass: widget.gzip <= CHAT_WIDGET_GZIP_BUDGET && widget.missing.length === 0,
    detail: widget.missing.length
      ? `not built: ${widget.missing.join(", ")}`
      : `${fmtBytes(widget.gzip)} gzip`,
  }];
}

function printJs(
  pages: PageJs[],
  boot: JsBytes | null,
): Check[] {
  const checks: Check[] = [];
  console.log("JavaScript shipped per page (static import graph + client init + island chunks)");
  const rows = pages.map((p) => [
    JS_PAGES.find((s) => s.path === p.path)?.signedIn ? `${p.path} (signed in)` : p.path,
    String(p.status),
    String(p.modules.length),
    fmtBytes(p.raw),
    fmtBytes(p.gzip),
  ]);
  if (boot) {
    rows.push([
      "framework boot runtime + Preact",
      "",
      String(boot.modules.length),
      fmtBytes(boot.raw),
      fmtBytes(boot.gzip),
    ]);
  }
  console.log(table(["page", "HTTP", "modules", "raw", "gzip"], rows, [1, 2, 3, 4]));
  for (const p of pages) {
    const names = p.modules.map((m) => m.url.replace("/static/_build/", "")).join(", ");
    console.log(`  ${p.path}: ${names || "(none)"}`);
    for (const url of p.external) console.log(`  ${p.path}: external module not counted: ${url}`);
    for (const url of p.unlisted) console.log(`  ${p.path}: ${url} is not in the manifest's import graph`);
    const spec = JS_PAGES.find((s) => s.path === p.path);
    if (p.status !== 200) checks.push({ name: `${p.path} renders`, pass: false, detail: `HTTP ${p.status}` });
    if (spec?.max === 0) {
      checks.push({
        name: `${p.path} ships no JavaScript`,
        pass: p.raw === 0 && !p.external.length,
        detail: fmtBytes(p.raw),
      });
    } else if (spec?.max !== undefined) {
      checks.push({
        name: `${p.path} ≤ ${fmtBytes(spec.max)} gzip`,
        pass: p.gzip <= spec.max,
        detail: fmtBytes(p.gzip),
      });
    }
  }
  if (boot) {
    console.log(
      `  framework boot runtime + Preact: built alone (the app's boot module also holds the shell's islands, ` +
        `counted in every signed-in page above): ${boot.modules.map((m) => m.url).join(", ")}`,
    );
    checks.push({
      name: `framework boot runtime + Preact ≤ ${BOOT_GZIP_BUDGET / 1024} KiB gzip`,
      pass: boot.gzip <= BOOT_GZIP_BUDGET,
      detail: `${fmtBytes(boot.gzip)} gzip (framework/client/boot.ts + static imports, built alone)`,
    });
  }
  return checks;
}

if (import.meta.main) {
  const onSignal = () => stopAllServers().finally(() => Deno.exit(130));
  Deno.addSignalListener("SIGINT", onSignal);
  let code = 0;
  try {
    code = await main();
  } catch (e) {
    console.error(e instanceof ServerStartError ? `\nFAIL: ${e.message}` : e);
    code = 1;
  } finally {
    await stopAllServers();
    Deno.removeSignalListener("SIGINT", onSignal);
  }
  Deno.exit(code);
}
