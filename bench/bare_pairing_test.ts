import { assertEquals } from "../tests/assert.ts";
import { referenceRates, roundPlan } from "./bare_pairing.ts";

const bare = { name: "bare" };
const json = { name: "json", pairedWithBare: true };
const shell = { name: "shell", pairedWithBare: true };
const bytes = { name: "bytes" };
const page = { name: "page", pairedWithBare: true };
const login = { name: "login" };

Deno.test("a round's bare measurements", async (t) => {
  await t.step("a paired target is measured between two bare measurements, shared by neighbours", () => {
    const plan = roundPlan(bare, [bare, json, shell, bytes, page, login]);
    assertEquals(plan.map((t) => t.name), [
      "bare",
      "json",
      "bare",
      "shell",
      "bare",
      "bytes",
      "bare",
      "page",
      "bare",
      "login",
    ]);
  });

  await t.step("without paired targets bare is measured once, first", () => {
    assertEquals(roundPlan(bare, [bare, bytes, login]).map((t) => t.name), ["bare", "bytes", "login"]);
  });

  await t.step(
    "a paired target is compared with the mean of its neighbours, others with the latest bare",
    () => {
      const plan = roundPlan(bare, [bare, json, bytes, login]);
      //                     bare   json   bare   bytes  login
      const rates = [40_000, 30_000, 20_000, 9_000, 8_000];
      assertEquals(referenceRates(bare, plan, rates), [40_000, 30_000, 20_000, 20_000, 20_000]);
    },
  );
});
