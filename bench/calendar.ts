/**
 * The personal calendar's month view (issue 26: p99 ≤ 25 ms at 20 connections), in-process through
 * `app.request` on the small demo university: 20 concurrent clients as the demo student (lessons, events,
 * deadlines of a month), beside the same rounds of GET /api/system/health (the app's own floor).
 * Run: node_modules/.bin/deno run -A bench/calendar.ts
 */
import { createApp } from "../main.ts";
import { seed } from "../services/seed/mod.ts";
import { pinClock } from "../services/academic/clock.ts";
import { REFERENCE_NOW } from "../services/seed/university_sizes.ts";
import { createSession } from "../services/identity/sessions.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";

const CONNECTIONS = 20;
const ROUNDS = 40;
const P99_MS = 25;

pinClock(REFERENCE_NOW);
const app = await createApp({ kvPath: ":memory:" });
await seed("small", () => {});
const user = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
const { token } = await createSession({
  userId: user.id,
  guard: user.guard,
  ttlSeconds: 3600,
  ip: "127.0.0.1",
  userAgent: "bench",
});

async function load(path: string, connections = CONNECTIONS): Promise<number[]> {
  const times: number[] = [];
  const headers = { authorization: `Bearer ${token}`, cookie: `session=${token}` };
  // Warm-up: the first request loads snapshots every later one shares.
  await (await app.request(path, { headers })).body?.cancel();
  await Promise.all(Array.from({ length: connections }, async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const res = await app.request(path, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - started);
    }
  }));
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const baseline = await load("/api/system/health");
const month = await load("/api/calendar/mine");
const page = await load("/hr/calendar/calendar");
// One at a time: the time a request costs the server, which 20 concurrent ones queue behind each other.
const alone = await load("/hr/calendar/calendar", 1);
const line = (name: string, t: number[]) =>
  `${name}: ${t.length} requests at ${CONNECTIONS} concurrent, p50 ${pct(t, 0.5).toFixed(1)} ms, p99 ${
    pct(t, 0.99).toFixed(1)
  } ms`;
console.log(line("baseline GET /api/system/health", baseline));
console.log(line("calendarMine (a month)", month));
console.log(line("page /hr/calendar/calendar (month view)", page) + ` (target p99 ≤ ${P99_MS} ms)`);
console.log(
  `the same page one request at a time: p50 ${pct(alone, 0.5).toFixed(1)} ms, p99 ${
    pct(alone, 0.99).toFixed(1)
  } ms`,
);
if (pct(page, 0.99) > P99_MS) Deno.exitCode = 1;
Deno.exit();
