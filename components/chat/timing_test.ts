import { assertEquals } from "../../tests/assert.ts";
import {
  boxHeight,
  debounce,
  keptScrollTop,
  nearTop,
  RECONNECT_MAX_MS,
  reconnectDelay,
  SEARCH_DEBOUNCE_MS,
  throttle,
} from "./timing.ts";

Deno.test("reconnect backoff with jitter", async (t) => {
  await t.step("grows and stays within [half, all] of the capped delay", () => {
    assertEquals(reconnectDelay(0, () => 0), 250);
    assertEquals(reconnectDelay(0, () => 1), 500);
    assertEquals(reconnectDelay(3, () => 0.5), 3000);
    assertEquals(reconnectDelay(30, () => 1), RECONNECT_MAX_MS);
    assertEquals(reconnectDelay(30, () => 0), RECONNECT_MAX_MS / 2);
  });
  await t.step("two clients with different luck wait differently", () => {
    assertEquals(reconnectDelay(4, () => 0.1) !== reconnectDelay(4, () => 0.9), true);
  });
});

Deno.test("scrolling up and the message box", async (t) => {
  await t.step("loads older near the top only (distance 2 = 20%)", () => {
    assertEquals(nearTop(0, 1000, 300), true);
    assertEquals(nearTop(200, 1000, 300), true);
    assertEquals(nearTop(201, 1000, 300), false);
    assertEquals(nearTop(0, 300, 300), false);
  });
  await t.step("the view stays on the same messages after a prepend", () => {
    assertEquals(keptScrollTop(10, 1000, 1600), 610);
  });
  await t.step("the box grows to 4 lines of 28 px", () => {
    assertEquals(boxHeight(1), 28);
    assertEquals(boxHeight(0), 28);
    assertEquals(boxHeight(3), 84);
    assertEquals(boxHeight(9), 112);
  });
});

Deno.test("throttle and debounce", async (t) => {
  await t.step("throttle runs at once, then once at the end of a burst", async () => {
    const calls: number[] = [];
    const fn = throttle((n: number) => calls.push(n), 40);
    fn(1);
    fn(2);
    fn(3);
    assertEquals(calls, [1]);
    await new Promise((r) => setTimeout(r, 60));
    assertEquals(calls, [1, 3]);
  });
  await t.step("debounce runs once after the last call", async () => {
    const calls: string[] = [];
    const fn = debounce((s: string) => calls.push(s), 20);
    fn("a");
    fn("ab");
    await new Promise((r) => setTimeout(r, 40));
    assertEquals(calls, ["ab"]);
    fn("x");
    fn.cancel();
    await new Promise((r) => setTimeout(r, 40));
    assertEquals(calls, ["ab"]);
    assertEquals(SEARCH_DEBOUNCE_MS, 400);
  });
});
