/**
 * Load generation on loopback, bounded in time and connections. `startLoadGenerator()` hands back a generator
 * whose `measure()` runs a warm-up then a fixed-duration run against one URL, with autocannon (node_modules, in
 * one long-running node process: bench/autocannon_driver.mjs) or, when asked or when autocannon is unavailable,
 * Debian's wrk (one process per run). Either way the generator runs in processes apart from the servers under
 * test.
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
  /**
   * Request headers, e.g. `[{ cookie: "session=…" }]`. With several sets, each connection sends them in turn
   * (one per signed-in session), so the load is spread over several sessions; none by default.
   */
  headerSets?: Record<string, string>[];
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

/** A load generator kept for a whole benchmark run; `close()` it when done. */
export interface LoadGenerator {
  tool: LoadTool;
  measure(opts: MeasureOptions): Promise<LoadResult>;
  close(): Promise<void>;
}

export function startLoadGenerator(tool: LoadTool): LoadGenerator {
  if (tool === "wrk") {
    return {
      tool,
      measure: (opts) =>
        measureWith(tool, opts, async (url, connections, duration, warmup, headerSets) => {
          if (warmup > 0) await runWrk(url, connections, warmup, headerSets);
          return runWrk(url, connections, duration, headerSets);
        }),
      close: () => Promise.resolve(),
    };
  }
  const driver = new AutocannonDriver();
  return {
    tool,
    measure: (opts) =>
      measureWith(tool, opts, async (url, connections, duration, warmup, headerSets) => ({
        ...(await driver.run({ url, connections, duration, warmup, headerSets })),
        // The equivalent command line, for the report (the CLI takes one header set: the first is shown).
        command: redactCommand(
          [
            "node",
            AUTOCANNON,
            "-c",
            String(connections),
            "-d",
            String(duration),
            "-j",
            ...headerArgs(headerSets[0] ?? {}),
            url,
          ],
          headerSets,
        ) + inTurn(headerSets),
      })),
    close: () => driver.close(),
  };
}

/** One measurement with a generator started and closed for it. */
export async function measure(opts: MeasureOptions): Promise<LoadResult> {
  const generator = startLoadGenerator(opts.tool ?? await resolveLoadTool());
  try {
    return await generator.measure(opts);
  } finally {
    await generator.close();
  }
}

async function measureWith(
  tool: LoadTool,
  opts: MeasureOptions,
  generate: (
    url: string,
    connections: number,
    duration: number,
    warmup: number,
    headerSets: Record<string, string>[],
  ) => Promise<Measured>,
): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 5;
  const headerSets = opts.headerSets?.length ? opts.headerSets : [{}];
  const result = await generate(opts.url, connections, duration, opts.warmup ?? 1, headerSets);
  return { name: opts.name, url: opts.url, tool, connections, duration, ...result };
}

type Measured = Omit<LoadResult, "name" | "url" | "tool" | "connections" | "duration">;

interface DriverRequest {
  url: string;
  connections: number;
  duration: number;
  warmup: number;
  headerSets: Record<string, string>[];
}

/**
 * bench/autocannon_driver.mjs as a child process, started on the first request: one JSON request per line on
 * its stdin, one JSON reply per line on its stdout, one request at a time.
 */
class AutocannonDriver {
  #child: Deno.ChildProcess | null = null;
  #writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  #replies: AsyncIterator<string> | null = null;
  #stderr: string[] = [];
  #pumping: Promise<void> = Promise.resolve();
  #queue: Promise<unknown> = Promise.resolve();

  run(req: DriverRequest): Promise<Omit<Measured, "command">> {
    const next = this.#queue.then(() => this.#run(req));
    this.#queue = next.catch(() => {});
    return next;
  }

  async #run(req: DriverRequest): Promise<Omit<Measured, "command">> {
    const { writer, replies } = this.#start();
    const timeoutMs = (req.warmup + req.duration) * 1000 + 30_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((
      resolve,
    ) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
    try {
      await writer.write(new TextEncoder().encode(JSON.stringify(req) + "\n"));
      const line = await Promise.race([replies.next(), timedOut]);
      if (line === "timeout") {
        this.#kill();
        throw new Error(`autocannon gave no result within ${timeoutMs} ms:\n${this.#stderr.join("\n")}`);
      }
      if (line.done) throw new Error(`autocannon exited:\n${this.#stderr.join("\n")}`);
      const reply = JSON.parse(line.value);
      if (reply.error) throw new Error(`autocannon failed: ${reply.error}`);
      return reply;
    } finally {
      clearTimeout(timer);
    }
  }

  #start(): { writer: WritableStreamDefaultWriter<Uint8Array>; replies: AsyncIterator<string> } {
    if (!this.#child) {
      const child = new Deno.Command("node", {
        args: [`${ROOT}/bench/autocannon_driver.mjs`],
        cwd: ROOT,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      this.#child = child;
      this.#writer = child.stdin.getWriter();
      this.#replies = lines(child.stdout);
      this.#pumping = (async () => {
        for await (const line of lines(child.stderr)) {
          this.#stderr.push(line);
          if (this.#stderr.length > 40) this.#stderr.shift();
        }
      })();
    }
    return { writer: this.#writer!, replies: this.#replies! };
  }

  #kill(): void {
    try {
      this.#child?.kill("SIGKILL");
    } catch {
      // already gone
    }
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    await this.#queue;
    try {
      await this.#writer?.close();
    } catch {
      // the process is gone
    }
    const killTimer = setTimeout(() => this.#kill(), 3_000);
    await child.status;
    clearTimeout(killTimer);
    await this.#pumping;
    // Read stdout to its end so its resource is released.
    while (!(await this.#replies!.next()).done);
    this.#child = null;
  }
}

async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      yield* parts;
    }
  } catch {
    // the pipe closed with the process
  }
  if (pending) yield pending;
}

async function runWrk(
  url: string,
  connections: number,
  duration: number,
  headerSets: Record<string, string>[],
): Promise<Measured> {
  const threads = Math.max(1, Math.min(connections, navigator.hardwareConcurrency || 1));
  // Several header sets need a script that hands each request the next one; one set goes on the command line.
  const script = headerSets.length > 1 ? await Deno.makeTempFile({ suffix: ".lua" }) : null;
  if (script) await Deno.writeTextFile(script, wrkRotation(headerSets));
  const args = [
    "-t",
    String(threads),
    "-c",
    String(connections),
    "-d",
    `${duration}s`,
    "--latency",
    ...(script ? ["-s", script] : headerArgs(headerSets[0])),
    url,
  ];
  try {
    const out = await run(WRK, args);
    if (out.code !== 0) throw new Error(`wrk failed (exit ${out.code}):\n${out.stderr || out.stdout}`);
    return {
      ...parseWrk(out.stdout),
      command: redactCommand([WRK, ...args], headerSets) + inTurn(headerSets),
    };
  } finally {
    if (script) await Deno.remove(script).catch(() => {});
  }
}

/** A wrk script whose requests carry the header sets in turn (wrk.format keeps the Host header). */
function wrkRotation(headerSets: Record<string, string>[]): string {
  const table = (headers: Record<string, string>) =>
    `{ ${
      Object.entries(headers).map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join(", ")
    } }`;
  return [
    `local sets = { ${headerSets.map(table).join(", ")} }`,
    "local i = 0",
    "request = function()",
    "  i = i % #sets + 1",
    "  local headers = {}",
    "  for k, v in pairs(sets[i]) do headers[k] = v end",
    "  return wrk.format(nil, nil, headers)",
    "end",
    "",
  ].join("\n");
}

/** For the report: how many header sets (sessions) the requests took in turn. */
function inTurn(headerSets: Record<string, string>[]): string {
  return headerSets.length > 1 ? ` (${headerSets.length} header sets in turn, e.g. one per session)` : "";
}

/** `-H "name: value"` per header: the form both autocannon and wrk read. */
function headerArgs(headers: Record<string, string>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
}

/** The command for the report, with header values (session tokens) shortened. */
function redactCommand(words: string[], headerSets: Record<string, string>[]): string {
  const secrets = headerSets.flatMap((headers) => Object.values(headers)).filter((v) => v.length > 24);
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
