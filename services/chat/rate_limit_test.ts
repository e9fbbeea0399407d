import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { DEFAULT_AUTH_PARAMS, setAuthParams } from "../identity/params.ts";
import { AppError } from "../../utils/errors.ts";
import { chargeChat, forgetChatLeases } from "./rate_limit.ts";

Deno.test("chat rate limits", async (t) => {
  await openDb(":memory:");
  try {
    const minute = 60_000 * 29_000_000; // the start of a minute
    await setAuthParams({
      ...DEFAULT_AUTH_PARAMS,
      chat: { ...DEFAULT_AUTH_PARAMS.chat, messagesPerMinute: 7 },
    }, 1);

    await t.step(
      "a person's messages beyond the limit are refused with 429 and when to try again",
      async () => {
        for (let i = 0; i < 7; i++) await chargeChat(10, "messages", minute + i);
        const refused = await assertRejects(
          () => chargeChat(10, "messages", minute + 45_000),
          AppError,
        ) as AppError;
        assertEquals([refused.status, refused.code, refused.options.retryAfter], [429, "rate_limited", 15]);
      },
    );

    await t.step(
      "the count is shared: another process (or socket) of the same person is refused too",
      async () => {
        forgetChatLeases();
        await assertRejects(() => chargeChat(10, "messages", minute + 50_000), AppError);
      },
    );

    await t.step("others, other kinds and the next minute are not affected", async () => {
      await chargeChat(11, "messages", minute + 50_000);
      await chargeChat(10, "rooms", minute + 50_000);
      await chargeChat(10, "messages", minute + 60_000);
    });

    await t.step("many at once from one person still stop at the limit", async () => {
      forgetChatLeases();
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, () => chargeChat(12, "messages", minute)),
      );
      assertEquals(results.filter((r) => r.status === "fulfilled").length, 7);
    });
  } finally {
    await closeDb();
  }
});
