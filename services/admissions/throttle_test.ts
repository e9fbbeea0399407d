/** The public form's limit per address: ten posts in a window, the eleventh refused with when to try again. */
import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { AppError } from "../../utils/errors.ts";
import { chargeSubmission, SUBMITS_PER_WINDOW, WINDOW_MS } from "./throttle.ts";

Deno.test("admissions: submissions per address", async (t) => {
  await openDb(":memory:");
  try {
    const now = 100 * WINDOW_MS + 60_000; // a minute into a window
    await t.step("ten posts pass, the eleventh is 429 with the seconds left in the window", async () => {
      for (let i = 0; i < SUBMITS_PER_WINDOW; i++) await chargeSubmission("203.0.113.7", now);
      const error = await assertRejects(() => chargeSubmission("203.0.113.7", now), AppError) as AppError;
      assertEquals([error.status, error.code, error.options.retryAfter], [429, "rate_limited", 540]);
    });
    await t.step("another address, the next window and an unknown address are not held back", async () => {
      await chargeSubmission("203.0.113.8", now);
      await chargeSubmission("203.0.113.7", now + WINDOW_MS);
      for (let i = 0; i < SUBMITS_PER_WINDOW + 5; i++) await chargeSubmission("", now);
    });
  } finally {
    await closeDb();
  }
});
