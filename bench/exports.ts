/**
 * `deno run -A bench/exports.ts [--kv=data/x.kv] [--exporters=10] [--seconds=8]`: whether spreadsheet exports
 * leave everyone else alone (issue 33). The large demo university (20,000 students) is seeded into a KV under
 * ./data (or an existing one is used), ten extra staff accounts with the registrar's roles and a session each
 * are added, and the app is started with the production flags (deno.json "serve"). Then another person's
 * `GET /api/auth/me` is timed, four requests at a time: first idle, then while every exporter asks for
 * `/api/students/export` over and over (the next request as soon as the last answered; a refusal waits its
 * Retry-After, capped at a second). Prints both latency profiles, their p99 ratio (the check: ≤ 2×), the
 * exports made and refused, and the server's peak memory.
 */
import { closeDb, openDb } from "../services/db/kv.ts";
import { createUser, findUserByEmail, type User } from "../services/identity/users.ts";
import { createSession } from "../services/identity/sessions.ts";
import { SESSION_COOKIE } from "../http/session_cookie.ts";
import { DENO, productionServeFlags, ROOT, startServer } from "./server.ts";
import { fmtMs } from "./report.ts";

const option = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const args = { kv: option("kv") };
const EXPORTERS = Number(option("exporters") ?? 10);
const SECONDS = Number(option("seconds") ?? 8);
const PROBES = 4;

async function seededKv(): Promise<{ path: string; temporary: boolean }> {
  if (args.kv) return { path: args.kv, temporary: false };
  const path = `data/bench-exports-${Deno.pid}.kv`;
  const seeded = await new Deno.Command(DENO, {
    args: ["task", "seed", "--size", "large"],
    cwd: ROOT,
    env: { KV_PATH: `./${path}` },
  }).output();
  if (!seeded.success) throw new Error(new TextDecoder().decode(seeded.stderr));
  return { path, temporary: true };
}

/** Sessions for the exporters (new accounts with the registrar's roles) and for the person being timed. */
async function sessions(path: string): Promise<{ exporters: string[]; probe: string }> {
  await openDb(path);
  const session = async ({ id, guard }: User) =>
    (await createSession({ userId: id, guard, ttlSeconds: 3600, ip: "127.0.0.1", userAgent: "bench" })).token;
  const registrar = (await findUserByEmail("staff@uni.test"))!;
  const exporters: string[] = [];
  for (let i = 0; i < EXPORTERS; i++) {
    const email = `bench-exporter-${i}@uni.test`;
    const user = await findUserByEmail(email) ?? await createUser({
      ...registrar,
      email,
      name: `Exporter ${i}`,
      nameEn: `Exporter ${i}`,
      linkedAccountIds: [],
      hrUserId: null,
    }, null);
    exporters.push(await session(user));
  }
  const probe = await session((await findUserByEmail("prof@uni.test"))!);
  await closeDb();
  return { exporters, probe };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function timeMe(origin: string, token: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(Array.from({ length: PROBES }, async () => {
    while (!until()) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/auth/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/auth/me answered ${res.status}`);
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  }));
  return samples.sort((a, b) => a - b);
}

function peakRssMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const kv = await seededKv();
try {
  const tokens = await sessions(kv.path);
  const server = await startServer({
    name: "app (large demo university)",
    cmd: [DENO, "run", ...(await productionServeFlags()), "main.ts"],
    env: { PORT: "0", HOST: "127.0.0.1", KV_PATH: `./${kv.path}`, SEED: "off" },
    readyPattern: /listening on (https?:\/\/[^\s/"]+)/, // the server's log lines may be JSON
    readyPath: "/login",
    timeoutMs: 60_000,
  });
  try {
    const idleEnd = performance.now() + SECONDS * 1000;
    const idle = await timeMe(server.origin, tokens.probe, () => performance.now() > idleEnd);
    const rssIdle = peakRssMiB(server.pid);

    let stop = false;
    const counts = { made: 0, refused: 0, failed: 0 };
    const exporting = tokens.exporters.map(async (token) => {
      while (!stop) {
        const res = await fetch(`${server.origin}/api/students/export`, {
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
        });
        await res.arrayBuffer();
        if (res.ok) counts.made++;
        else if (res.status === 429 || res.status === 503) {
          counts.refused++;
          const wait = Math.min(1, Number(res.headers.get("retry-after") ?? 1));
          await new Promise((r) => setTimeout(r, wait * 1000));
        } else counts.failed++;
      }
    });
    await new Promise((r) => setTimeout(r, 1000)); // the exports are under way
    const loadEnd = performance.now() + SECONDS * 1000;
    const loaded = await timeMe(server.origin, tokens.probe, () => performance.now() > loadEnd);
    stop = true;
    await Promise.all(exporting);

    const line = (name: string, s: number[]) =>
      `${name}: ${s.length} requests, p50 ${fmtMs(percentile(s, 0.5))} ms, p99 ${
        fmtMs(percentile(s, 0.99))
      } ms`;
    const ratio = percentile(loaded, 0.99) / percentile(idle, 0.99);
    console.log(line("GET /api/auth/me idle", idle));
    console.log(line(`GET /api/auth/me with ${EXPORTERS} people exporting 20,000 students`, loaded));
    console.log(
      `exports: ${counts.made} made, ${counts.refused} refused (429/503), ${counts.failed} failed; ` +
        `server peak RSS ${rssIdle.toFixed(0)} MiB idle, ${peakRssMiB(server.pid).toFixed(0)} MiB after`,
    );
    console.log(`${ratio <= 2 ? "PASS" : "FAIL"} other users' p99 within 2× of idle: ${ratio.toFixed(2)}×`);
  } finally {
    await server.stop();
  }
} finally {
  if (kv.temporary) {
    for (const suffix of ["", "-shm", "-wal"]) await Deno.remove(`${kv.path}${suffix}`).catch(() => {});
  }
}
