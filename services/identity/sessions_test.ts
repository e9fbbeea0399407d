import { base64url, type JWTPayload, SignJWT } from "jose";
import { assert, assertEquals, assertMatch, assertThrows } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import {
  authenticate,
  createSession,
  ensureStoredSecret,
  FEED_OVERLAP_MS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  onSessionsRevoked,
  parseSecret,
  revocationFeed,
  revokeSession,
  revokeUserSessions,
  type Session,
  sessionCountdown,
  UNLIMITED,
} from "./sessions.ts";
import { listUserSessions } from "./user_sessions.ts";

const device = { userAgent: "test", ip: "127.0.0.1" };
const login = (userId = 7, ttlSeconds: number | null = 3600) =>
  createSession({ userId, guard: "user", ttlSeconds, ...device });

/** The key the module signs with: env JWT_SECRET when the runner sets it, else the one it stored in KV. */
async function signingKey(): Promise<Uint8Array> {
  const env = Deno.env.get("JWT_SECRET");
  return parseSecret(env || (await db().get<string>(["meta", "jwt_secret"])).value!);
}

/** A token signed with the module's own key, so that only the tested flaw can make it fail. */
async function craft(
  payload: JWTPayload,
  opts: { exp?: number | null; iat?: number; iss?: string; aud?: string; alg?: string; key?: Uint8Array } =
    {},
): Promise<string> {
  const iat = opts.iat ?? Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? "HS256", typ: "JWT" })
    .setIssuer(opts.iss ?? JWT_ISSUER).setAudience(opts.aud ?? JWT_AUDIENCE).setIssuedAt(iat);
  if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? iat + 3600);
  return await jwt.sign(opts.key ?? await signingKey());
}

function withDb<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    await openDb(":memory:");
    try {
      await fn(...args);
    } finally {
      await closeDb();
    }
  };
}

Deno.test(
  "sessions: tokens",
  withDb(async (t: Deno.TestContext) => {
    const { session, token } = await login(7, 3600);

    await t.step("a fresh token authenticates to its session", async () => {
      assertMatch(session.sid, /^[A-Za-z0-9_-]{43}$/);
      assertEquals(session.expiresAt, new Date(Date.parse(session.createdAt) + 3600_000).toISOString());
      const auth = await authenticate(token);
      assert(auth);
      assertEquals(auth.session, session);
      assertEquals([auth.claims.id, auth.claims.guard, auth.claims.sid], [7, "user", session.sid]);
      assertEquals([auth.claims.iss, auth.claims.aud], [JWT_ISSUER, JWT_AUDIENCE]);
      assertEquals(auth.claims.exp - auth.claims.iat, 3600);
      assertEquals((await db().get(["sessions_by_user", 7, session.sid])).value, session.sid);
    });

    await t.step(
      "a crafted token with every claim right is accepted (the helper below is sound)",
      async () => {
        assert(await authenticate(await craft({ id: 7, guard: "user", sid: session.sid })));
      },
    );

    const claims = { id: 7, guard: "user", sid: session.sid };
    const refused: [string, () => Promise<string | null | undefined>][] = [
      ["no token", () => Promise.resolve(null)],
      ["undefined", () => Promise.resolve(undefined)],
      ["empty", () => Promise.resolve("")],
      ["garbage", () => Promise.resolve("not.a.jwt")],
      ["alg none", () => {
        const part = (o: object) => base64url.encode(JSON.stringify(o));
        const now = Math.floor(Date.now() / 1000);
        const body = { ...claims, iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat: now, exp: now + 60 };
        return Promise.resolve(`${part({ alg: "none", typ: "JWT" })}.${part(body)}.`);
      }],
      ["another key", () => craft(claims, { key: crypto.getRandomValues(new Uint8Array(32)) })],
      ["HS512 with the right key", () => craft(claims, { alg: "HS512" })],
      ["no exp", () => craft(claims, { exp: null })],
      ["expired", () => craft(claims, { exp: Math.floor(Date.now() / 1000) - 10 })],
      ["issued in the future", () => craft(claims, { iat: Math.floor(Date.now() / 1000) + 3600 })],
      ["issued a minute ahead", () => craft(claims, { iat: Math.floor(Date.now() / 1000) + 60 })],
      ["wrong aud", () => craft(claims, { aud: "someone-else" })],
      ["wrong iss", () => craft(claims, { iss: "someone-else" })],
      ["no sid", () => craft({ id: 7, guard: "user" })],
      ["id as a string", () => craft({ ...claims, id: "7" })],
      ["unknown guard", () => craft({ ...claims, guard: "root" })],
      ["another user's id", () => craft({ ...claims, id: 8 })],
      ["another guard", () => craft({ ...claims, guard: "prof" })],
      ["unknown sid", () => craft({ ...claims, sid: "A".repeat(43) })],
      ["tampered payload", () => {
        const [h, , sig] = token.split(".");
        const payload = JSON.parse(new TextDecoder().decode(base64url.decode(token.split(".")[1])));
        return Promise.resolve(`${h}.${base64url.encode(JSON.stringify({ ...payload, id: 1 }))}.${sig}`);
      }],
    ];
    for (const [name, make] of refused) {
      await t.step(`refuses: ${name}`, async () => {
        assertEquals(await authenticate(await make()), null);
      });
    }

    await t.step("refuses the real token once its exp has passed", async () => {
      assertEquals(await authenticate(token, Date.now() + 3601_000), null);
    });

    await t.step("a session without expiry still gets a (ten-year) exp", async () => {
      const forever = await login(9, null);
      assertEquals(forever.session.expiresAt, null);
      const auth = await authenticate(forever.token);
      assert(auth);
      assertEquals(auth.claims.exp - auth.claims.iat, 10 * 365 * 24 * 3600);
    });

    await t.step("refuses a lifetime that is not a positive integer", async () => {
      for (const ttlSeconds of [0, -5, 1.5, Infinity]) {
        let threw = false;
        await login(7, ttlSeconds).catch(() => (threw = true));
        assert(threw, String(ttlSeconds));
      }
    });
  }),
);

Deno.test(
  "sessions: records",
  withDb(async (t: Deno.TestContext) => {
    await t.step("a revoked session is refused and reported", async () => {
      const { session, token } = await login(7);
      const seen: string[][] = [];
      const stop = onSessionsRevoked((sids) => seen.push(sids));
      assertEquals(await revokeSession(session.sid), true);
      stop();
      assertEquals(await authenticate(token), null);
      assertEquals(seen, [[session.sid]]);
      assertEquals((await db().get(["sessions_by_user", 7, session.sid])).versionstamp, null);
      assertEquals(await revokeSession(session.sid), false);
      assertEquals(seen.length, 1, "unsubscribed listeners are not called");
    });

    await t.step(
      "other processes learn of a revocation from the feed, once, after it is committed",
      async () => {
        // Earlier steps revoked sessions too: only this step's session is looked for.
        const { session } = await login(8);
        const has = (sids: string[]) => sids.includes(session.sid);
        const poll = revocationFeed();
        assertEquals(has(await poll()), false);
        await revokeSession(session.sid);
        assertEquals(has(await poll()), true);
        assertEquals(has(await poll()), false, "reported once");
        const later = revocationFeed(() => Date.now() + FEED_OVERLAP_MS + 60_000);
        assertEquals(has(await later()), false, "a feed does not report what is older than its overlap");
        assertEquals(has(await revocationFeed()()), true, "a new feed reports what is within its overlap");
      },
    );

    await t.step("a session whose KV record is gone is refused", async () => {
      const { session, token } = await login(7);
      await db().delete(["sessions", session.sid]);
      assertEquals(await authenticate(token), null);
    });

    await t.step("a session past its expiresAt is refused even while KV still returns it", async () => {
      const { session } = await login(7, 3600);
      const stale: Session = { ...session, expiresAt: new Date(Date.now() - 1000).toISOString() };
      await db().set(["sessions", session.sid], stale);
      assertEquals(await authenticate(await craft({ id: 7, guard: "user", sid: session.sid })), null);
    });

    await t.step("a one-second session is refused after a second", async () => {
      const { token } = await login(7, 1);
      assert(await authenticate(token));
      assertEquals(await authenticate(token, Date.now() + 1100), null);
    });

    await t.step("lastSeenAt is written at most once a minute", async () => {
      const { session, token } = await login(11);
      const start = Date.parse(session.lastSeenAt);
      assertEquals((await authenticate(token, start + 30_000))?.session.lastSeenAt, session.lastSeenAt);
      const stored = await db().get<Session>(["sessions", session.sid]);
      assertEquals(stored.value?.lastSeenAt, session.lastSeenAt);
      const later = new Date(start + 61_000).toISOString();
      assertEquals((await authenticate(token, start + 61_000))?.session.lastSeenAt, later);
      assertEquals((await db().get<Session>(["sessions", session.sid])).value?.lastSeenAt, later);
      assert((await db().get(["sessions", session.sid])).versionstamp !== stored.versionstamp);
    });

    await t.step("list and revoke a user's sessions, keeping the current one", async () => {
      const a = await login(20);
      const b = await login(20);
      const c = await login(20, null);
      await login(21);
      await db().set(["sessions", b.session.sid], { ...b.session, lastSeenAt: "2999-01-01T00:00:00.000Z" });
      const listed = await listUserSessions(20);
      assertEquals(listed.map((s) => s.sid).slice(0, 1), [b.session.sid]);
      assertEquals(new Set(listed.map((s) => s.sid)), new Set([a.session.sid, b.session.sid, c.session.sid]));
      assertEquals(
        await listUserSessions(20, Date.now() + 7200_000),
        [c.session],
        "expired ones are skipped",
      );

      const seen: string[] = [];
      const stop = onSessionsRevoked((sids) => seen.push(...sids));
      assertEquals(await revokeUserSessions(20, { except: a.session.sid }), 2);
      stop();
      assertEquals(new Set(seen), new Set([b.session.sid, c.session.sid]));
      assert(await authenticate(a.token));
      assertEquals(await authenticate(b.token), null);
      assertEquals(await authenticate(c.token), null);
      assertEquals((await listUserSessions(20)).map((s) => s.sid), [a.session.sid]);
      assertEquals((await listUserSessions(21)).length, 1, "other users keep theirs");
      assertEquals(await revokeUserSessions(20), 1);
      assertEquals(await listUserSessions(20), []);
    });

    await t.step("a throwing listener does not stop revocation or other listeners", async () => {
      const { session } = await login(30);
      const seen: string[] = [];
      const error = console.error;
      console.error = () => {};
      const stops = [
        onSessionsRevoked(() => {
          throw new Error("boom");
        }),
        onSessionsRevoked((sids) => seen.push(...sids)),
      ];
      try {
        assertEquals(await revokeSession(session.sid), true);
      } finally {
        stops.forEach((stop) => stop());
        console.error = error;
      }
      assertEquals(seen, [session.sid]);
    });

    await t.step("switchedFrom is kept", async () => {
      const { session } = await createSession({
        userId: 5,
        guard: "prof",
        ttlSeconds: 60,
        switchedFrom: 1,
        ...device,
      });
      assertEquals((await db().get<Session>(["sessions", session.sid])).value?.switchedFrom, 1);
    });
  }),
);

Deno.test("sessions: secret", async (t) => {
  await t.step("two processes generating the secret at once agree on one", async () => {
    const dir = await Deno.makeTempDir();
    const [one, two] = [await Deno.openKv(`${dir}/kv`), await Deno.openKv(`${dir}/kv`)];
    try {
      const secrets = await Promise.all([one, two, one, two].map((kv) => ensureStoredSecret(kv)));
      assertEquals(new Set(secrets).size, 1);
      assertMatch(secrets[0], /^[A-Za-z0-9_-]{43}$/);
      assertEquals((await two.get(["meta", "jwt_secret"])).value, secrets[0]);
    } finally {
      one.close();
      two.close();
      await Deno.remove(dir, { recursive: true });
    }
  });

  await t.step("a configured secret shorter than 32 characters is refused", () => {
    assertThrows(() => parseSecret("short"), Error, "at least 32");
    assertEquals(parseSecret("x".repeat(32)).length, 32);
  });

  await t.step("a fresh store gets its own secret, so old tokens do not carry over", async () => {
    if (Deno.env.get("JWT_SECRET")) return; // with a configured secret every store shares it, by design
    let token = "";
    await withDb(async () => void ({ token } = await login()))();
    await withDb(async () => assertEquals(await authenticate(token), null))();
  });
});

Deno.test("sessionCountdown", async (t) => {
  const now = Date.parse("2025-01-01T00:00:00.000Z");
  const at = (ms: number) => new Date(now + ms).toISOString();

  await t.step("formats the time left as hh:mm:ss, hours beyond 24 included", () => {
    assertEquals(sessionCountdown(at(3_723_000), now), "01:02:03");
    assertEquals(sessionCountdown(at(59_000), now), "00:00:59");
    assertEquals(sessionCountdown(at(100 * 3600_000), now), "100:00:00");
    assertEquals(sessionCountdown(at(26 * 3600_000 + 5_000), now), "26:00:05");
  });

  await t.step("rounds up, so a live session never shows 00:00:00", () => {
    assertEquals(sessionCountdown(at(400), now), "00:00:01");
  });

  await t.step("is empty once expired", () => {
    assertEquals(sessionCountdown(at(0), now), "");
    assertEquals(sessionCountdown(at(-5000), now), "");
    assertEquals(sessionCountdown("not a date", now), "");
  });

  await t.step("marks a session without expiry", () => {
    assertEquals(sessionCountdown(null, now), UNLIMITED);
    assertEquals(UNLIMITED, "unlimited");
  });
});
