import { assertEquals } from "./assert.ts";
import { jsonRequest, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";

const app = await seededApp();
const bearer = async (account: "admin" | "staff" | "limited") => ({
  authorization: `Bearer ${await tokenFor(account)}`,
});
const staffId = (await findUserByEmail(DEMO_ACCOUNTS.staff.email))!.id;

Deno.test("notifications API and the fixed shell paths", async (t) => {
  const staff = await bearer("staff");
  const limited = await bearer("limited");

  await t.step("the four fixed paths answer with their shapes", async () => {
    const count = await app.request("/user/notifications/count", jsonRequest("POST", {}, staff));
    assertEquals(count.status, 200);
    const { unreadNotifications } = await count.json();
    assertEquals(unreadNotifications, 4); // the seed's demo notifications
    const events = await (await app.request("/event/getEventCount", { headers: staff })).json();
    assertEquals(events, { count: 4 });
    const latest = await (await app.request("/event/getNotificationEvents", { headers: staff })).json();
    assertEquals(latest.data.length, 4);
    const watch = await (await app.request("/event/watchEvent", { headers: staff })).json();
    assertEquals(watch, { version: 4, unreadNotifications: 4 });
  });

  await t.step("without a session: 401 in the JSON error shape, even for a page-like request", async () => {
    for (
      const [path, init] of [
        ["/user/notifications/count", jsonRequest("POST", {})],
        ["/event/getEventCount", {}],
        ["/event/getNotificationEvents", {}],
        ["/event/watchEvent", { headers: { accept: "text/html" } }],
        ["/api/notifications", {}],
      ] as const
    ) {
      const res = await app.request(path, init);
      assertEquals(res.status, 401, path);
      assertEquals((await res.json()).error.code, "unauthorized");
    }
  });

  await t.step("the list pages and filters the caller's own notifications", async () => {
    const res = await app.request("/api/notifications?unread=1&page=1&limit=2", { headers: staff });
    const body = await res.json();
    assertEquals(body.total, 4);
    assertEquals(body.data.length, 2);
  });

  await t.step("marking read changes only the caller's notifications", async () => {
    const res = await app.request("/api/notifications/read", jsonRequest("POST", { ids: [1] }, limited));
    assertEquals(await res.json(), { changed: 1, unreadNotifications: 3 });
    const staffCount = await app.request("/user/notifications/count", jsonRequest("POST", {}, staff));
    assertEquals((await staffCount.json()).unreadNotifications, 4);
    const all = await app.request("/api/notifications/read", jsonRequest("POST", { all: true }, staff));
    assertEquals(await all.json(), { changed: 4, unreadNotifications: 0 });
  });

  await t.step("a read body needs exactly one of ids and all", async () => {
    const res = await app.request("/api/notifications/read", jsonRequest("POST", {}, staff));
    assertEquals(res.status, 422);
  });

  await t.step("settings round-trip and are validated", async () => {
    const current = await (await app.request("/api/notifications/settings", { headers: staff })).json();
    const next = { ...current, message: { inApp: true, email: true, sms: false } };
    const saved = await app.request("/api/notifications/settings", jsonRequest("PUT", next, staff));
    assertEquals((await saved.json()).message.email, true);
    const bad = await app.request("/api/notifications/settings", jsonRequest("PUT", { system: 1 }, staff));
    assertEquals(bad.status, 422);
  });

  await t.step("sending needs the notifications key; the recipient's count rises", async () => {
    const body = { userId: staffId, title: "Hello", body: "", kind: "system", link: "/my-devices" };
    const refused = await app.request("/api/notifications/send", jsonRequest("POST", body, staff));
    assertEquals(refused.status, 403);
    const sent = await app.request(
      "/api/notifications/send",
      jsonRequest("POST", body, await bearer("admin")),
    );
    assertEquals(sent.status, 201);
    const count = await app.request("/user/notifications/count", jsonRequest("POST", {}, staff));
    assertEquals((await count.json()).unreadNotifications, 1);
    const missing = { ...body, userId: 99999 };
    const notFound = await app.request(
      "/api/notifications/send",
      jsonRequest("POST", missing, await bearer("admin")),
    );
    assertEquals(notFound.status, 404);
  });

  await t.step("the socket refuses a foreign Origin and a non-upgrade request", async () => {
    const foreign = await app.request("/ws/user", {
      headers: { upgrade: "websocket", origin: "https://evil.example", ...staff },
    });
    assertEquals(foreign.status, 403);
    await foreign.body?.cancel();
    const plain = await app.request("/ws/user", { headers: { origin: ORIGIN, accept: "application/json" } });
    assertEquals(plain.status, 400);
    await plain.body?.cancel();
  });
});
