import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { createFirstAdmin } from "../identity/first_admin.ts";
import { findUserByEmail } from "../identity/users.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import { seedMarker } from "./mod.ts";
import { prepareKvOnStart, seedChoiceOf } from "./on_start.ts";

Deno.test("what a server start does with the KV", async (t) => {
  await t.step("SEED is `demo` or unset; a typo stops the start instead of being taken for either", () => {
    assertEquals(seedChoiceOf("demo"), "demo");
    assertEquals(seedChoiceOf(undefined), "none");
    assertEquals(seedChoiceOf("off"), "none");
    assertThrows(() => seedChoiceOf("on"), Error, 'SEED must be "demo" or unset');
  });

  await t.step("without SEED an empty KV stays empty, and the log says how to get in", async () => {
    await openDb(":memory:");
    try {
      const lines: string[] = [];
      await prepareKvOnStart(undefined, (line) => lines.push(line));
      assertEquals(await findUserByEmail(DEMO_ACCOUNTS.admin.email), null);
      assertEquals(await seedMarker(), null);
      assertEquals(lines.some((line) => line.includes("deno task admin --email")), true);
    } finally {
      await closeDb();
    }
  });

  await t.step("SEED=demo never adds the demo accounts to a KV that has people of its own", async () => {
    await openDb(":memory:");
    try {
      await createFirstAdmin({ email: "rector@example.edu" });
      const lines: string[] = [];
      await prepareKvOnStart("demo", (line) => lines.push(line));
      assertEquals(await findUserByEmail(DEMO_ACCOUNTS.admin.email), null);
      assertEquals(lines, ["SEED=demo: this KV has users of its own, so the demo university was not loaded"]);
    } finally {
      await closeDb();
    }
  });
});
