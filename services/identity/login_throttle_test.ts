import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import {
  checkLogin,
  DEFAULT_THROTTLE_POLICY as policy,
  type FailureCounter,
  lockSeconds,
  type LoginCheck,
  recordFailure,
  recordSuccess,
  type ThrottlePolicy,
} from "./login_throttle.ts";

const T0 = Date.parse("2025-03-01T10:00:00.000Z");
const IP = "10.0.0.1";

function withDb(fn: (t: Deno.TestContext) => Promise<void>) {
  return async (t: Deno.TestContext) => {
    await openDb(":memory:");
    try {
      await fn(t);
    } finally {
      await closeDb();
    }
  };
}

/** `n` failures at `now`; returns the check after the last one. By default each account fails from an address
 * of its own, so that account tests do not trip the shared address counter. */
async function fail(n: number, email: string, now: number, ip = `ip:${email}`, p: ThrottlePolicy = policy) {
  let last: LoginCheck = { allowed: true };
  for (let i = 0; i < n; i++) last = await recordFailure(email, ip, p, now);
  return last;
}

const locked = (retryAfterSeconds: number, scope: "account" | "address" = "account"): LoginCheck => ({
  allowed: false,
  retryAfterSeconds,
  scope,
});

const counter = async (scope: string, id: string) =>
  (await db().get<FailureCounter>(["login_failures", scope, id])).value;

Deno.test(
  "login throttle: account",
  withDb(async (t) => {
    await t.step("four failures still allow, the fifth locks the account for 60 s", async () => {
      assertEquals(await fail(4, "nino@uni.ge", T0), { allowed: true });
      assertEquals(await checkLogin("nino@uni.ge", IP, policy, T0), { allowed: true });
      assertEquals(await fail(1, "nino@uni.ge", T0), locked(60));
      assertEquals(await checkLogin("nino@uni.ge", IP, policy, T0 + 59_500), locked(1));
      assertEquals(await checkLogin("nino@uni.ge", "10.9.9.9", policy, T0), locked(60), "from anywhere");
      assertEquals(await checkLogin("giorgi@uni.ge", IP, policy, T0), { allowed: true }, "others unaffected");
    });

    await t.step("it unlocks after 60 s", async () => {
      assertEquals(await checkLogin("nino@uni.ge", IP, policy, T0 + 60_000), { allowed: true });
    });

    await t.step("failures during a lock do not stretch it", async () => {
      assertEquals(await fail(10, "lock@uni.ge", T0), locked(60));
      assertEquals(await fail(5, "lock@uni.ge", T0 + 30_000), locked(30));
      assertEquals(await checkLogin("lock@uni.ge", IP, policy, T0 + 60_000), { allowed: true });
    });

    await t.step("each new lock within the window doubles, capped at 900 s", async () => {
      const email = "tamar@uni.ge";
      let now = T0;
      const seen: number[] = [];
      for (let round = 0; round < 7; round++) {
        const check = await fail(5, email, now);
        assert(!check.allowed);
        seen.push(check.retryAfterSeconds);
        now += check.retryAfterSeconds * 1000;
        assertEquals(
          await checkLogin(email, IP, policy, now),
          { allowed: true },
          `unlocked after round ${round}`,
        );
      }
      assertEquals(seen, [60, 120, 240, 480, 900, 900, 900]);
    });

    await t.step("the email is compared trimmed and case-insensitively", async () => {
      await fail(5, "  Levan@Uni.GE ", T0);
      assertEquals(await checkLogin("levan@uni.ge", IP, policy, T0), locked(60));
    });

    await t.step("failures spread thinner than the window do not add up", async () => {
      await fail(4, "sparse@uni.ge", T0);
      assertEquals(await fail(4, "sparse@uni.ge", T0 + 900_000), { allowed: true });
      assertEquals((await counter("account", "sparse@uni.ge"))?.count, 4);
    });

    await t.step("after a quiet window the lock length starts again at 60 s", async () => {
      const email = "quiet@uni.ge";
      assertEquals(await fail(5, email, T0), locked(60));
      assertEquals(await fail(5, email, T0 + 60_000), locked(120));
      const end = T0 + 180_000;
      assertEquals(
        await fail(5, email, end + 899_000),
        locked(240),
        "still remembered just before the window",
      );
      assertEquals(await fail(5, email, end + 899_000 + 240_000 + 900_000), locked(60));
    });

    await t.step("a success clears the account counter", async () => {
      const email = "ana@uni.ge";
      await fail(4, email, T0);
      await recordSuccess(email, IP);
      assertEquals(await counter("account", email), null);
      assertEquals(await fail(4, email, T0), { allowed: true }, "a fresh count of 4 does not lock");
      assertEquals(await fail(1, email, T0), locked(60));
    });

    await t.step("concurrent failures are all counted", async () => {
      const email = "race@uni.ge";
      const ip = "10.0.0.77";
      await Promise.all(Array.from({ length: 4 }, () => recordFailure(email, ip, policy, T0)));
      assertEquals((await counter("account", email))?.count, 4);
      assertEquals((await counter("address", ip))?.count, 4);
    });
  }),
);

Deno.test(
  "login throttle: address",
  withDb(async (t) => {
    await t.step("20 failures from one address across different accounts lock that address", async () => {
      for (let i = 0; i < 19; i++) assertEquals(await fail(1, `user${i}@uni.ge`, T0, IP), { allowed: true });
      assertEquals(await fail(1, "user19@uni.ge", T0, IP), locked(60, "address"));
      assertEquals(await checkLogin("someone.new@uni.ge", IP, policy, T0 + 1000), locked(59, "address"));
      assertEquals(await checkLogin("someone.new@uni.ge", "10.0.0.2", policy, T0), { allowed: true });
      assertEquals(await checkLogin("someone.new@uni.ge", IP, policy, T0 + 60_000), { allowed: true });
    });

    await t.step("a success does not clear the address counter", async () => {
      const ip = "10.0.0.3";
      await fail(3, "x@uni.ge", T0, ip);
      await recordSuccess("x@uni.ge", ip);
      assertEquals((await counter("address", ip))?.count, 3);
    });

    await t.step("failures against a locked account still count for the address", async () => {
      const ip = "10.0.0.4";
      assertEquals(await fail(5, "target@uni.ge", T0, ip), locked(60));
      await fail(3, "target@uni.ge", T0 + 1000, ip);
      assertEquals((await counter("address", ip))?.count, 8);
    });

    await t.step("when both are locked the longer wait is reported", async () => {
      const ip = "10.0.0.5";
      const strict = { ...policy, accountMaxFailures: 2, addressMaxFailures: 3 };
      assertEquals(await fail(2, "a@uni.ge", T0, ip, strict), locked(60));
      assertEquals(await fail(1, "b@uni.ge", T0 + 30_000, ip, strict), locked(60, "address"));
      assertEquals(await checkLogin("a@uni.ge", ip, strict, T0 + 30_000), locked(60, "address"));
      assertEquals(await checkLogin("a@uni.ge", "10.0.0.6", strict, T0 + 30_000), locked(30));
    });

    await t.step("requests without a known address do not share one counter", async () => {
      for (let i = 0; i < 25; i++) await fail(1, `anon${i}@uni.ge`, T0, "");
      assertEquals(await checkLogin("anon-next@uni.ge", "", policy, T0), { allowed: true });
    });
  }),
);

Deno.test("login throttle: locks always end", async (t) => {
  await t.step("lock lengths double and stop at the cap, even after very many locks", () => {
    assertEquals([1, 2, 3, 4, 5, 6].map((n) => lockSeconds(n, policy)), [60, 120, 240, 480, 900, 900]);
    assertEquals(lockSeconds(10_000, policy), 900);
  });

  await t.step("an unbounded or nonsensical policy still yields finite locks of at most a day", () => {
    const wild = { ...policy, maxLockSeconds: Infinity, baseLockSeconds: 3600 };
    assertEquals(lockSeconds(100, wild), 86_400);
    assertEquals(lockSeconds(1, { ...policy, baseLockSeconds: NaN, maxLockSeconds: -1 }), 60);
  });

  await t.step(
    "after many locks the account opens again once the last lock ends",
    withDb(async () => {
      let now = T0;
      for (let i = 0; i < 30; i++) {
        const check = await fail(5, "stubborn@uni.ge", now);
        assert(!check.allowed && check.retryAfterSeconds <= 900);
        now += check.retryAfterSeconds * 1000;
      }
      assertEquals(await checkLogin("stubborn@uni.ge", IP, policy, now), { allowed: true });
    }),
  );
});
