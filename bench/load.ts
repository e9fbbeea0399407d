/**
 * Load generation on loopback, bounded in time and connections: `measure()` runs a warm-up then a fixed-duration
 * run against one URL with autocannon (node_modules, run with node) or, when asked or when autocannon is
 * unavailable, Debian's wrk. Both run as separate processes from the servers under test.
 */
import { quote, ROOT } from "./server.ts";

export type LoadTool = "autocannon" | "wrk";

export interface MeasureOptions {
  /** Row label in the report. */
  name: string;
  url: string;
  /** Concurrent connections (default 50). */
  connections?: number;
  /** Measured seconds (default 5). */
  duration?: number;
  /** Unrecorded seconds before the measured run (default 1; 0 skips it). */
  warmup?: number;
  /** Which generator; `resolveLoadTool()` by default. */
  tool?: LoadTool;
  /** Request headers sent with every request, e.g. `{ cookie: "session=…" }`. */
  headers?: Record<string, string>;
}

export interface LoadResult {
  name: string;
  url: string;
  tool: LoadTool;
  connections: number;
  duration: number;
  /** Mean requests per second over the measured run. */
  rps: number;
  /** Latency percentiles and mean, in milliseconds (autocannon: 1 ms resolution). */
  p50: number;
  p99: number;
  mean: number;
  /** Requests completed in the measured run. */
  total: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses outside 2xx (autocannon) or outside 2xx/3xx (wrk). */
  non2xx: number;
  /** The measured command, for the report. */
  command: string;
}

const AUTOCANNON = `${ROOT}/node_modules/autocannon/autocannon.js`;
const WRK = "/usr/bin/wrk";

/** autocannon if node and node_modules/autocannon are present, else wrk if installed; throws if neither. */
export async function resolveLoadTool(preferred?: LoadTool): Promise<LoadTool> {
  if (preferred === "wrk" || preferred === "autocannon") {
    if (!(await toolAvailable(preferred))) throw new Error(`load tool ${preferred} is not available`);
    return preferred;
  }
  if (await toolAvailable("autocannon")) return "autocannon";
  if (await toolAvailable("wrk")) return "wrk";
  throw new Error(`no load generator: install node_modules (autocannon) or Debian's wrk`);
}

/** A one-line version string of the tool, for the report. */
export async function loadToolVersion(tool: LoadTool): Promise<string> {
  if (tool === "wrk") {
    const out = await run(WRK, ["-v"]);
    return (out.stdout + out.stderr).split("\n")[0].replace(/\s*Copyright.*$/, "");
  }
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/node_modules/autocannon/package.json`));
  const node = (await run("node", ["--version"])).stdout.trim();
  return `autocannon ${pkg.version} (node ${node})`;
}

export async function measure(opts: MeasureOptions): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 5;
  const warmup = opts.warmup ?? 1;
  const tool = opts.tool ?? await resolveLoadTool();
  const generate = tool === "wrk" ? runWrk : runAutocannon;
  const headers = opts.headers ?? {};
  if (warmup > 0) await generate(opts.url, connections, warmup, headers);
  const result = await generate(opts.url, connections, duration, headers);
  return { name: opts.name, url: opts.url, tool, connections, duration, ...result };
}

type Measured = Omit<LoadResult, "name" | "url" | "tool" | "connections" | "duration">;

async function runAutocannon(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Measured> {
  // autocannon splits `-H` at the first ':' or '=', whichever comes first, and keeps the value as written.
  const args = [
    AUTOCANNON,
    "-c",
    String(connections),
    "-d",
    String(duration),
    "-j",
    ...headerArgs(headers),
    url,
  ];
  const out = await run("node", args);
  let json: AutocannonJson;
  try {
    json = JSON.parse(out.stdout);
  } catch {
    throw new Error(`autocannon printed no JSON (exit ${out.code}):\n${out.stderr || out.stdout}`);
  }
  return {
    rps: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    mean: json.latency.average,
    total: json.requests.total,
    errors: json.errors + json.timeouts,
    non2xx: json.non2xx,
    command: redactCommand(["node", ...args], headers),
  };
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function runWrk(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Measured> {
  const threads = Math.max(1, Math.min(connections, navigator.hardwareConcurrency || 1));
  const args = [
    "-t",
    String(threads),
    "-c",
    String(connections),
    "-d",
    `${duration}s`,
    "--latency",
    ...headerArgs(headers),
    url,
  ];
  const out = await run(WRK, args);
  if (out.code !== 0) throw new Error(`wrk failed (exit ${out.code}):\n${out.stderr || out.stdout}`);
  return { ...parseWrk(out.stdout), command: redactCommand([WRK, ...args], headers) };
}

/** `-H "name: value"` per header: the form both autocannon and wrk read. */
function headerArgs(headers: Record<string, string>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
}

/** The command for the report, with header values (session tokens) shortened. */
function redactCommand(words: string[], headers: Record<string, string>): string {
  const secrets = Object.values(headers).filter((v) => v.length > 24);
  return words
    .map((w) => secrets.reduce((word, v) => word.replace(v, `${v.slice(0, 12)}…`), w))
    .map(quote)
    .join(" ");
}

/** Reads wrk's text report (with `--latency`). */
export function parseWrk(text: string): Omit<Measured, "command"> {
  const percentile = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(text);
    return m ? toMs(Number(m[1]), m[2]) : NaN;
  };
  const meanMatch = /^\s*Latency\s+([\d.]+)(us|ms|s)/m.exec(text);
  const totalMatch = /^\s*(\d+) requests in/m.exec(text);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    rps: Number(/Requests\/sec:\s*([\d.]+)/.exec(text)?.[1] ?? NaN),
    p50: percentile("50"),
    p99: percentile("99"),
    mean: meanMatch ? toMs(Number(meanMatch[1]), meanMatch[2]) : NaN,
    total: Number(totalMatch?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(text)?.[1] ?? 0),
  };
}

function toMs(value: number, unit: string): number {
  return unit === "us" ? value / 1000 : unit === "s" ? value * 1000 : value;
}

async function toolAvailable(tool: LoadTool): Promise<boolean> {
  try {
    if (tool === "wrk") {
      await Deno.stat(WRK);
      return true;
    }
    await Deno.stat(AUTOCANNON);
    return (await run("node", ["--version"])).code === 0;
  } catch {
    return false;
  }
}

async function run(
  program: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(program, {
    args,
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const decoder = new TextDecoder();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}
