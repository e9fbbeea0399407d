/**
 * The personal calendar's month view (issue 26: p99 ≤ 25 ms at 20 connections), in-process through
 * `app.request` on the small demo university: 20 concurrent clients as the demo student (lessons, events,
 * deadlines of a month), beside the same rounds of GET /api/system/health (the app's own floor), and the page
 * one request at a time (what a request costs the server, which 20 concurrent ones queue behind each other).
 * Each is measured in MEASURED_ROUNDS rounds and its figures are the medians of the rounds' p50 and p99, as
 * bench/run.ts does for every HTTP target (p99Check): one round lasts about a second, so a single pause of the
 * shared machine lands in one round's p99 and not in the figure.
 * Run: node_modules/.bin/deno run -A bench/calendar.ts (exit 1 when the target is missed), or as part of
 * `deno task bench` (`--only=calendar`), which runs it in a process of its own.
 */
import { checksFromChild, reportFigures } from "./child_figures.ts";
import { type Check, fmtMs, median } from "./report.ts";

const CONNECTIONS = 20;
/** Requests per connection in one measured round, and the rounds (an odd number: their median is one). */
const REQUESTS_PER_ROUND = 100;
const MEASURED_ROUNDS = 3;
const WARMUP_ROUNDS = 10;
const P99_MS = 25;

interface Timing {
  requests: number;
  p50: number;
  p99: number;
  /** Each measured round's p99. */
  rounds: number[];
}

export interface CalendarFigures {
  baseline: Timing;
  api: Timing;
  page: Timing;
  alone: Timing;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function measure(): Promise<CalendarFigures> {
  // Imported here: bench/run.ts imports this file for its checks only, without the app's module graph.
  const { seededApp, sessionToken } = await import("./in_process_app.ts");
  const { DEMO_ACCOUNTS } = await import("../services/seed/accounts.ts");
  const { app } = await seededApp("small");
  const token = await sessionToken(DEMO_ACCOUNTS.student.email);

  async function load(path: string, connections = CONNECTIONS): Promise<Timing> {
    const headers = { authorization: `Bearer ${token}`, cookie: `session=${token}` };
    // Warm-up, as the HTTP targets have theirs (bench/run.ts): the first request loads the snapshots every
    // later one shares, and a round at the same concurrency lets the code reach its optimized form.
    await (await app.request(path, { headers })).body?.cancel();
    await Promise.all(Array.from({ length: connections }, async () => {
      for (let i = 0; i < WARMUP_ROUNDS; i++) await (await app.request(path, { headers })).arrayBuffer();
    }));
    const rounds: { p50: number; p99: number }[] = [];
    for (let round = 0; round < MEASURED_ROUNDS; round++) {
      const times: number[] = [];
      await Promise.all(Array.from({ length: connections }, async () => {
        for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
          const started = performance.now();
          const res = await app.request(path, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
          times.push(performance.now() - started);
        }
      }));
      times.sort((a, b) => a - b);
      rounds.push({ p50: pct(times, 0.5), p99: pct(times, 0.99) });
    }
    return {
      requests: connections * REQUESTS_PER_ROUND * MEASURED_ROUNDS,
      p50: median(rounds.map((r) => r.p50)),
      p99: median(rounds.map((r) => r.p99)),
      rounds: rounds.map((r) => r.p99),
    };
  }

  return {
    baseline: await load("/api/system/health"),
    api: await load("/api/calendar/mine"),
    page: await load("/hr/calendar/calendar"),
    alone: await load("/hr/calendar/calendar", 1),
  };
}

export function calendarChecks(f: CalendarFigures): Check[] {
  const at = (t: Timing) => `p50 ${fmtMs(t.p50)} ms, p99 ${fmtMs(t.p99)} ms`;
  const rounds = (t: Timing) => t.rounds.map(fmtMs).join(", ");
  return [{
    name: `calendar: month view /hr/calendar/calendar p99 ≤ ${P99_MS} ms at ${CONNECTIONS} connections`,
    pass: f.page.p99 <= P99_MS,
    detail: `median of ${MEASURED_ROUNDS} rounds ${at(f.page)} (rounds' p99: ${rounds(f.page)} ms) over ` +
      `${f.page.requests} requests; calendarMine (the month's JSON) ${at(f.api)}; ` +
      `one request at a time ${at(f.alone)}; baseline GET /api/system/health ${at(f.baseline)}`,
  }];
}

/** bench/run.ts's calendar group, in a process of its own. */
export function runCalendarBench(): Promise<Check[]> {
  return checksFromChild("calendar", "bench/calendar.ts", calendarChecks);
}

if (import.meta.main) reportFigures(await measure(), calendarChecks);
