import { assertEquals } from "../tests/assert.ts";
import { backgroundSettled, inBackground } from "./background.ts";

Deno.test("background work", async (t) => {
  await t.step("settled waits for the work, and for work it started meanwhile", async () => {
    const done: string[] = [];
    inBackground((async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push("first");
      inBackground(Promise.resolve().then(() => done.push("second")));
    })());
    await backgroundSettled();
    assertEquals(done, ["first", "second"]);
  });

  await t.step("a failure reaches its handler, and settled still resolves", async () => {
    const errors: unknown[] = [];
    inBackground(Promise.reject(new Error("refresh failed")), (error) => errors.push(error));
    await backgroundSettled();
    assertEquals(errors.map((e) => (e as Error).message), ["refresh failed"]);
  });

  await t.step("with nothing running, settled resolves at once", async () => {
    await backgroundSettled();
  });
});
