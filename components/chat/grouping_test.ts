import { assertEquals } from "../../tests/assert.ts";
import { GROUP_GAP_MS, positions, showsTimeAgo, timeAgo } from "./grouping.ts";

const A = { id: 1, type: "user" };
const B = { id: 2, type: "user" };
const A_AS_STUDENT = { id: 1, type: "student" };
const MIN = 60_000;

Deno.test("grouping by sender under 30 minutes", async (t) => {
  await t.step("a lone message is SOLO", () => {
    assertEquals(positions([{ user: A, time: 0 }]), ["SOLO"]);
  });
  await t.step("three close messages of one sender: START, MIDDLE, END", () => {
    const list = [{ user: A, time: 0 }, { user: A, time: MIN }, { user: A, time: 2 * MIN }];
    assertEquals(positions(list), ["START", "MIDDLE", "END"]);
  });
  await t.step("another sender breaks the group", () => {
    const list = [{ user: A, time: 0 }, { user: B, time: MIN }, { user: A, time: 2 * MIN }];
    assertEquals(positions(list), ["SOLO", "SOLO", "SOLO"]);
  });
  await t.step("the same id with another type is another sender", () => {
    assertEquals(positions([{ user: A, time: 0 }, { user: A_AS_STUDENT, time: MIN }]), ["SOLO", "SOLO"]);
  });
  await t.step("30 minutes apart or more starts a new group", () => {
    const list = [
      { user: A, time: 0 },
      { user: A, time: GROUP_GAP_MS - 1 },
      { user: A, time: 2 * GROUP_GAP_MS - 1 },
      { user: A, time: 2 * GROUP_GAP_MS },
    ];
    assertEquals(positions(list), ["START", "END", "START", "END"]);
  });
  await t.step("an empty list has no positions", () => assertEquals(positions([]), []));
});

Deno.test("time-ago text only when older than 30 minutes", async (t) => {
  await t.step("29 minutes old: hidden", () => assertEquals(showsTimeAgo(0, 29 * MIN), false));
  await t.step("exactly 30 minutes: hidden", () => assertEquals(showsTimeAgo(0, 30 * MIN), false));
  await t.step("31 minutes old: shown", () => assertEquals(showsTimeAgo(0, 31 * MIN), true));
  await t.step("the text names the largest unit", () => {
    assertEquals(timeAgo(0, 3 * 60 * MIN), { unit: "hour", n: 3 });
    assertEquals(timeAgo(0, 45 * MIN), { unit: "minute", n: 45 });
    assertEquals(timeAgo(0, 9 * 24 * 60 * MIN), { unit: "week", n: 1 });
    assertEquals(timeAgo(0, 10_000), { unit: "now", n: 0 });
  });
});
