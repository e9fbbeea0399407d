import { deepStrictEqual, ok as assert, rejects } from "node:assert/strict";
import { AppError, invalid } from "../../utils/errors.ts";
import { closeDb, db, openDb } from "./kv.ts";
import { RETRY, serialized, untilCommitted } from "./retry.ts";

Deno.test("bounded retry", async (t) => {
  await t.step("a write that keeps losing its race ends in a 409 after its bound", async () => {
    let tries = 0;
    const error = await untilCommitted(() => (tries++, Promise.resolve(RETRY)), { attempts: 4 })
      .then(() => null, (e) => e);
    assert(error instanceof AppError);
    deepStrictEqual([error.status, error.code, error.messageKey], [409, "conflict", "errors.busy"]);
    deepStrictEqual(tries, 4);
  });

  await t.step("the default bound is ten tries", async () => {
    let tries = 0;
    await rejects(untilCommitted(() => (tries++, Promise.resolve(RETRY))), AppError);
    deepStrictEqual(tries, 10);
  });

  await t.step("a write that loses a few races commits, and is told which try it is", async () => {
    const seen: number[] = [];
    const result = await untilCommitted((n) => (seen.push(n), Promise.resolve(n < 3 ? RETRY : "done")));
    deepStrictEqual([result, seen], ["done", [1, 2, 3]]);
  });

  await t.step("`otherwise` answers instead of the 409", async () => {
    deepStrictEqual(
      await untilCommitted(() => Promise.resolve(RETRY), { attempts: 2, otherwise: () => "fallback" }),
      "fallback",
    );
  });

  await t.step("a refusal is not retried", async () => {
    let tries = 0;
    await rejects(
      untilCommitted(() => {
        tries++;
        throw invalid({ name: { key: "errors.required" } });
      }),
      (e: AppError) => e.status === 422,
    );
    deepStrictEqual(tries, 1);
  });

  await t.step('"database is locked" from another process counts as a lost race', async () => {
    let tries = 0;
    const result = await untilCommitted(() => {
      if (++tries === 1) throw new TypeError("database is locked");
      return Promise.resolve("written");
    });
    deepStrictEqual([result, tries], ["written", 2]);
  });
});

Deno.test("serialized writers", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("concurrent increments of one key, lined up, lose no update and need no retry", async () => {
      const key = ["counters", "test"];
      let retries = 0;
      const increment = () =>
        serialized(key, () =>
          untilCommitted(async (n) => {
            if (n > 1) retries++;
            const entry = await db().get<number>(key);
            const ok = (await db().atomic().check(entry).set(key, (entry.value ?? 0) + 1).commit()).ok;
            return ok ? true : RETRY;
          }));
      await Promise.all(Array.from({ length: 30 }, increment));
      deepStrictEqual([(await db().get(key)).value, retries], [30, 0]);
    });

    await t.step("a failed task does not stop the next one of the same key", async () => {
      const failing = serialized(["k"], () => Promise.reject(new Error("boom")));
      const next = serialized(["k"], () => Promise.resolve("ran"));
      await rejects(failing, /boom/);
      deepStrictEqual(await next, "ran");
    });
  } finally {
    await closeDb();
  }
});
