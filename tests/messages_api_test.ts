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

Deno.test("announcements with attachments", async (t) => {
  const PDF = new TextEncoder().encode("%PDF-1.4\n%announcement\n");
  const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const send = (attachments: { name: string; content: string }[], lang = "en") =>
    call("staff", "POST", "/api/messages", {
      subject: "Exam rules",
      body: "The rules are attached.",
      audience: { guards: ["user"] },
      attachments,
    }, lang);
  const download = (account: DemoAccount, href: string) =>
    app.request(href, { headers: { authorization: `Bearer ${tokens.get(account)}` } });

  await t.step("an attachment reaches the inbox item as a link that its recipient downloads", async () => {
    const sent = await send([{ name: "rules.pdf", content: base64(PDF) }]);
    assertEquals(sent.status, 202);
    assertEquals(sent.body.attachments, [{
      n: 1,
      name: "rules.pdf",
      type: "application/pdf",
      size: PDF.length,
    }]);
    const student = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
    await deliverMessage({ messageId: sent.body.id, userId: student.id });
    const item = (await call("student", "GET", "/api/mailbox/inbox")).body.data
      .find((i: { title: string }) => i.title === "Exam rules");
    const href = `/api/messages/${sent.body.id}/attachments/1`;
    assertEquals(item.links, [{ name: "rules.pdf", href }]);
    const res = await download("student", href);
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "application/pdf");
    assertEquals(new Uint8Array(await res.arrayBuffer()), PDF);
    // The sender's staff may open it; someone it was not delivered to may not know it exists.
    assertEquals((await download("staff", href)).status, 200);
    const other = await download("prof", href);
    assertEquals(other.status, 404);
    await other.body?.cancel();
    const missing = await download("student", `/api/messages/${sent.body.id}/attachments/2`);
    assertEquals(missing.status, 404);
    await missing.body?.cancel();
  });

  await t.step(
    "not what its name says, too many, or not base64: 422 at attachments, nothing sent",
    async () => {
      const before = (await call("staff", "GET", "/api/messages")).body.total;
      const text = await send([{ name: "rules.pdf", content: base64(new TextEncoder().encode("hello")) }]);
      assertEquals(text.status, 422);
      assertEquals(
        text.body.error.fields.attachments,
        "“rules.pdf” is not a PDF or DOCX, or its content does not match its name",
      );
      const renamed = await send([{ name: "rules.docx", content: base64(PDF) }], "ka");
      assertEquals(renamed.status, 422);
      assert(/[\u10D0-\u10FF]/.test(renamed.body.error.fields.attachments));
      const many = await send(
        Array.from({ length: 4 }, (_, i) => ({ name: `${i}.pdf`, content: base64(PDF) })),
      );
      assertEquals(many.body.error.fields.attachments, "At most 3 attachments");
      const garbled = await send([{ name: "rules.pdf", content: "not base64!" }]);
      assertEquals(garbled.status, 422);
      assertEquals((await call("staff", "GET", "/api/messages")).body.total, before);
    },
  );

  await t.step("an attachment over 2 MB is refused at its field", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PDF);
    let text = "";
    for (let i = 0; i < big.length; i += 0x8000) text += String.fromCharCode(...big.subarray(i, i + 0x8000));
    const res = await send([{ name: "big.pdf", content: btoa(text) }]);
    assertEquals(res.status, 422);
    assertEquals(res.body.error.fields.attachments, "“big.pdf” is larger than 2 MB");
  });
});
