import { assertEquals } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import {
  createNotification,
  getSettings,
  listNotifications,
  markRead,
  notificationVersion,
  setSettings,
  unreadCount,
} from "./mod.ts";

const note = (title: string) => ({ title, body: "b", kind: "system" as const });

Deno.test("notifications: create, read and the unread count stay consistent", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("ids count per user and each create raises the count and the version", async () => {
      const a = await createNotification(7, note("one"));
      const b = await createNotification(7, note("two"));
      await createNotification(8, note("other"));
      assertEquals([a.id, b.id], [1, 2]);
      assertEquals(await unreadCount(7), 2);
      assertEquals(await notificationVersion(7), 2);
      assertEquals(await unreadCount(8), 1);
    });
    await t.step("the list is newest first and filters by read state", async () => {
      const all = await listNotifications(7);
      assertEquals(all.data.map((n) => n.title), ["two", "one"]);
      assertEquals(all.total, 2);
    });
    await t.step("marking one read lowers the count once, however often it is repeated", async () => {
      assertEquals((await markRead(7, { ids: [1] })).changed, 1);
      assertEquals((await markRead(7, { ids: [1] })).changed, 0);
      assertEquals(await unreadCount(7), 1);
      assertEquals((await listNotifications(7, { unread: false })).data.map((n) => n.id), [1]);
    });
    await t.step("another person's ids change nothing of theirs", async () => {
      // user 8 owns id 1 too; user 7 asking for id 3 (which only exists nowhere) changes nothing.
      assertEquals((await markRead(7, { ids: [3] })).changed, 0);
      assertEquals(await unreadCount(8), 1);
    });
    await t.step("mark all read, also beyond one atomic's worth", async () => {
      for (let i = 0; i < 150; i++) await createNotification(9, note(`n${i}`));
      assertEquals(await unreadCount(9), 150);
      const result = await markRead(9, { all: true });
      assertEquals(result, { changed: 150, unread: 0 });
      assertEquals((await listNotifications(9, { unread: true })).total, 0);
    });
    await t.step("concurrent creates and reads keep the count exact", async () => {
      await Promise.all([
        ...Array.from({ length: 20 }, () => createNotification(10, note("x"))),
        markRead(10, { all: true }),
      ]);
      assertEquals(await unreadCount(10), (await listNotifications(10, { unread: true })).total);
    });
    await t.step("settings default to in-app only and are stored per user", async () => {
      assertEquals((await getSettings(7)).poll, { inApp: true, email: false, sms: false });
      const changed = { ...(await getSettings(7)), poll: { inApp: false, email: true, sms: true } };
      await setSettings(7, changed);
      assertEquals((await getSettings(7)).poll, { inApp: false, email: true, sms: true });
      assertEquals((await getSettings(8)).poll.email, false);
    });
  } finally {
    await closeDb();
  }
});
