import { assert, assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import {
  authenticate,
  createSession,
  endSessionsOverCap,
  MAX_SESSIONS_PER_USER,
  replaceSession,
  revokeSession,
  revokeUserSessions,
  type Session,
} from "./sessions.ts";
import { listUserSessions } from "./user_sessions.ts";

const device = { userAgent: "test", ip: "127.0.0.1", guard: "user" as const };
const login = (userId: number) => createSession({ userId, ttlSeconds: 3600, ...device });
const sids = async (userId: number) => (await listUserSessions(userId)).map((s) => s.sid).sort();

Deno.test("user sessions: a listed person's devices follow every change at the next list", async (t) => {
  await openDb(":memory:");
  try {
    const a = await login(40);
    await t.step("a session opened after a list is in the next one", async () => {
      assertEquals(await sids(40), [a.session.sid]);
      const b = await login(40);
      assertEquals(await sids(40), [a.session.sid, b.session.sid].sort());
      assert(await revokeSession(b.session.sid));
    });

    await t.step("a revoked session is gone from the next list", async () => {
      const c = await login(40);
      assertEquals((await sids(40)).length, 2);
      assert(await revokeSession(c.session.sid));
      assertEquals(await sids(40), [a.session.sid]);
    });

    await t.step("a touch shows as the device's last-seen time", async () => {
      const before = (await listUserSessions(40))[0];
      const later = Date.parse(before.lastSeenAt) + 61_000;
      assert(await authenticate(a.token, later));
      assertEquals((await listUserSessions(40, later))[0].lastSeenAt, new Date(later).toISOString());
    });

    await t.step("switching accounts moves the session from one person's list to the other's", async () => {
      const own = await login(41);
      assertEquals(await sids(41), [own.session.sid]);
      assertEquals((await sids(42)).length, 0);
      const switched = await replaceSession(own.session.sid, { userId: 42, ttlSeconds: 3600, ...device });
      assertEquals(await sids(41), []);
      assertEquals(await sids(42), [switched!.session.sid]);
    });

    await t.step("ending all, or those over the cap, empties or trims the list", async () => {
      for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) await login(43);
      assertEquals((await sids(43)).length, MAX_SESSIONS_PER_USER);
      const newest = await login(43);
      await endSessionsOverCap(43, newest.session.sid);
      const kept = await sids(43);
      assertEquals(kept.length, MAX_SESSIONS_PER_USER);
      assert(kept.includes(newest.session.sid));
      assertEquals(await revokeUserSessions(43), MAX_SESSIONS_PER_USER);
      assertEquals(await sids(43), []);
    });

    await t.step("an expired session leaves the list when it expires", async () => {
      const [only] = await listUserSessions(40);
      assertEquals(await listUserSessions(40, Date.parse(only.expiresAt!) + 1), []);
    });

    await t.step("sessions stored before the version key existed are listed all the same", async () => {
      const sid = "x".repeat(43);
      const old: Session = { ...a.session, sid, userId: 44 };
      await db().atomic().set(["sessions", sid], old).set(["sessions_by_user", 44, sid], sid).commit();
      assertEquals(await sids(44), [sid]);
      await db().atomic().delete(["sessions", sid]).delete(["sessions_by_user", 44, sid]).commit();
      assertEquals(await sids(44), [], "nothing of it was kept");
    });
  } finally {
    await closeDb();
  }
});
