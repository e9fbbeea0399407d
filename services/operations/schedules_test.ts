import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { defineJob, startJobWorker } from "./jobs.ts";
import {
  type CronRegistrar,
  defineSchedule,
  fireSchedule,
  listSchedules,
  NIGHTLY_CRON,
  slotOf,
  startSchedules,
} from "./schedules.ts";
import "./schedule_list.ts";

const ran: string[] = [];
const tally = defineJob<{ night: string }>({
  name: "test_nightly_tally",
  run: (payload) => {
    ran.push(payload.night);
    return Promise.resolve();
  },
});
defineSchedule({
  name: "test_nightly_tally",
  cron: NIGHTLY_CRON,
  job: tally,
  payload: (slot) => ({ night: slot.toISOString().slice(0, 10) }),
});

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test({
  name: "schedules enqueue their jobs on the KV queue",
  sanitizeOps: false,
  fn: async (t) => {
    await openDb(":memory:");
    const worker = startJobWorker();
    try {
      await t.step("start-up registers every schedule with Deno.cron: its name and expression", () => {
        const registered: { name: string; schedule: string; handler: () => Promise<void> }[] = [];
        const cron: CronRegistrar = (name, schedule, handler) => registered.push({ name, schedule, handler });
        const names = startSchedules(cron);
        assertEquals(names, listSchedules().map((s) => s.name));
        assertEquals(
          registered.find((r) => r.name === "chat_unattached_files_sweep")?.schedule,
          NIGHTLY_CRON,
          "unattached chat uploads are swept every night",
        );
        assertEquals(registered.find((r) => r.name === "test_nightly_tally")?.schedule, "30 22 * * *");
      });

      await t.step("a firing runs its job once, however many processes fire it", async () => {
        const night = new Date("2026-11-24T22:30:00.000Z");
        // Two processes' crons, their clocks a few seconds apart.
        assertEquals(await fireSchedule("test_nightly_tally", new Date(night.getTime() + 150)), true);
        assertEquals(await fireSchedule("test_nightly_tally", new Date(night.getTime() - 2_000)), false);
        await until(() => ran.length === 1);
        assertEquals(ran, ["2026-11-24"]);
      });

      await t.step("the next night's firing runs again", async () => {
        assertEquals(await fireSchedule("test_nightly_tally", new Date("2026-11-25T22:30:00.040Z")), true);
        await until(() => ran.length === 2);
        assertEquals(ran, ["2026-11-24", "2026-11-25"]);
      });

      await t.step("the handler Deno.cron calls enqueues the job of that moment", async () => {
        let handler: (() => Promise<void>) | null = null;
        startSchedules((name, _schedule, h) => name === "test_nightly_tally" && (handler = h));
        assert(handler);
        const nightOf = () => slotOf(new Date()).toISOString().slice(0, 10);
        const before = nightOf();
        await (handler as () => Promise<void>)();
        await until(() => ran.length === 3);
        assert([before, nightOf()].includes(ran[2]), ran[2]);
      });

      await t.step("without Deno.cron nothing is registered (and the server still starts)", () => {
        assertEquals(startSchedules(null), []);
      });
    } finally {
      closeDb();
      await worker;
    }
  },
});
