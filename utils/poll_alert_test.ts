import { assertEquals } from "../tests/assert.ts";
import { type AlertClock, POLL_ALERT_MS, startPollAlert } from "./poll_alert.ts";

/** A clock that only moves when told to. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number; run: () => void }>();
  const clock: AlertClock = {
    setInterval(run, every) {
      const id = nextId++;
      timers.set(id, { at: now + every, every, run });
      return id;
    },
    clearInterval(id) {
      timers.delete(id);
    },
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.values()].filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = due.at;
      due.at += due.every;
      due.run();
      await Promise.resolve();
    }
    now = end;
    await new Promise((r) => setTimeout(r, 0)); // let the checks' promises settle
  };
  return { clock, advance, pending: () => timers.size };
}

Deno.test("poll alert schedule", async (t) => {
  await t.step("checks at start-up, then every 60,000 ms, and stops", async () => {
    const { clock, advance, pending } = fakeClock();
    let checks = 0;
    const stop = startPollAlert(() => {
      checks++;
    }, clock);
    await advance(0);
    assertEquals(checks, 1);
    await advance(POLL_ALERT_MS - 1);
    assertEquals(checks, 1);
    await advance(1);
    assertEquals(checks, 2);
    await advance(3 * POLL_ALERT_MS);
    assertEquals(checks, 5);
    stop();
    assertEquals(pending(), 0);
    await advance(10 * POLL_ALERT_MS);
    assertEquals(checks, 5);
  });

  await t.step("a failed check does not stop the schedule", async () => {
    const { clock, advance } = fakeClock();
    let checks = 0;
    const stop = startPollAlert(() => {
      checks++;
      return Promise.reject(new Error("offline"));
    }, clock);
    await advance(POLL_ALERT_MS);
    assertEquals(checks, 2);
    stop();
  });

  await t.step("the interval is the spec's minute", () => {
    assertEquals(POLL_ALERT_MS, 60_000);
  });
});
