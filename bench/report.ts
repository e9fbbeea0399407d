/** Printing: the machine header, aligned tables, and PASS/FAIL checks. */

export interface Check {
  /** What is checked, e.g. "Hono JSON ≥ 85% of bare". */
  name: string;
  pass: boolean;
  /** The measured value, e.g. "91.2%". */
  detail: string;
}

/** Deno, OS, CPU count and model, memory: what the numbers depend on. */
export async function machineLines(): Promise<string[]> {
  const cpu = await cpuModel();
  let memory = "";
  try {
    memory = `, ${(Deno.systemMemoryInfo().total / 2 ** 30).toFixed(1)} GiB RAM`;
  } catch {
    // --allow-sys not granted
  }
  let release = "";
  try {
    release = ` ${Deno.osRelease()}`;
  } catch {
    // --allow-sys not granted
  }
  let load = "";
  try {
    load = `, load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`;
  } catch {
    // --allow-sys not granted
  }
  return [
    `deno ${Deno.version.deno} (v8 ${Deno.version.v8}, typescript ${Deno.version.typescript})`,
    `${Deno.build.os}${release} ${Deno.build.arch}, nproc ${navigator.hardwareConcurrency}${
      cpu ? ` × ${cpu}` : ""
    }${memory}${load}`,
  ];
}

/** The CPU model from lscpu (Deno allows reading /proc/cpuinfo only with --allow-all); "" when unknown. */
async function cpuModel(): Promise<string> {
  try {
    const out = await new Deno.Command("lscpu", { stdout: "piped", stderr: "null" }).output();
    return /^Model name:\s*(.+)$/m.exec(new TextDecoder().decode(out.stdout))?.[1].trim() ?? "";
  } catch {
    return "";
  }
}

/** An aligned text table; the columns whose indexes `right` lists are right-aligned. */
export function table(headers: string[], rows: string[][], right: number[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (right.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The benchmark's exit code: with `strict` (`--strict`, for CI) 1 when any check failed or none ran (a filter
 * that matched nothing proves nothing), else 0; without it always 0, the failures being in the report.
 */
export function exitCodeOf(checks: readonly Check[], strict: boolean): 0 | 1 {
  if (!strict) return 0;
  return checks.length === 0 || checks.some((c) => !c.pass) ? 1 : 0;
}

export function checkLines(checks: Check[]): string[] {
  return checks.map((c) => `${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
}

export function fmtInt(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a";
}

export function fmtMs(n: number): string {
  return Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(2)) : "n/a";
}

export function fmtPct(ratio: number): string {
  return Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : "n/a";
}

/** Bytes as "12,345 B (12.1 KiB)". */
export function fmtBytes(n: number): string {
  return n < 1024 ? `${n} B` : `${fmtInt(n)} B (${(n / 1024).toFixed(1)} KiB)`;
}

/** The median of the finite values; NaN when there is none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value at quantile `q` of sorted values (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}
