/**
 * Metrics through Deno's built-in OpenTelemetry, exported when the server runs with OTEL_DENO=true; without it
 * every function here does nothing. Names follow OTel's dotted lower case.
 */
import { observeLostRaces } from "../db/retry.ts";
import { openSocketCounts } from "./open_sockets.ts";
import { otelEnabled } from "./otel_enabled.ts";

interface Observation {
  observe(value: number, attributes?: Record<string, string>): void;
}

function otelMeter() {
  return otelEnabled() ? Deno.telemetry.meterProvider.getMeter("uniadmin") : null;
}

const meter = otelMeter();

const jobs = meter?.createCounter("uniadmin.jobs", {
  description: "Job runs by outcome (done, retried, dead)",
});
const conflicts = meter?.createCounter("uniadmin.kv.commit_conflicts", {
  description: "Optimistic KV commits that lost to another writer and were tried again",
});

export function countJob(job: string, outcome: "done" | "retried" | "dead"): void {
  jobs?.add(1, { job, outcome });
}

if (conflicts) observeLostRaces(() => conflicts.add(1));

let lastDepth = 0;
/** The queue depth as last read (the job worker refreshes it); gauges are read synchronously. */
export function setQueueDepth(depth: number): void {
  lastDepth = depth;
}

meter?.createObservableGauge("uniadmin.sockets.open", { description: "WebSockets open in this process" })
  .addCallback((result: Observation) => {
    for (const [kind, count] of Object.entries(openSocketCounts())) result.observe(count, { kind });
  });
meter?.createObservableGauge("uniadmin.jobs.queue_depth", {
  description: "Jobs enqueued and not yet finished",
})
  .addCallback((result: Observation) => result.observe(lastDepth));
