import { assertEquals } from "../tests/assert.ts";
import { type Check, exitCodeOf } from "./report.ts";

const passed: Check = { name: "Hono JSON ≥ 85% of bare req/s", pass: true, detail: "91.2%" };
const failed: Check = { name: "SSR shell page p99 ≤ 15 ms", pass: false, detail: "median p99 21 ms" };

Deno.test("the benchmark's exit code", async (t) => {
  await t.step("--strict: 1 when any check fails, 0 when all pass", () => {
    assertEquals(exitCodeOf([passed, failed, passed], true), 1);
    assertEquals(exitCodeOf([passed, passed], true), 0);
  });

  await t.step("--strict: 1 when no check ran, since nothing was proved", () => {
    assertEquals(exitCodeOf([], true), 1);
  });

  await t.step("without --strict the failures are only reported", () => {
    assertEquals(exitCodeOf([failed], false), 0);
  });
});
