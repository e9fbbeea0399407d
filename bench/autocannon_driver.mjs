/**
 * autocannon as one long-running node process for bench/load.ts, so a run of many short measurements does not
 * pay node's and autocannon's start-up (~0.6 s) twice per measurement.
 *
 * Reads one JSON request per line on stdin: `{ url, connections, duration, warmup, headerSets }`. For each it runs
 * the warm-up (unrecorded, skipped when 0) then the measured run with autocannon's programmatic API (the code
 * the `autocannon -j` CLI runs) and writes one JSON line on stdout: the measured figures, or `{ error }`.
 * Exits when stdin closes.
 */
import process from "node:process";
import { createInterface } from "node:readline";
import autocannon from "../node_modules/autocannon/autocannon.js";

// Each connection sends the header sets in turn (one per signed-in session); autocannon's `requests` cycle.
const load = (req, duration) =>
  autocannon({
    url: req.url,
    connections: req.connections,
    duration,
    requests: (req.headerSets?.length ? req.headerSets : [{}]).map((headers) => ({ headers })),
  });

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  let reply;
  try {
    const req = JSON.parse(line);
    if (req.warmup > 0) await load(req, req.warmup);
    const r = await load(req, req.duration);
    reply = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      mean: r.latency.average,
      total: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
  } catch (e) {
    reply = { error: String(e?.stack ?? e) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
