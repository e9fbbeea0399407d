import { deepStrictEqual, ok as assert } from "node:assert/strict";
import { nextUlid } from "./ids.ts";

Deno.test("ids", async (t) => {
  await t.step("ids made in one burst are distinct and sort in the order they were made", () => {
    const ids = Array.from({ length: 1000 }, () => nextUlid());
    deepStrictEqual([...ids].sort(), ids);
    deepStrictEqual(new Set(ids).size, ids.length);
  });

  await t.step("an id made later sorts after one made earlier", async () => {
    const first = nextUlid();
    await new Promise((resolve) => setTimeout(resolve, 2));
    assert(nextUlid() > first);
  });
});
