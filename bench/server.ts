/**
 * Servers under test, each in its own process so the load generator never shares an isolate with them.
 * A server binds a free port itself and prints `listening on http://host:port`; `startServer` reads that
 * line back, checks the server answers, and hands back its origin and a `stop()`.
 */

/** The project root (the folder holding deno.json), as a path without a trailing slash. */
export const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** The deno binary running this benchmark; servers are started with the same one. */
export const DENO = Deno.execPath();

export interface StartServerOptions {
  /** Label used in messages. */
  name: string;
  /** Program and arguments, e.g. `[DENO, "run", "--allow-net", "bench/servers/bare.ts"]`. */
  cmd: string[];
  /** Working directory; the project root by default. */
  cwd?: string;
  /** Extra environment variables for the server. */
  env?: Record<string, string>;
  /** Matches the line announcing the origin (first capture group); `listening on http://…` by default. */
  readyPattern?: RegExp;
  /**
   * Values the server prints before it is ready, by name: the first capture group of the first line matching
   * each pattern, e.g. `{ token: /^session-token (\S+)$/ }`. Read back with `handle.captured(name)`.
   */
  capture?: Record<string, RegExp>;
  /** Path fetched once the origin is known; the server counts as started when it answers 2xx. */
  readyPath?: string;
  /** How long the server may take to start. */
  timeoutMs?: number;
}

export interface ServerHandle {
  name: string;
  /** `http://127.0.0.1:port`, without a trailing slash. */
  origin: string;
  pid: number;
  /** The command line, for the report. */
  command: string;
  /** The last lines the server printed (stdout and stderr). */
  output(): string;
  /** A value named in `StartServerOptions.capture`, or undefined if no line matched its pattern. */
  captured(name: string): string | undefined;
  /** Whether the process is still running. */
  running(): boolean;
  stop(): Promise<void>;
}

/** A server that did not start: run.ts exits non-zero on it. */
export class ServerStartError extends Error {
  override name = "ServerStartError";
}

const DEFAULT_READY = /listening on (https?:\/\/[^\s/"]+)/i;
const KEPT_LINES = 60;

const live = new Set<ServerHandle>();

/** Stops every server started and not yet stopped (on errors and Ctrl-C). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...live].map((s) => s.stop()));
}

export async function startServer(opts: StartServerOptions): Promise<ServerHandle> {
  const [program, ...args] = opts.cmd;
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const pattern = opts.readyPattern ?? DEFAULT_READY;
  const command = opts.cmd.map(quote).join(" ");
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args,
      cwd: opts.cwd ?? ROOT,
      env: opts.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (e) {
    throw new ServerStartError(`${opts.name}: cannot run ${command}: ${(e as Error).message}`);
  }

  const lines: string[] = [];
  const captured = new Map<string, string>();
  let exited = false;
  let announce: (origin: string) => void = () => {};
  const announced = new Promise<string>((resolve) => (announce = resolve));
  const onLine = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
    for (const [name, re] of Object.entries(opts.capture ?? {})) {
      const value = captured.has(name) ? undefined : re.exec(line)?.[1];
      if (value !== undefined) captured.set(name, value);
    }
    const match = pattern.exec(line);
    if (match) announce(match[1]);
  };
  const pumping = Promise.all([pumpLines(child.stdout, onLine), pumpLines(child.stderr, onLine)]);
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });

  let stopping: Promise<void> | null = null;
  const handle: ServerHandle = {
    name: opts.name,
    origin: "",
    pid: child.pid,
    command,
    output: () => lines.join("\n"),
    captured: (name) => captured.get(name),
    running: () => !exited,
    stop() {
      stopping ??= (async () => {
        if (!exited) {
          try {
            child.kill("SIGTERM");
          } catch {
            // already gone
          }
          const killTimer = setTimeout(() => {
            try {
              child.kill("SIGKILL");
            } catch {
              // already gone
            }
          }, 3_000);
          await status;
          clearTimeout(killTimer);
        }
        await pumping;
        live.delete(handle);
      })();
      return stopping;
    },
  };
  live.add(handle);

  const fail = async (why: string): Promise<never> => {
    await handle.stop();
    throw new ServerStartError(
      `${opts.name} did not start: ${why}\n  command: ${command}\n${indent(handle.output())}`,
    );
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((
    resolve,
  ) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const first = await Promise.race([announced, status.then((s) => s), timedOut]);
    if (first === "timeout") return await fail(`no "listening on" line within ${timeoutMs} ms`);
    if (typeof first !== "string") return await fail(`it exited with code ${first.code}`);
    (handle as { origin: string }).origin = first.replace(/\/$/, "");
    if (opts.readyPath) {
      const ready = await Promise.race([waitForOk(handle.origin + opts.readyPath, () => !exited), timedOut]);
      if (ready === "timeout") {
        return await fail(`${opts.readyPath} did not answer 2xx within ${timeoutMs} ms`);
      }
      if (ready !== true) return await fail(`${opts.readyPath}: ${ready}`);
    }
    return handle;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The app under benchmark (bench/servers/app.ts) prints its sessions as `session-tokens <jwt> <jwt> …` before it
 * listens; read them with `sessionTokens(handle)`.
 */
export const SESSION_TOKENS_LINE = /^session-tokens (.+)$/;

export function sessionTokens(server: ServerHandle): string[] {
  return server.captured("tokens")?.split(" ").filter(Boolean) ?? [];
}

/**
 * A KV file for one benchmark run under ./data (the only folder the production flags let the app write), as
 * a path relative to ROOT; it and SQLite's -wal and -shm files are removed when the benchmark exits.
 */
export function temporaryKv(name: string): string {
  const kvPath = `data/bench-${name}-${Deno.pid}.kv`;
  const remove = () => {
    for (const suffix of ["", "-wal", "-shm"]) {
      try {
        Deno.removeSync(`${ROOT}/${kvPath}${suffix}`);
      } catch {
        // never created, or already gone
      }
    }
  };
  remove();
  addEventListener("unload", remove);
  return kvPath;
}

/**
 * V8 flags every process the benchmark starts gets besides its own. The bench keeps up to seven servers up at
 * once on a shared machine, and V8's memory reducer runs two full collections in a server about 20 s after its
 * load ends (measured on the large demo: 0.4 s of CPU and two pauses of 55 ms): in another target's
 * measurement. A server under load never meets the reducer, which waits for allocation to slow down, so
 * turning it off changes what no target measures, only what the idle ones take from it.
 */
export const BENCH_V8_FLAGS = ["--no-memory-reducer"];

/** `deno run <flags> <script>` with the deno running this benchmark (and BENCH_V8_FLAGS). */
export function denoRun(script: string, flags: string[]): string[] {
  const own = flags.find((flag) => flag.startsWith("--v8-flags="));
  const v8 = `--v8-flags=${[...(own ? own.slice("--v8-flags=".length).split(",") : []), ...BENCH_V8_FLAGS]}`;
  return [DENO, "run", v8, ...flags.filter((flag) => flag !== own), script];
}

/** The flags of the production server: deno.json task "serve" between `run` and `main.ts`. */
export async function productionServeFlags(root = ROOT): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(`${root}/deno.json`));
  const task: string = config.tasks?.serve ?? "";
  const words = task.trim().split(/\s+/);
  const run = words.indexOf("run");
  const entry = words.indexOf("main.ts");
  if (run === -1 || entry === -1) {
    throw new ServerStartError(`deno.json task "serve" must be "… run <flags> main.ts"; it is: ${task}`);
  }
  return words.slice(run + 1, entry);
}

async function waitForOk(url: string, alive: () => boolean): Promise<true | string> {
  let last = "no answer";
  while (alive()) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return true;
      last = `HTTP ${response.status}`;
      if (response.status >= 400 && response.status < 500) return last;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return `the process exited (${last})`;
}

async function pumpLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) onLine(line.replace(/\r$/, ""));
    }
  } catch {
    // the pipe closed with the process
  }
  if (pending) onLine(pending);
}

function indent(text: string): string {
  return text ? text.split("\n").map((l) => `  | ${l}`).join("\n") : "  | (no output)";
}

export function quote(word: string): string {
  const short = word.startsWith(ROOT + "/") ? word.slice(ROOT.length + 1) : word;
  return /^[\w@%+=:,./-]+$/.test(short) ? short : `'${short.replaceAll("'", `'\\''`)}'`;
}
