import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { issueCode, randomCode, SEND_LIMIT, SEND_WINDOW_MS, verifyCode } from "./sms_codes.ts";
import { setSmsProvider } from "./sms_provider.ts";
import { AppError } from "../../utils/errors.ts";

/** The AppError `fn` rejects with (fails when it resolves or throws something else). */
async function appErrorOf(fn: () => Promise<unknown>): Promise<AppError> {
  const error = await assertRejects(fn, AppError);
  return error as AppError;
}

const T0 = Date.parse("2026-09-01T10:00:00.000Z");
const PURPOSE = "consent:test";

/** Runs with a fresh KV and a provider that keeps the messages; returns the codes sent, newest last. */
function withCodes(fn: (t: Deno.TestContext, sent: { phone: string; code: string }[]) => Promise<void>) {
  return async (t: Deno.TestContext) => {
    await openDb(":memory:");
    const sent: { phone: string; code: string }[] = [];
    setSmsProvider({
      send(phone, text) {
        sent.push({ phone, code: /(\d{6})/.exec(text)![1] });
        return Promise.resolve();
      },
    });
    try {
      await fn(t, sent);
    } finally {
      setSmsProvider(null);
      await closeDb();
    }
  };
}

const issue = (userId: number, now = T0, phone = `+9955550000${String(userId).padStart(2, "0")}`) =>
  issueCode({ userId, phone, purpose: PURPOSE, text: "code {code}", now });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

Deno.test("randomCode: six digits, spread over the whole range", () => {
  const codes = Array.from({ length: 2000 }, randomCode);
  assert(codes.every((c) => /^\d{6}$/.test(c)));
  assertEquals(new Set(codes.map((c) => c[0])).size, 10, "every leading digit occurs");
  assert(new Set(codes).size > 1990, "practically no repeats");
});

Deno.test(
  "SMS codes",
  withCodes(async (t, sent) => {
    await t.step("the right code succeeds once; a replay fails", async () => {
      await issue(1);
      const { code } = sent.at(-1)!;
      assertEquals(await verifyCode(1, PURPOSE, wrong(code), T0), "invalid");
      assertEquals(await verifyCode(1, PURPOSE, code, T0), "ok");
      assertEquals(await verifyCode(1, PURPOSE, code, T0), "invalid");
    });

    await t.step("a code is bound to its person and purpose", async () => {
      await issue(2);
      const { code } = sent.at(-1)!;
      assertEquals(await verifyCode(3, PURPOSE, code, T0), "invalid");
      assertEquals(await verifyCode(2, "consent:other", code, T0), "invalid");
      assertEquals(await verifyCode(2, PURPOSE, code, T0), "ok");
    });

    await t.step("after the validity the code is dead", async () => {
      await issue(4);
      const { code } = sent.at(-1)!;
      // Default validity: auth parameters, 5 minutes.
      assertEquals(await verifyCode(4, PURPOSE, code, T0 + 5 * 60_000), "invalid");
      assertEquals(await verifyCode(4, PURPOSE, code, T0 + 5 * 60_000 - 1), "ok");
    });

    await t.step("the fifth wrong guess kills the code; the right one no longer works", async () => {
      await issue(5);
      const { code } = sent.at(-1)!;
      for (let i = 0; i < 4; i++) assertEquals(await verifyCode(5, PURPOSE, wrong(code), T0), "invalid");
      assertEquals(await verifyCode(5, PURPOSE, wrong(code), T0), "exhausted");
      assertEquals(await verifyCode(5, PURPOSE, code, T0), "invalid");
    });

    await t.step("a new code replaces the older one", async () => {
      await issue(6);
      const first = sent.at(-1)!.code;
      await issue(6);
      const second = sent.at(-1)!.code;
      if (first !== second) assertEquals(await verifyCode(6, PURPOSE, first, T0), "invalid");
      assertEquals(await verifyCode(6, PURPOSE, second, T0), "ok");
    });

    await t.step("parallel submissions of one code: exactly one success", async () => {
      await issue(7);
      const { code } = sent.at(-1)!;
      const results = await Promise.all(Array.from({ length: 8 }, () => verifyCode(7, PURPOSE, code, T0)));
      assertEquals(results.filter((r) => r === "ok").length, 1);
    });

    await t.step("sends are limited per person and per phone", async () => {
      for (let i = 0; i < SEND_LIMIT; i++) await issue(8, T0, "+995555111111");
      const overPerson = await appErrorOf(() => issue(8, T0, "+995555222222"));
      assertEquals([overPerson.status, overPerson.code], [429, "sms_limit"]);
      const overPhone = await appErrorOf(() => issue(9, T0, "+995555111111"));
      assertEquals(overPhone.code, "sms_limit");
      await issue(8, T0 + SEND_WINDOW_MS + 1, "+995555222222");
    });

    await t.step("parallel sends cannot pass the limit", async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => issue(10, T0, "+995555333333")),
      );
      assertEquals(results.filter((r) => r.status === "fulfilled").length, SEND_LIMIT);
    });
  }),
);
