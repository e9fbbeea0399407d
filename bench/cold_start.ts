/**
 * Cold start, as Deno Deploy starts an instance on demand: from spawning the server process (production flags)
 * to its first served `/login`, then a sign-in and the first `/students` page on the large demo university.
 * The baseline, measured in the same run, is a bare `Deno.serve` process answering its first request.
 *
 * `deno run -A bench/cold_start.ts [--runs=5] [--kv=./data/…/app.kv]`: without --kv it seeds the large demo
 * university into a temporary KV under ./data first (about 10 s) and removes it afterwards.
 */
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { DENO, productionServeFlags, ROOT } from "./server.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string" }, kv: { type: "string" } },
});
const RUNS = Number(values.runs ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Polls `url` until it answers `status` itself (a redirect to the sign-in page does not count); ms after `since`. */
async function firstAnswer(url: string, since: number, init?: RequestInit, status = 200): Promise<number> {
  for (const deadline = since + 60_000; performance.now() < deadline;) {
    const answer = await fetch(url, { ...init, redirect: "manual" }).catch(() => null);
    await answer?.body?.cancel();
    if (answer?.status === status) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`${url} did not answer ${status} within 60 s`);
}

async function signIn(origin: string): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.admin;
  const answer = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ login: email, password }),
  });
  await answer.body?.cancel();
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error(`sign-in failed: ${answer.status}`);
  return cookie.split(";")[0];
}

interface Sample {
  login: number;
  students: number;
}

async function appColdStart(kvPath: string): Promise<Sample> {
  const port = freePort(), origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = new Deno.Command(DENO, {
    args: ["run", ...await productionServeFlags(), "main.ts"],
    cwd: ROOT,
    env: { PORT: String(port), HOST: "127.0.0.1", KV_PATH: kvPath, SEED: "off" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    const login = await firstAnswer(`${origin}/login`, started);
    const cookie = await signIn(origin);
    const students = await firstAnswer(`${origin}/students`, started, { headers: { cookie } });
    return { login, students };
  } finally {
    server.kill("SIGKILL");
    await server.status;
  }
}

async function bareColdStart(): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const server = new Deno.Command(DENO, {
    args: ["run", "--allow-net", "--allow-env=PORT,HOST", "bench/servers/bare.ts"],
    cwd: ROOT,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    return await firstAnswer(`http://127.0.0.1:${port}/`, started);
  } finally {
    server.kill("SIGKILL");
    await server.status;
  }
}

async function seedLarge(): Promise<{ kvPath: string; dir: string }> {
  const dir = `${ROOT}/data/bench-cold-${crypto.randomUUID().slice(0, 8)}`;
  const kvPath = `${dir}/app.kv`;
  const seeded = await new Deno.Command(DENO, {
    args: ["task", "seed", "--size", "large"],
    cwd: ROOT,
    env: { KV_PATH: kvPath },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!seeded.success) throw new Error(new TextDecoder().decode(seeded.stderr));
  return { kvPath, dir };
}

if (import.meta.main) {
  const own = values.kv ? null : await seedLarge();
  const kvPath = values.kv ?? own!.kvPath;
  try {
    const bare: number[] = [], login: number[] = [], students: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      bare.push(await bareColdStart());
      const sample = await appColdStart(kvPath);
      login.push(sample.login);
      students.push(sample.students);
    }
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(", ")})`;
    console.log(`cold start, ${RUNS} runs, Deno ${Deno.version.deno}, large demo university`);
    console.log(`  bare Deno.serve, first response:        ${fmt(bare)}`);
    console.log(`  app, spawn → first /login:              ${fmt(login)}`);
    console.log(`  app, spawn → sign-in → first /students: ${fmt(students)}`);
    console.log(`  ratio of medians, /login to bare:       ${(median(login) / median(bare)).toFixed(1)}×`);
  } finally {
    if (own) await Deno.remove(own.dir, { recursive: true }).catch(() => {});
  }
}
