import { assert, assertEquals, assertThrows } from "../../tests/assert.ts";
import { now, pinClock } from "./clock.ts";

Deno.test("calendar clock", async (t) => {
  await t.step("pinned, it answers the pinned instant; released, the real time", () => {
    pinClock("2026-11-22T12:00:00+04:00");
    assertEquals(now().toISOString(), "2026-11-22T08:00:00.000Z");
    pinClock(null);
    assert(Math.abs(now().getTime() - Date.now()) < 1000);
  });
  await t.step("a value that is not an instant is refused with how to write one", () => {
    const error = assertThrows(() => pinClock("next tuesday"));
    assert(String(error).includes("2026-11-22T12:00:00+04:00"));
  });
});
