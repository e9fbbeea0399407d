import { assertEquals } from "../tests/assert.ts";
import { getRecent, keepBounded } from "./bounded_map.ts";

Deno.test("a bounded map", async (t) => {
  await t.step("drops the oldest entry when a new one would exceed the bound", () => {
    const map = new Map<string, number>();
    for (const [i, key] of ["a", "b", "c", "d"].entries()) keepBounded(map, key, i, 3);
    assertEquals([...map.keys()], ["b", "c", "d"]);
  });

  await t.step("keeping a key it holds replaces it as the newest, dropping nothing", () => {
    const map = new Map([["a", 1], ["b", 2], ["c", 3]]);
    keepBounded(map, "a", 10, 3);
    assertEquals([...map.entries()], [["b", 2], ["c", 3], ["a", 10]]);
  });

  await t.step("a key used is kept longest; a missing key changes nothing", () => {
    const map = new Map([["a", 1], ["b", 2], ["c", 3]]);
    assertEquals(getRecent(map, "a"), 1);
    assertEquals(getRecent(map, "x"), undefined);
    keepBounded(map, "d", 4, 3);
    assertEquals([...map.keys()], ["c", "a", "d"]);
  });
});
