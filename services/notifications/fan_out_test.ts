import { assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { queueDepth, startJobWorker } from "../operations/jobs.ts";
import { notifyMany } from "./fan_out.ts";
import { listNotifications, unreadCount } from "./mod.ts";

Deno.test({
  name: "notifying many people runs in the background, once per person",
  sanitizeOps: false,
  fn: async (t) => {
    await openDb(":memory:");
    const worker = startJobWorker();
    try {
      await t.step("each person gets the notification once, however often it is asked for", async () => {
        const notification = { title: "გამოკითხვა", body: "ახალი გამოკითხვა", kind: "poll" as const };
        assertEquals(await notifyMany("poll-opened:1", [11, 12, 13, 12], notification), true);
        assertEquals(await notifyMany("poll-opened:1", [11, 12, 13], notification), false);
        const deadline = Date.now() + 5000;
        while ((await queueDepth()) > 0 || (await unreadCount(13)) === 0) {
          if (Date.now() > deadline) throw new Error("the fan-out did not finish");
          await new Promise((r) => setTimeout(r, 20));
        }
        for (const userId of [11, 12, 13]) assertEquals(await unreadCount(userId), 1);
        const { data } = await listNotifications(12);
        assertEquals(data.map((n) => n.title), ["გამოკითხვა"]);
      });
    } finally {
      await closeDb();
      await worker;
    }
  },
});
