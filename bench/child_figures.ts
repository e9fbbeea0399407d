/**
 * In-process benchmarks that bench/run.ts runs in a process of their own (a fresh heap and KV, nothing left
 * from the HTTP part): the script measures, prints its figures as one JSON line when started with --child, and
 * run.ts turns that line into PASS/FAIL checks. Standalone, the script prints the checks itself.
 */
import { type Check, checkLines } from "./report.ts";
import { ROOT } from "./server.ts";

const LINE = "bench-figures ";

/** The script's end: the figures for run.ts (--child), or the checks and an exit code of 1 when one failed. */
export function reportFigures<F>(figures: F, checks: (figures: F) => Check[]): never {
  if (Deno.args.includes("--child")) {
    console.log(LINE + JSON.stringify(figures));
    Deno.exit(0);
  }
  const results = checks(figures);
  for (const line of checkLines(results)) console.log(line);
  Deno.exit(results.some((c) => !c.pass) ? 1 : 0);
}

/** bench/run.ts: runs `script` with --child and returns its checks (one FAIL naming the output if it broke). */
export async function checksFromChild<F>(
  name: string,
  script: string,
  checks: (figures: F) => Check[],
): Promise<Check[]> {
  console.log(`[${name}] deno run -A ${script} --child`);
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, "--child"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  const line = out.split("\n").find((l) => l.startsWith(LINE));
  if (!result.success || !line) {
    return [{ name, pass: false, detail: `not measured: ${out.trim().split("\n").slice(-6).join(" / ")}` }];
  }
  return checks(JSON.parse(line.slice(LINE.length)) as F);
}
