import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import {
  backoffMs,
  defineJob,
  handleMessage,
  listDeadLetters,
  queueDepth,
  retryDeadLetter,
  startJobWorker,
} from "./jobs.ts";

async function until(condition: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const runs: string[] = [];
let failUntil = 0;
const greet = defineJob<{ to: string }>({
  name: "test_greet",
  run: (payload) => {
    runs.push(payload.to);
    return Promise.resolve();
  },
});
const flaky = defineJob<{ n: number }>({
  name: "test_flaky",
  maxAttempts: 2,
  run: () => (Date.now() < failUntil ? Promise.reject(new Error("gateway down")) : Promise.resolve()),
});

Deno.test({
  name: "background jobs on the KV queue",
  sanitizeOps: false,
  fn: async (t) => {
    await openDb(":memory:");
    const worker = startJobWorker();
    try {
      await t.step("a job runs once per idempotency key, however often it is enqueued", async () => {
        assertEquals(await greet.enqueue({ to: "ana" }, { key: "greet:ana" }), true);
        assertEquals(await greet.enqueue({ to: "ana" }, { key: "greet:ana" }), false);
        await until(() => runs.length === 1);
        await until(async () => (await queueDepth()) === 0);
        // The queue delivers at least once: a redelivery of a finished job does not run it again.
        await handleMessage({
          type: "uniadmin_job",
          name: "test_greet",
          payload: { to: "ana" },
          key: "greet:ana",
          attempt: 1,
        });
        assertEquals(runs, ["ana"]);
      });

      await t.step(
        "a failing job is retried, then kept as a dead letter an administrator can retry",
        async () => {
          failUntil = Date.now() + 60_000;
          await flaky.enqueue({ n: 1 }, { key: "flaky:1" });
          await until(async () => (await listDeadLetters()).length === 1);
          const [dead] = await listDeadLetters();
          assertEquals([dead.name, dead.key, dead.attempts, dead.payload], ["test_flaky", "flaky:1", 2, {
            n: 1,
          }]);
          assert(dead.error.includes("gateway down"), dead.error);
          assertEquals(await queueDepth(), 0);

          failUntil = 0;
          assertEquals(await retryDeadLetter(dead.id), true);
          assertEquals(await retryDeadLetter(dead.id), false, "retried once only");
          await until(async () => (await queueDepth()) === 0);
          assertEquals(await listDeadLetters(), []);
        },
      );

      await t.step("the wait between tries grows and stays bounded", () => {
        const waits = [1, 2, 3, 4, 8, 20].map((attempt) => backoffMs(attempt, () => 0.5));
        assertEquals(waits, [1000, 4000, 16000, 64000, 600000, 600000]);
      });
    } finally {
      await closeDb();
      await worker;
    }
  },
});
