import { assertEquals, assertRejects } from "../tests/assert.ts";
import { appOrigins, envVar, withEnvVar } from "./env.ts";

Deno.test("withEnvVar", async (t) => {
  await t.step("the value holds while the work runs, and the environment's is read again after", async () => {
    const outside = envVar("SMS_SENDER");
    const seen = await withEnvVar("SMS_SENDER", "UNI-TEST", async () => {
      await Promise.resolve();
      return envVar("SMS_SENDER");
    });
    assertEquals([seen, envVar("SMS_SENDER")], ["UNI-TEST", outside]);
    assertEquals(Deno.env.get("SMS_SENDER"), outside, "the process's environment is untouched");
  });

  await t.step(
    "undefined reads as not set; nested values unwind in order, also after a failure",
    async () => {
      await withEnvVar("SMS_SENDER", "OUTER", async () => {
        assertEquals(await withEnvVar("SMS_SENDER", undefined, () => envVar("SMS_SENDER")), undefined);
        await assertRejects(() =>
          withEnvVar("SMS_SENDER", "INNER", () => {
            throw new Error("failed");
          })
        );
        assertEquals(envVar("SMS_SENDER"), "OUTER");
      });
    },
  );
});

Deno.test("appOrigins", async (t) => {
  await t.step(
    "each configured origin, as a browser's Origin header names it",
    () =>
      withEnvVar(
        "APP_ORIGIN",
        " https://uni.example.ge/ ,https://other.example.ge",
        () => assertEquals(appOrigins(), ["https://uni.example.ge", "https://other.example.ge"]),
      ),
  );

  await t.step("none configured, or only separators: null (the request's own origin then)", async () => {
    await withEnvVar("APP_ORIGIN", undefined, () => assertEquals(appOrigins(), null));
    await withEnvVar("APP_ORIGIN", " , ", () => assertEquals(appOrigins(), null));
  });
});
