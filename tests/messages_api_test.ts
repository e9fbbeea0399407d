/**
 * Announcements through HTTP (issue 26): staff send one to an audience; each person gets it in their inbox,
 * whose badge counts it, and marks it read; bad input is a 422 in the request's language, nothing stored.
 */
import { assert, assertEquals } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { deliverMessage } from "../services/messages/store.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "prof"] as const) tokens.set(account, await tokenFor(account));

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  return { status: res.status, body: await res.json() };
}

Deno.test("announcements API", async (t) => {
  await t.step("the demo announcement is in the professor's inbox", async () => {
    const list = await call("staff", "GET", "/api/messages");
    assertEquals(list.status, 200);
    assertEquals(list.body.data[0].delivered, list.body.data[0].recipients);
    const inbox = await call("prof", "GET", "/api/mailbox/inbox");
    assert(inbox.body.data.some((i: { title: string }) => i.title === list.body.data[0].subject));
  });

  await t.step("bad input: 422 naming the fields; students may not send", async () => {
    const before = (await call("staff", "GET", "/api/messages")).body.total;
    const bad = await call("staff", "POST", "/api/messages", { subject: "", body: "", audience: {} }, "ka");
    assertEquals(bad.status, 422);
    assertEquals(Object.keys(bad.body.error.fields).sort(), ["audience", "body", "subject"]);
    assertEquals((await call("staff", "GET", "/api/messages")).body.total, before);
    const student = await call("student", "POST", "/api/messages", { subject: "x", body: "y", audience: {} });
    assertEquals(student.status, 403);
  });

  await t.step("an announcement reaches the student's inbox once; reading it lowers the badge", async () => {
    const sent = await call("staff", "POST", "/api/messages", {
      subject: "Library closed on Friday",
      body: "The library is closed this Friday.",
      audience: { guards: ["user"] },
    });
    assertEquals(sent.status, 202);
    const student = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
    const before = (await call("student", "GET", "/api/mailbox/inbox/count")).body.inbox;
    // The queue delivers at least once: the same delivery twice leaves one item.
    await deliverMessage({ messageId: sent.body.id, userId: student.id });
    await deliverMessage({ messageId: sent.body.id, userId: student.id });
    assertEquals((await call("student", "GET", "/api/mailbox/inbox/count")).body.inbox, before + 1);
    const item = (await call("student", "GET", "/api/mailbox/inbox")).body.data[0];
    assertEquals(item.title, "Library closed on Friday");
    const read = await call("student", "POST", "/api/messages/read", { ids: [item.id] });
    assertEquals(read.body, { changed: 1, inbox: before });
    assertEquals((await call("staff", "GET", `/api/messages/${sent.body.id}`)).body.delivered, 1);
  });

  await t.step(
    "two deliveries of one announcement to one person at the same moment leave one inbox item",
    async () => {
      const sent = await call("staff", "POST", "/api/messages", {
        subject: "Exam timetable published",
        body: "See the timetable page.",
        audience: { guards: ["user"] },
      });
      assertEquals(sent.status, 202);
      const student = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
      const before = (await call("student", "GET", "/api/mailbox/inbox/count")).body.inbox;
      // A queue redelivering after a crash runs the delivery again while the first may still be running.
      const delivery = { messageId: sent.body.id, userId: student.id };
      await Promise.all([deliverMessage(delivery), deliverMessage(delivery), deliverMessage(delivery)]);
      assertEquals((await call("student", "GET", "/api/mailbox/inbox/count")).body.inbox, before + 1);
      const titles = (await call("student", "GET", "/api/mailbox/inbox")).body.data
        .map((item: { title: string }) => item.title);
      assertEquals(titles.filter((title: string) => title === "Exam timetable published").length, 1);
      assertEquals((await call("staff", "GET", `/api/messages/${sent.body.id}`)).body.delivered, 1);
    },
  );

  await t.step("the page: senders get the composer, everyone their announcements", async () => {
    const page = async (account: DemoAccount) => {
      const res = await app.request("/messages/list", {
        headers: { authorization: `Bearer ${tokens.get(account)}`, cookie: "lang=en" },
      });
      return { status: res.status, html: await res.text() };
    };
    const staff = await page("staff");
    assertEquals(staff.status, 200);
    assert(staff.html.includes("message-composer") && staff.html.includes("Library closed on Friday"));
    const student = await page("student");
    assertEquals(student.status, 200);
    assert(!student.html.includes("message-composer"));
    assert(student.html.includes("Library closed on Friday"));
  });
});
