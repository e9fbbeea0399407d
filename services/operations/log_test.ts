import { assertEquals } from "../../tests/assert.ts";
import { logEvent } from "./log.ts";
import { withRequestId } from "./request_context.ts";

Deno.test("structured logs", async (t) => {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = (text: string) => lines.push(text);
  console.error = (text: string) => lines.push(text);
  try {
    await t.step("each event is one JSON line naming the request it belongs to, across awaits", async () => {
      await withRequestId("req-12345678", async () => {
        await new Promise((r) => setTimeout(r, 1));
        logEvent("info", "thing_done", { count: 3 });
      });
      logEvent("error", "thing_failed", { error: new TypeError("bad") });
      const [done, failed] = lines.map((l) => JSON.parse(l));
      assertEquals([done.event, done.requestId, done.count, done.level], [
        "thing_done",
        "req-12345678",
        3,
        "info",
      ]);
      assertEquals([failed.event, failed.requestId, failed.error.message], [
        "thing_failed",
        undefined,
        "bad",
      ]);
      assertEquals(lines.every((l) => !l.includes("\n")), true);
    });
  } finally {
    Object.assign(console, { log, error });
  }
});
