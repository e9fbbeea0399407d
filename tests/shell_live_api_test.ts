/**
 * The shell's live calls (issue 8): menu badge counts (inboxCount, chancelleryCount and the reads that lower
 * them), the poll alert check, the professor statement, the Zoom and observing checkboxes.
 */
import { assert, assertEquals } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { listAudit } from "../services/db/reads.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { markPollAnswered } from "../services/shell/polls.ts";
import { findUserByEmail } from "../services/identity/users.ts";

const app = await seededApp();
type Account = "admin" | "staff" | "limited" | "prof" | "student";
const bearer = async (account: Account) => ({ authorization: `Bearer ${await tokenFor(account)}` });
const idOf = async (account: Account) => (await findUserByEmail(DEMO_ACCOUNTS[account].email))!.id;
const get = async (path: string, headers: Record<string, string>) => {
  const res = await app.request(path, { headers });
  return { status: res.status, body: await res.json() };
};
const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
  const res = await app.request(path, jsonRequest(method, body, headers));
  return { status: res.status, body: await res.json() };
};

Deno.test("menu badges: inbox and chancellery counts", async (t) => {
  const staff = await bearer("staff");
  const student = await bearer("student");

  await t.step("the seeded counts; the chancellery is for administrative accounts", async () => {
    assertEquals(await get("/api/mailbox/inbox/count", staff), { status: 200, body: { inbox: 3 } });
    assertEquals(await get("/api/mailbox/chancellery/count", staff), { status: 200, body: { inbox: 2 } });
    assertEquals(await get("/api/mailbox/inbox/count", student), { status: 200, body: { inbox: 3 } });
    assertEquals(await get("/api/mailbox/chancellery/count", student), { status: 200, body: { inbox: 0 } });
    // The bell's count is separate from the badges.
    const bell = await send("POST", "/user/notifications/count", {}, staff);
    assertEquals(bell, { status: 200, body: { unreadNotifications: 4 } });
  });

  await t.step("without a session: 401", async () => {
    assertEquals((await get("/api/mailbox/inbox/count", {})).status, 401);
    assertEquals((await get("/api/mailbox/chancellery/count", {})).status, 401);
  });

  await t.step("reading the inbox lowers the badge, once, and is audited", async () => {
    const list = await get("/api/mailbox/inbox", staff);
    assertEquals(list.body.total, 3);
    const newest = list.body.data[0].id;
    const first = await send("POST", "/api/mailbox/inbox/read", { ids: [newest, 999] }, staff);
    assertEquals(first, { status: 200, body: { changed: 1, inbox: 2 } });
    const again = await send("POST", "/api/mailbox/inbox/read", { ids: [newest] }, staff);
    assertEquals(again.body, { changed: 0, inbox: 2 });
    assertEquals((await get("/api/mailbox/inbox/count", staff)).body, { inbox: 2 });
    const audit = await listAudit("inbox_items", String(await idOf("staff")));
    assertEquals(audit.items.length >= 1, true);
    assertEquals(audit.items[0].actor, await idOf("staff"));
    // Another person's boxes are untouched.
    assertEquals((await get("/api/mailbox/inbox/count", student)).body, { inbox: 3 });
  });

  await t.step("mark all read and the check-chancellery action empty the badges", async () => {
    assertEquals((await send("POST", "/api/mailbox/inbox/read", {}, staff)).body, { changed: 2, inbox: 0 });
    const check = await send("POST", "/api/mailbox/chancellery/check", undefined, staff);
    assertEquals(check, { status: 200, body: { changed: 2, inbox: 0 } });
    assertEquals((await get("/api/mailbox/chancellery/count", staff)).body, { inbox: 0 });
  });

  await t.step("bad input is a 422 with field errors", async () => {
    const bad = await send("POST", "/api/mailbox/inbox/read", { ids: ["x"] }, staff);
    assertEquals(bad.status, 422);
    assert(bad.body.error.fields);
    assertEquals((await get("/api/mailbox/elsewhere", staff)).status, 422);
  });
});

Deno.test("poll alert check", async (t) => {
  await t.step("each person sees the open polls of their audience", async () => {
    const student = await get("/api/shell/polls/waiting", await bearer("student"));
    assertEquals(student.status, 200);
    // The evaluation form's poll, then the demo poll for the student's program (services/seed/polls.ts).
    assertEquals(student.body.data.map((p: { link: string }) => p.link), [
      "/personal-vote",
      "/poll-response?poll=2",
    ]);
    const prof = await get("/api/shell/polls/waiting", await bearer("prof"));
    assertEquals(prof.body.data.map((p: { id: number }) => p.id), [2]);
  });

  await t.step("titles follow the interface language", async () => {
    const en = await get("/api/shell/polls/waiting", { ...await bearer("student"), cookie: "lang=en" });
    assertEquals(en.body.data[0].title, "Course evaluation");
  });

  await t.step("an answered poll no longer waits", async () => {
    await markPollAnswered(1, await idOf("student"));
    const left = (await get("/api/shell/polls/waiting", await bearer("student"))).body;
    assertEquals(left.data.map((p: { link: string }) => p.link), ["/poll-response?poll=2"]);
  });

  await t.step("without a session: 401", async () => {
    assertEquals((await get("/api/shell/polls/waiting", {})).status, 401);
  });
});

Deno.test("professor statement", async (t) => {
  const prof = await bearer("prof");
  const staff = await bearer("staff");

  await t.step("unchecked for the professor until confirmed; others have nothing to check", async () => {
    assertEquals((await get("/api/shell/professor-statement", prof)).body, { isChecked: false });
    assertEquals((await get("/api/shell/professor-statement", staff)).body, { isChecked: true });
  });

  await t.step("confirming stores it (audited) and only professors may", async () => {
    const refused = await send("POST", "/api/shell/professor-statement", undefined, staff);
    assertEquals([refused.status, refused.body.error.code], [409, "not_academic"]);
    assertEquals((await send("POST", "/api/shell/professor-statement", undefined, prof)).body, {
      result: "yes",
    });
    assertEquals((await get("/api/shell/professor-statement", prof)).body, { isChecked: true });
    const audit = await listAudit("professor_statements", `${await idOf("prof")}:2026-09`);
    assertEquals(audit.items.length, 1);
    // Confirming twice keeps the first confirmation.
    assertEquals((await send("POST", "/api/shell/professor-statement", undefined, prof)).status, 200);
    assertEquals((await listAudit("professor_statements", `${await idOf("prof")}:2026-09`)).items.length, 1);
  });
});

Deno.test("Zoom and observing checkboxes", async (t) => {
  const prof = await bearer("prof");
  const staff = await bearer("staff");
  const admin = await bearer("admin");

  await t.step("the Zoom status check answers yes for academic staff only", async () => {
    assertEquals((await get("/api/shell/zoom", prof)).body, { result: "yes", status: false });
    assertEquals((await get("/api/shell/zoom", staff)).body, { result: "no", status: false });
  });

  await t.step("zoomStatusUpdate saves it (audited); others get 409; bad input 422", async () => {
    assertEquals(await send("PUT", "/api/shell/zoom", { isOnline: true }, prof), {
      status: 200,
      body: { result: "yes" },
    });
    assertEquals((await get("/api/shell/zoom", prof)).body, { result: "yes", status: true });
    assertEquals((await listAudit("zoom_status", await idOf("prof"))).items.length, 1);
    assertEquals((await send("PUT", "/api/shell/zoom", { isOnline: true }, staff)).status, 409);
    assertEquals((await send("PUT", "/api/shell/zoom", { isOnline: "yes" }, prof)).status, 422);
  });

  await t.step("authMe's live flags: observers hold menu.observerPanel", async () => {
    assertEquals((await get("/api/auth/me", admin)).body.live, { observer: true, observingStart: false });
    assertEquals((await get("/api/auth/me", staff)).body.live, { observer: false, observingStart: false });
  });

  await t.step("observingStartSet stores the status for observers only", async () => {
    assertEquals((await send("PUT", "/api/shell/observing", { status: true }, admin)).body, {
      result: "yes",
    });
    assertEquals((await get("/api/auth/me", admin)).body.live, { observer: true, observingStart: true });
    const [entry] = (await listAudit("observing", 1)).items;
    assertEquals((entry.after as { status: boolean }).status, true);
    assertEquals(entry.actor, 1);
    const refused = await send("PUT", "/api/shell/observing", { status: true }, staff);
    assertEquals([refused.status, refused.body.error.code], [409, "not_observer"]);
    assertEquals((await send("PUT", "/api/shell/observing", {}, admin)).status, 422);
  });
});
