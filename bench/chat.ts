/**
 * The chat benchmark (issue "Real-time chat", Performance), run by `deno task bench` (or alone with
 * `deno task bench --chat`). Loopback only and bounded in count and time:
 *
 * 1. Broadcast: SOCKETS sockets (one per person) in ROOMS rooms on the app (bench/servers/chat.ts) and, in the
 *    same run and interleaved rounds, on a bare Deno WebSocket broadcast (bench/servers/ws_bare.ts). In each
 *    room one sender keeps WINDOW messages in flight (the next when its own comes back); every delivery to every
 *    socket is counted and timed from the send; a warm-up second per server comes first, unmeasured.
 *    Targets: app deliveries/s ≥ 50% of bare's, broadcast p99 ≤ 100 ms.
 * 2. End to end at a fixed rate: RATE messages per second per room over all rooms (open loop), send →
 *    committed → delivered to every member. Target: p99 ≤ 50 ms, nothing lost.
 * 3. Appends: the log's append (services/chat/log.ts) on a KV file in this process: closed loop with one
 *    writer per room (throughput), then open loop at APPEND_RATE/s (latency at that rate).
 *    Target: ≥ 2,000 appends/s with p99 ≤ 25 ms.
 * The load generator runs in worker threads and reads frames with one regular expression (the send time in
 * the text) on both servers alike (chat_fleets.ts).
 */
import { type Check, fmtInt, fmtMs, fmtPct, table } from "./report.ts";
import { appFleet, bareFleet, type Fleet, ROOMS, SOCKETS } from "./chat_fleets.ts";
import { denoRun, productionServeFlags, ROOT, startServer, temporaryKv } from "./server.ts";

export interface ChatBenchOptions {
  rounds: number;
  /** Seconds per measurement. */
  duration: number;
}

const WINDOW = 1, RATE = 10, APPEND_RATE = 2000, MIN_BROADCAST_ROUNDS = 7;

interface Measured {
  deliveries: number;
  perSecond: number;
  p50: number;
  p99: number;
  sent: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;
}

function summarize(latencies: ArrayLike<number>, sent: number, seconds: number): Measured {
  const sorted = Float64Array.from(latencies).sort();
  return {
    deliveries: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    sent,
  };
}

/** Closed loop: WINDOW messages in flight per room for `seconds`. */
async function broadcast(fleet: Fleet, seconds: number): Promise<Measured> {
  const { latencies, sent } = await fleet.closedLoop(seconds, WINDOW);
  return summarize(latencies, sent, seconds);
}

/** Open loop: RATE messages per second per room, staggered; waits for the stragglers. */
async function fixedRate(fleet: Fleet, seconds: number): Promise<Measured & { expected: number }> {
  const { latencies, sent } = await fleet.fixedRate(seconds, RATE);
  return { ...summarize(latencies, sent, seconds), expected: sent * (SOCKETS / ROOMS) };
}

/**
 * The append function itself on a KV file (this process): first closed loop, one writer per room, for the
 * throughput; then open loop at APPEND_RATE appends/s spread over the rooms, for the latency at that rate.
 */
async function appends(seconds: number): Promise<{ throughput: Measured; atRate: Measured }> {
  const dir = `${ROOT}/data/bench-chat-${crypto.randomUUID().slice(0, 8)}`;
  const { closeDb, openDb } = await import("../services/db/kv.ts");
  const { append } = await import("../services/chat/log.ts");
  await openDb(`${dir}/app.kv`);
  try {
    const members = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, type: "user" as const }));
    for (let r = 1; r <= ROOMS; r++) {
      const body = {
        type: "room_created" as const,
        kind: "group" as const,
        title: "b",
        members,
        admins: [members[0]],
      };
      await append({ roomId: r, actor: members[0], body });
    }
    let n = 0;
    const one = async (r: number) => {
      const started = performance.now();
      const i = ++n;
      await append({
        roomId: r + 1,
        actor: members[i % 10],
        clientId: `a${i}`,
        body: { type: "message_sent", messageType: "TEXT", text: `bench message ${i}` },
      });
      return performance.now() - started;
    };
    const closed: number[] = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: ROOMS }, async (_, r) => {
      while (performance.now() < until) closed.push(await one(r));
    }));
    const open: Promise<number>[] = [];
    const started = performance.now();
    const period = 1000 / APPEND_RATE;
    for (let k = 0; performance.now() - started < seconds * 1000; k++) {
      const due = started + k * period;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      open.push(one(k % ROOMS));
    }
    const latencies = await Promise.all(open);
    return {
      throughput: summarize(closed, closed.length, seconds),
      atRate: summarize(latencies, latencies.length, (performance.now() - started) / 1000),
    };
  } finally {
    await closeDb();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function runChatBench(opts: ChatBenchOptions): Promise<Check[]> {
  // The broadcast's paired rounds scatter by ±15% on a shared machine (its bare side is bound by the load
  // generator): its median takes at least MIN_BROADCAST_ROUNDS of them.
  const rounds = Math.max(opts.rounds, MIN_BROADCAST_ROUNDS);
  console.log(`Chat: ${SOCKETS} sockets in ${ROOMS} rooms (starting the servers)`);
  const app = await startServer({
    name: "chat app server",
    cmd: [...denoRun("bench/servers/chat.ts", await productionServeFlags()), String(SOCKETS), String(ROOMS)],
    env: { HOST: "127.0.0.1", PORT: "0", KV_PATH: `./${temporaryKv("chat")}` },
    readyPath: "/api/system/health",
    timeoutMs: 60_000,
  });
  const bare = await startServer({
    name: "bare WebSocket server",
    cmd: denoRun("bench/servers/ws_bare.ts", ["--allow-net", "--allow-env=PORT,HOST"]),
    env: { HOST: "127.0.0.1", PORT: "0" },
    readyPath: "/",
  });
  const rows: Record<"app" | "bare", Measured[]> = { app: [], bare: [] };
  let rate: Measured & { expected: number };
  try {
    const fleets = { app: await appFleet(app), bare: await bareFleet(bare) };
    // One unmeasured second each first: a cold first round (the bare one ran ~30% slower) is not a measurement.
    await broadcast(fleets.bare, 1);
    await broadcast(fleets.app, 1);
    for (let round = 1; round <= rounds; round++) {
      // Which side goes first alternates, so a drift of the machine's speed within a round favours neither.
      for (const side of round % 2 ? ["bare", "app"] as const : ["app", "bare"] as const) {
        rows[side].push(await broadcast(fleets[side], opts.duration));
      }
      console.log(`chat broadcast round ${round}/${rounds} done`);
    }
    rate = await fixedRate(fleets.app, Math.max(5, opts.duration));
    await Promise.all([fleets.app.close(), fleets.bare.close()]);
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
  const append = await appends(opts.duration);

  const ratios = rows.app.map((a, i) => a.perSecond / rows.bare[i].perSecond);
  const show = (name: string, m: Measured[]) => [
    name,
    fmtInt(median(m.map((x) => x.perSecond))),
    fmtMs(median(m.map((x) => x.p50))),
    fmtMs(median(m.map((x) => x.p99))),
    m.map((x) => fmtInt(x.perSecond)).join(", "),
  ];
  console.log("");
  console.log(
    `Chat broadcast: ${SOCKETS} sockets, ${ROOMS} rooms, ${WINDOW} in flight per room (medians of ${rounds} rounds)`,
  );
  console.log(table(["server", "deliveries/s", "p50 ms", "p99 ms", "per round"], [
    show("bare Deno WebSocket broadcast", rows.bare),
    show("app /ws/chat (append + fan-out)", rows.app),
  ], [1, 2, 3]));
  console.log(`  app vs bare per round: ${ratios.map(fmtPct).join(", ")}`);
  // For comparison only: the paired ratio above cancels a drift that both sides share, this one does not.
  const ofMedians = median(rows.app.map((x) => x.perSecond)) / median(rows.bare.map((x) => x.perSecond));
  console.log(`  app's median vs bare's median: ${fmtPct(ofMedians)}`);
  console.log(
    `Chat end to end at ${RATE} msg/s/room × ${ROOMS} rooms: sent ${fmtInt(rate.sent)}, delivered ${
      fmtInt(rate.deliveries)
    } of ${fmtInt(rate.expected)}, p50 ${fmtMs(rate.p50)} ms, p99 ${fmtMs(rate.p99)} ms`,
  );
  console.log(
    `Chat appends (KV file, ${ROOMS} rooms): closed loop ${fmtInt(append.throughput.perSecond)}/s (p50 ${
      fmtMs(append.throughput.p50)
    } ms, p99 ${fmtMs(append.throughput.p99)} ms); at ${fmtInt(APPEND_RATE)}/s offered: ${
      fmtInt(append.atRate.perSecond)
    }/s, p50 ${fmtMs(append.atRate.p50)} ms, p99 ${fmtMs(append.atRate.p99)} ms`,
  );
  console.log("");
  const appP99 = median(rows.app.map((x) => x.p99));
  return [
    {
      name: "chat broadcast ≥ 50% of bare WebSocket deliveries/s",
      pass: median(ratios) >= 0.5,
      detail: `${fmtPct(median(ratios))} (rounds ${ratios.map(fmtPct).join(", ")})`,
    },
    { name: "chat broadcast p99 ≤ 100 ms", pass: appP99 <= 100, detail: `${fmtMs(appP99)} ms` },
    {
      name: `chat end to end p99 ≤ 50 ms at ${RATE} msg/s/room over ${ROOMS} rooms`,
      pass: rate.p99 <= 50 && rate.deliveries === rate.expected,
      detail: `${fmtMs(rate.p99)} ms, ${fmtInt(rate.deliveries)}/${fmtInt(rate.expected)} delivered`,
    },
    {
      name: "chat appends ≥ 2,000/s with p99 ≤ 25 ms",
      pass: append.throughput.perSecond >= APPEND_RATE && append.atRate.perSecond >= APPEND_RATE * 0.95 &&
        append.atRate.p99 <= 25,
      detail: `${fmtInt(append.throughput.perSecond)}/s closed loop; p99 ${fmtMs(append.atRate.p99)} ms at ${
        fmtInt(append.atRate.perSecond)
      }/s`,
    },
  ];
}

if (import.meta.main) {
  const { checkLines } = await import("./report.ts");
  const checks = await runChatBench({ rounds: 2, duration: 3 });
  for (const line of checkLines(checks)) console.log(line);
}
