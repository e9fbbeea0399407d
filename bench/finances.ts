/**
 * Finances' figures (issue 21), on the large demo university (20,000 students, each with a ledger) in a KV of
 * its own, measured in a process of its own (`--child` prints one JSON line that bench/run.ts turns into checks):
 *   - the balance as of a date of a student with 1,000 entries — target p95 ≤ 5 ms (the read of the projection
 *     and the binary search), beside a bare KV get of the same key;
 *   - the debtors report over 20,000 students — target ≤ 500 ms (median of 7, after a first read that loads
 *     the registry and balances snapshots the server keeps; the first read after entries were written, which
 *     reads every projection again, is shown beside it), beside a bare prefix scan of the projections;
 *   - a 10,000-row bank statement imported — target ≤ 10 s — and imported again: 0 rows added.
 * Run alone: node_modules/.bin/deno run -A bench/finances.ts
 */
import type { Check } from "./report.ts";
import { fmtMs } from "./report.ts";
import { ROOT } from "./server.ts";

const BALANCE_P95_MS = 5;
const DEBTORS_MS = 500;
const IMPORT_S = 10;
const ENTRIES = 1_000;
const ROWS = 10_000;
const LINE = "finance-bench ";

export interface FinanceFigures {
  seedSeconds: number;
  balance: { p50: number; p95: number; bareP95: number; samples: number; entries: number };
  debtors: {
    firstMs: number;
    medianMs: number;
    afterWriteMs: number;
    bareMs: number;
    debtors: number;
    students: number;
  };
  importFirst: { seconds: number; written: number; rows: number };
  importAgain: { seconds: number; written: number; duplicate: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function measure(): Promise<FinanceFigures> {
  const { openDb, db } = await import("../services/db/kv.ts");
  const { seed } = await import("../services/seed/mod.ts");
  const { pinClock } = await import("../services/academic/clock.ts");
  const { REFERENCE_NOW } = await import("../services/seed/university_sizes.ts");
  const { appendEntry, readProjection } = await import("../services/finances/ledger.ts");
  const { addDays, balanceAsOf } = await import("../services/finances/projection.ts");
  const { studentMoney } = await import("../services/finances/balances.ts");
  const { importStatement } = await import("../services/finances/statement_import.ts");
  const { keys } = await import("../services/finances/model.ts");

  pinClock(REFERENCE_NOW);
  await openDb(":memory:");
  let started = performance.now();
  await seed("large", () => {});
  const seedSeconds = (performance.now() - started) / 1000;

  // One student with 1,000 entries over three years, of every kind.
  const studentId = 42;
  const kinds = ["charge", "payment", "discount", "late_fee", "refund"] as const;
  for (let i = 0; i < ENTRIES; i++) {
    await appendEntry({
      studentId,
      kind: kinds[i % kinds.length],
      amount: 1_000 + (i % 97) * 10,
      date: addDays("2024-01-01", i),
      source: { type: "seed", id: `bench:${i}` },
    }, null);
  }
  const projection = await readProjection(studentId);
  const times: number[] = [], bare: number[] = [];
  for (let i = 0; i < 400; i++) {
    const date = addDays("2024-01-01", (i * 7919) % 1_100);
    let t0 = performance.now();
    balanceAsOf(await readProjection(studentId), date);
    times.push(performance.now() - t0);
    t0 = performance.now();
    await db().get(keys.balance(studentId));
    bare.push(performance.now() - t0);
  }

  started = performance.now();
  const first = await studentMoney({ debtors: true }, "2026-11-22", null, "en");
  const firstMs = performance.now() - started;
  const runs: number[] = [];
  let debtors = first.total;
  for (let i = 0; i < 7; i++) {
    started = performance.now();
    debtors = (await studentMoney({ debtors: true }, "2026-11-22", null, "en")).total;
    runs.push(performance.now() - started);
  }
  started = performance.now();
  let students = 0;
  for await (const _ of db().list({ prefix: keys.balances() }, { batchSize: 1000 })) students++;
  const bareMs = performance.now() - started;

  const csv = ["date,reference,amount,student"];
  for (let i = 1; i <= ROWS; i++) {
    csv.push(`2026-11-${String(1 + (i % 20)).padStart(2, "0")},BENCH-${i},${(i % 500) + 1}.50,${i}`);
  }
  const bytes = new TextEncoder().encode(csv.join("\n"));
  started = performance.now();
  const once = await importStatement(bytes, { dryRun: false }, null);
  const firstS = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await importStatement(bytes, { dryRun: false }, null);
  const againS = (performance.now() - started) / 1000;
  // The first report after entries were written reads every projection again.
  started = performance.now();
  await studentMoney({ debtors: true }, "2026-11-22", null, "en");
  const afterWriteMs = performance.now() - started;

  return {
    seedSeconds,
    balance: {
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      bareP95: quantile(bare, 0.95),
      samples: times.length,
      entries: projection.entries,
    },
    debtors: { firstMs, medianMs: quantile(runs, 0.5), afterWriteMs, bareMs, debtors, students },
    importFirst: { seconds: firstS, written: once.counts.written, rows: once.rows.length },
    importAgain: { seconds: againS, written: again.counts.written, duplicate: again.counts.duplicate },
  };
}

export function financeChecks(f: FinanceFigures): Check[] {
  return [
    {
      name: `finances: balance as of a date, ${
        ENTRIES.toLocaleString("en")
      } entries, p95 ≤ ${BALANCE_P95_MS} ms`,
      pass: f.balance.p95 <= BALANCE_P95_MS && f.balance.entries >= ENTRIES,
      detail:
        `p95 ${fmtMs(f.balance.p95)} ms, p50 ${fmtMs(f.balance.p50)} ms over ${f.balance.samples} dates ` +
        `(${f.balance.entries} entries); bare KV get p95 ${fmtMs(f.balance.bareP95)} ms`,
    },
    {
      name: `finances: debtors report over ${
        f.debtors.students.toLocaleString("en")
      } students ≤ ${DEBTORS_MS} ms`,
      pass: f.debtors.medianMs <= DEBTORS_MS && f.debtors.students >= 20_000,
      detail:
        `median ${fmtMs(f.debtors.medianMs)} ms (first ${
          fmtMs(f.debtors.firstMs)
        } ms, loading the registry and balances snapshots ` +
        `the server keeps; ${fmtMs(f.debtors.afterWriteMs)} ms for the first after 10,000 entries), ` +
        `${f.debtors.debtors} debtors; bare scan of the projections ${fmtMs(f.debtors.bareMs)} ms`,
    },
    {
      name: `finances: ${ROWS.toLocaleString("en")}-row statement imported ≤ ${IMPORT_S} s, again adds 0`,
      pass: f.importFirst.seconds <= IMPORT_S && f.importFirst.written === ROWS &&
        f.importAgain.written === 0,
      detail: `${f.importFirst.written} written in ${f.importFirst.seconds.toFixed(2)} s; again ` +
        `${f.importAgain.written} written, ${f.importAgain.duplicate} already imported, in ` +
        `${f.importAgain.seconds.toFixed(2)} s`,
    },
  ];
}

/** bench/run.ts: the figures from a process of their own, as checks. */
export async function runFinanceBench(): Promise<Check[]> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/finances.ts", "--child"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = out.split("\n").find((l) => l.startsWith(LINE));
  if (!result.success || !line) {
    return [{
      name: "finances",
      pass: false,
      detail: `not measured: ${out.trim().split("\n").slice(-6).join(" / ")}`,
    }];
  }
  const figures = JSON.parse(line.slice(LINE.length)) as FinanceFigures;
  console.log(`[finances] large demo seeded in ${figures.seedSeconds.toFixed(1)} s`);
  return financeChecks(figures);
}

if (import.meta.main) {
  const figures = await measure();
  if (Deno.args.includes("--child")) console.log(LINE + JSON.stringify(figures));
  else {
    console.log(`large demo seeded in ${figures.seedSeconds.toFixed(1)} s`);
    for (const c of financeChecks(figures)) console.log(`${c.pass ? "PASS" : "FAIL"} ${c.name}: ${c.detail}`);
  }
  Deno.exit(0);
}
