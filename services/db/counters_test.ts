import { deepStrictEqual } from "node:assert/strict";
import { closeDb, db, openDb } from "./kv.ts";
import { counterValue, moveCounter } from "./counters.ts";

Deno.test("counters", async (t) => {
  await openDb(":memory:");
  try {
    const key = ["counters", "test"];

    await t.step("an absent counter, or one holding something else, counts as 0", async () => {
      deepStrictEqual(counterValue(await db().get(key)), 0);
      await db().set(key, "seeded");
      deepStrictEqual(counterValue(await db().get(key)), 0);
    });

    await t.step("a move sets the new value in the write's atomic", async () => {
      const atomic = db().atomic();
      deepStrictEqual(moveCounter(atomic, await db().get(key), 3), 3);
      deepStrictEqual((await atomic.commit()).ok, true);
      deepStrictEqual((await db().get(key)).value, 3);
    });

    await t.step("never below its floor", async () => {
      const atomic = db().atomic();
      deepStrictEqual(moveCounter(atomic, await db().get(key), -5, { floor: 0 }), 0);
      await atomic.commit();
      deepStrictEqual((await db().get(key)).value, 0);
    });

    await t.step("a move based on a value changed since fails its commit", async () => {
      const read = await db().get(key);
      await db().set(key, 10);
      const atomic = db().atomic();
      moveCounter(atomic, read, 1);
      deepStrictEqual((await atomic.commit()).ok, false);
      deepStrictEqual((await db().get(key)).value, 10);
    });
  } finally {
    await closeDb();
  }
});
