/**
 * `deno task bench`: HTTP throughput and latency of the app against a bare `Deno.serve` measured in the same run,
 * and the JavaScript each page ships. Loopback only, bounded: a warm-up plus a fixed duration per target at a
 * fixed number of connections. Exit code 0 when a target fails (it is reported), 1 when a server fails to start.
 * Signed-in targets send the session cookie of the demo registrar (staff@uni.test): bench/servers/app.ts
 * seeds the demo data into its `:memory:` KV and prints the session's token before it listens.
 *
 * Options: --duration=5 --warmup=1 --connections=50 --tool=autocannon|wrk
 * To add a target, add a row to TARGETS (and a server to SERVERS if it needs another process).
 */
import { type Check, checkLines, fmtBytes, fmtInt, fmtMs, fmtPct, machineLines, table } from "./report.ts";
import { type LoadResult, type LoadTool, loadToolVersion, measure, resolveLoadTool } from "./load.ts";
import {
  type BuildManifest,
  type JsBytes,
  jsBytes,
  type PageJs,
  pageJsBytes,
  readManifest,
} from "./js_bytes.ts";
import {
  denoRun,
  productionServeFlags,
  type ServerHandle,
  ServerStartError,
  startServer,
  type StartServerOptions,
  stopAllServers,
} from "./server.ts";
import { SESSION_COOKIE } from "../http/session_cookie.ts";

interface Options {
  duration: number;
  warmup: number;
  connections: number;
  tool?: LoadTool;
}

/** A server process; each is started once, loaded with its targets, then stopped. */
interface ServerSpec {
  key: string;
  options(): Promise<StartServerOptions>;
}

/** The server prints `session-token <jwt>` before `listening on …` (bench/servers/app.ts). */
const SESSION_TOKEN_LINE = /^session-token (\S+)$/;

interface Target {
  name: string;
  server: string;
  path: string;
  /** Overrides --connections for this target. */
  connections?: number;
  /** Sent with the registrar's session cookie; a 303 to /login then means the cookie was not accepted. */
  signedIn?: boolean;
  /** PASS/FAIL checks of this target's result; `results` maps names to the targets measured before it. */
  checks?: (result: LoadResult, results: Map<string, LoadResult>) => Check[];
}

const BARE = "bare Deno.serve";

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
    key: "app",
    options: async () => ({
      name: "app server",
      cmd: denoRun("bench/servers/app.ts", await productionServeFlags()),
      env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: ":memory:" },
      capture: { token: SESSION_TOKEN_LINE },
      readyPath: "/api/system/health",
    }),
  },
];

const TARGETS: Target[] = [
  { name: BARE, server: "bare", path: "/" },
  {
    name: "Hono JSON /api/system/health",
    server: "app",
    path: "/api/system/health",
    checks: (r, all) => [ratioCheck("Hono JSON ≥ 85% of bare req/s", r, all.get(BARE), 0.85)],
  },
  {
    name: "SSR page /hr (signed in, shell: 2 islands)",
    server: "app",
    path: "/hr",
    signedIn: true,
    connections: 50,
    checks: (r, all) => [
      ratioCheck("SSR page /hr ≥ 15% of bare req/s", r, all.get(BARE), 0.15),
      {
        name: `SSR page /hr p99 ≤ 15 ms at ${r.connections} connections`,
        pass: r.p99 <= 15 && clean(r),
        detail: `p99 ${fmtMs(r.p99)} ms${errorsNote(r)}`,
      },
    ],
  },
  // For information (no check): a page outside the shell, without session or island.
  { name: "SSR page /login (anonymous, no island)", server: "app", path: "/login", connections: 50 },
];

/** Pages whose shipped JavaScript is reported; `max` is a gzip budget in bytes (0: must ship none). */
const JS_PAGES: { path: string; server: string; max?: number; signedIn?: boolean }[] = [
  { path: "/online-register", server: "app", max: 0 },
  { path: "/login", server: "app", max: 0 },
  { path: "/hr", server: "app", signedIn: true },
  { path: "/ui-kit", server: "app", signedIn: true },
];

const BOOT_GZIP_BUDGET = 12 * 1024;

function ratioCheck(name: string, r: LoadResult, base: LoadResult | undefined, min: number): Check {
  if (!base) return { name, pass: false, detail: `no ${BARE} result to compare with` };
  const ratio = r.rps / base.rps;
  return {
    name,
    pass: ratio >= min && clean(r),
    detail: `${fmtPct(ratio)} (${fmtInt(r.rps)} / ${fmtInt(base.rps)} req/s)${errorsNote(r)}`,
  };
}

/** The request headers of a target or page: the session cookie when it is signed in. */
function requestHeaders(server: ServerHandle, signedIn: boolean | undefined): Record<string, string> {
  if (!signedIn) return {};
  const token = server.captured("token");
  if (!token) {
    throw new ServerStartError(
      `${server.name} printed no "session-token …" line, so signed-in pages cannot be measured:\n` +
        server.output(),
    );
  }
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * One request before the load, redirects not followed: a target must answer 2xx. wrk does not count 3xx as
 * errors, so a lost cookie (303 to /login) would otherwise pass unnoticed there.
 */
async function probe(target: Target, url: string, headers: Record<string, string>): Promise<Check | null> {
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.body?.cancel();
  if (response.ok) return null;
  const location = response.headers.get("location");
  return {
    name: `${target.name} answers 2xx`,
    pass: false,
    detail: `GET ${target.path}: HTTP ${response.status}${location ? ` to ${location}` : ""}${
      target.signedIn && location?.startsWith("/login") ? " (the session cookie was not accepted)" : ""
    }`,
  };
}

function clean(r: LoadResult): boolean {
  return r.errors === 0 && r.non2xx === 0 && r.total > 0;
}

function errorsNote(r: LoadResult): string {
  if (r.total === 0) return "; no request completed";
  return r.errors || r.non2xx ? `; ${r.errors} errors, ${r.non2xx} non-2xx` : "";
}

function parseOptions(args: string[]): Options {
  const opts: Options = { duration: 5, warmup: 1, connections: 50 };
  for (const arg of args) {
    const [, key, value] = /^--([a-z]+)=(.+)$/.exec(arg) ?? [];
    if (key === "tool" && (value === "autocannon" || value === "wrk")) opts.tool = value;
    else if ((key === "duration" || key === "warmup" || key === "connections") && /^\d+$/.test(value)) {
      // Bounded: at most 60 s per run and 1000 connections; duration and connections at least 1.
      opts[key] = Math.max(
        key === "warmup" ? 0 : 1,
        Math.min(Number(value), key === "connections" ? 1000 : 60),
      );
    } else {
      console.error(
        `unknown option ${arg}\nusage: bench/run.ts [--duration=5] [--warmup=1] [--connections=50] [--tool=autocannon|wrk]`,
      );
      Deno.exit(2);
    }
  }
  return opts;
}

async function main(): Promise<number> {
  const opts = parseOptions(Deno.args);
  const tool = await resolveLoadTool(opts.tool);
  const started = performance.now();

  console.log("UniAdmin benchmark");
  console.log(
    `command: deno run --allow-read --allow-write --allow-env --allow-net --allow-run --allow-sys bench/run.ts${
      Deno.args.length ? " " + Deno.args.join(" ") : ""
    }`,
  );
  const [denoLine, ...hostLines] = await machineLines();
  console.log(`machine: ${denoLine}`);
  for (const line of hostLines) console.log(`         ${line}`);
  console.log(
    `load:    ${await loadToolVersion(tool)} on loopback, ${opts.connections} connections, ` +
      `${opts.warmup} s warm-up + ${opts.duration} s measured per target`,
  );
  console.log(
    `         (generator and servers share the ${navigator.hardwareConcurrency} CPUs: compare the ratios ` +
      `measured in one run, not absolute req/s across machines)`,
  );
  console.log("");

  let manifest: BuildManifest | null = null;
  const results = new Map<string, LoadResult>();
  const pages: PageJs[] = [];
  const probeChecks: Check[] = [];
  let boot: JsBytes | null = null;

  for (const spec of SERVERS) {
    const targets = TARGETS.filter((t) => t.server === spec.key);
    const jsPages = JS_PAGES.filter((p) => p.server === spec.key);
    if (!targets.length && !jsPages.length) continue;
    const server = await startServer(await spec.options());
    console.log(`[${spec.key}] pid ${server.pid} at ${server.origin}: ${server.command}`);
    try {
      if (jsPages.length) {
        // Read once the app has started, so both see the same build even if a build runs in parallel.
        manifest ??= await readManifest();
        for (const page of jsPages) {
          const headers = requestHeaders(server, page.signedIn);
          pages.push(await pageJsBytes(server.origin, page.path, manifest, undefined, headers));
        }
        boot ??= await jsBytes([manifest.boot], manifest, server.origin);
      }
      for (const target of targets) {
        const url = server.origin + target.path;
        const headers = requestHeaders(server, target.signedIn);
        const refused = await probe(target, url, headers);
        if (refused) {
          probeChecks.push(refused);
          console.log(`[${spec.key}] ${refused.name}: FAIL, ${refused.detail}`);
        }
        const result = await measure({
          name: target.name,
          url,
          connections: target.connections ?? opts.connections,
          duration: opts.duration,
          warmup: opts.warmup,
          tool,
          headers,
        });
        results.set(target.name, result);
        console.log(`[${spec.key}] ${result.command}`);
        if (!server.running()) {
          throw new ServerStartError(`${server.name} exited during the load:\n${server.output()}`);
        }
      }
    } finally {
      await server.stop();
    }
  }

  console.log("");
  printLoad(results);
  console.log("");
  const jsChecks = printJs(pages, boot);
  console.log("");

  const checks = [
    ...probeChecks,
    ...TARGETS.flatMap((t) => {
      const r = results.get(t.name);
      return r && t.checks ? t.checks(r, results) : [];
    }),
    ...jsChecks,
  ];
  console.log("Checks");
  for (const line of checkLines(checks)) console.log(`  ${line}`);
  const failed = checks.filter((c) => !c.pass).length;
  console.log("");
  console.log(
    `${failed ? `${failed} of ${checks.length} checks FAILED` : `all ${checks.length} checks passed`} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

function printLoad(results: Map<string, LoadResult>): void {
  const base = results.get(BARE);
  const rows = [...results.values()].map((r) => [
    r.name,
    String(r.connections),
    fmtInt(r.rps),
    fmtMs(r.p50),
    fmtMs(r.p99),
    base ? fmtPct(r.rps / base.rps) : "n/a",
    fmtInt(r.total),
    String(r.errors + r.non2xx),
  ]);
  console.log("HTTP throughput and latency");
  console.log(
    table(["target", "conns", "req/s", "p50 ms", "p99 ms", "vs bare", "requests", "errors"], rows, [
      1,
      2,
      3,
      4,
      5,
      6,
      7,
    ]),
  );
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
      "boot runtime + Preact",
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
      `  boot runtime + Preact: ${boot.modules.map((m) => m.url.replace("/static/_build/", "")).join(", ")}`,
    );
    checks.push({
      name: `boot runtime + Preact ≤ ${BOOT_GZIP_BUDGET / 1024} KiB gzip`,
      pass: boot.gzip <= BOOT_GZIP_BUDGET,
      detail: `${fmtBytes(boot.gzip)} gzip (${boot.modules[0]?.url.split("/").pop()} + static imports)`,
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
