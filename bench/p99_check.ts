/**
 * The one latency check of a page or API target (bench/run.ts measures it, each group module states its bound):
 * the median of the rounds' p99 within `maxMs`, with no error and no non-2xx answer.
 */
import { type Check, fmtMs, fmtPct } from "./report.ts";

/** What a target's checks read of run.ts's summary of that target. */
export interface TargetSummary {
  connections: number;
  p99: number;
  ratio: number;
  ratios: number[];
  rounds: { p99: number }[];
  total: number;
  errors: number;
  non2xx: number;
}

/** `what` names the target; the check's name adds the bound and the connections. */
export function p99Check(what: string, s: TargetSummary, maxMs: number): Check {
  const clean = s.errors === 0 && s.non2xx === 0 && s.total > 0;
  return {
    name: `${what} p99 ≤ ${maxMs} ms at ${s.connections} connections`,
    pass: s.p99 <= maxMs && clean,
    detail: `median p99 ${fmtMs(s.p99)} ms (rounds: ${s.rounds.map((r) => fmtMs(r.p99)).join(", ")} ms); ` +
      `${fmtPct(s.ratio)} of bare req/s (rounds ${s.ratios.map(fmtPct).join(", ")})` +
      (clean ? "" : `; ${s.errors} errors, ${s.non2xx} non-2xx of ${s.total}`),
  };
}
