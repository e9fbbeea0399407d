/**
 * `identify` keeps identities between requests (auth.ts): what another process sharing the KV does to a
 * person's sessions must still count from this process's next request, with no notice but the KV itself.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { identify } from "./auth.ts";
import { createSession, type Session } from "./sessions.ts";
import { sessionsVersionKey } from "./user_sessions.ts";
import { createUser } from "./users.ts";

const MINUTE = 60_000;

/** What another process's revocation writes (sessions.ts's revokeOps with the version), without this process's notice. */
async function revokeElsewhere(session: Session) {
  const result = await db().atomic()
    .delete(["sessions", session.sid])
    .delete(["sessions_by_user", session.userId, session.sid])
    .set(sessionsVersionKey(session.userId), Date.now())
    .commit();
  assert(result.ok);
}

Deno.test("identify: a kept identity follows what other processes do to the person's sessions", async (t) => {
  await openDb(":memory:");
  try {
    const user = await createUser({
      email: "kept@uni.test",
      guard: "custom",
      chatType: "user",
      name: "ნინო",
      nameEn: "Nino",
      image: null,
      hrUserId: null,
      studentId: null,
      roleIds: [],
      linkedAccountIds: [],
      passwordHash: "-",
      disabled: false,
    }, null);
    const open = () =>
      createSession({
        userId: user.id,
        guard: "custom",
        ttlSeconds: 8 * 3600,
        userAgent: "test",
        ip: "127.0.0.1",
      });

    await t.step("a session revoked by another process is refused at the next request", async () => {
      const { session, token } = await open();
      assertEquals((await identify(token))?.session.sid, session.sid);
      assertEquals((await identify(token))?.session.sid, session.sid);
      await revokeElsewhere(session);
      assertEquals(await identify(token), null);
    });

    await t.step("the person's other devices opening and closing leave this one signed in", async () => {
      const { session, token } = await open();
      assertEquals((await identify(token))?.session.sid, session.sid);
      const other = await open();
      assertEquals((await identify(token))?.session.sid, session.sid);
      await revokeElsewhere(other.session);
      assertEquals((await identify(token))?.session.sid, session.sid);
      assertEquals(await identify(other.token), null);
    });

    await t.step(
      "a use recorded a minute later keeps the identity, and a revocation after it still counts",
      async () => {
        const { session, token } = await open();
        const now = Date.now();
        assertEquals((await identify(token, now))?.session.sid, session.sid);
        const later = await identify(token, now + MINUTE + 1_000);
        assertEquals(later?.session.sid, session.sid);
        assert(later!.session.lastSeenAt > session.lastSeenAt, "the later use is recorded");
        assertEquals((await identify(token, now + MINUTE + 2_000))?.session.sid, session.sid);
        await revokeElsewhere(session);
        assertEquals(await identify(token, now + MINUTE + 3_000), null);
      },
    );

    await t.step("a token naming another person's id is refused, and names no one's identity", async () => {
      const { token } = await open();
      const [header, , signature] = token.split(".");
      const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
      const forged = btoa(JSON.stringify({ ...payload, id: user.id + 1 })).replace(/=+$/, "")
        .replace(/\+/g, "-").replace(/\//g, "_");
      assertEquals(await identify(`${header}.${forged}.${signature}`), null);
    });
  } finally {
    await closeDb();
  }
});
