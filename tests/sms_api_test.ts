/**
 * SMS notifications through HTTP (issue 26): preview of an audience's count and cost, sending (one job per
 * recipient), the delivery log with the provider's answers, resending only the failed ones; bad input is a
 * 4xx with field errors in the request's language, and nothing is stored.
 */
import { assert, assertEquals } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { getStudent } from "../services/students/mod.ts";
import { setSmsProvider } from "../services/identity/sms_provider.ts";
import { deliverOne } from "../services/sms/send.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "limited"] as const) tokens.set(account, await tokenFor(account));

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  return { status: res.status, body: await res.json() };
}

const student = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
const programId = (await getStudent(student.studentId!))!.value.programId;
const audience = { programIds: [programId] };

Deno.test({
  name: "SMS API",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    await t.step("the demo history shows sent and failed deliveries", async () => {
      const list = await call("staff", "GET", "/api/sms");
      assertEquals(list.status, 200);
      assert(list.body.total >= 2);
      const [latest] = list.body.data;
      assert(latest.counts.sent > 0 && latest.counts.failed > 0, JSON.stringify(latest.counts));
    });

    await t.step("the preview counts recipients and Georgian segments", async () => {
      const preview = await call("staff", "POST", "/api/sms/preview", { text: "ა".repeat(71), audience });
      assertEquals(preview.status, 200);
      assert(preview.body.recipients > 0);
      assertEquals(preview.body.encoding, "ucs2");
      assertEquals(preview.body.segmentsEach, 2);
      assertEquals(preview.body.segments, preview.body.recipients * 2);
    });

    await t.step("bad input: 422 with the fields named in the request's language, nothing sent", async () => {
      const before = (await call("staff", "GET", "/api/sms")).body.total;
      const empty = await call("staff", "POST", "/api/sms", { text: " ", audience: {} });
      assertEquals(empty.status, 422);
      assertEquals(empty.body.error.fields.audience, "Choose who receives the message");
      const long = await call("staff", "POST", "/api/sms", { text: "ა".repeat(700), audience }, "ka");
      assertEquals(long.body.error.fields.text, "შეტყობინება ძალიან გრძელია: მიმღებზე მაქსიმუმ 10 სეგმენტი");
      const nobody = await call("staff", "POST", "/api/sms", {
        text: "hi",
        audience: { programIds: [999999] },
      });
      assertEquals(nobody.body.error.fields.audience, "Nobody in this audience has a phone on file");
      assertEquals((await call("staff", "GET", "/api/sms")).body.total, before);
    });

    await t.step("without the SMS key: 403", async () => {
      assertEquals((await call("student", "POST", "/api/sms/preview", { text: "x", audience })).status, 403);
      assertEquals((await call("limited", "GET", "/api/sms")).status, 403);
    });

    await t.step("a sending is logged per recipient; only the failed ones are resent", async () => {
      const sent = await call("staff", "POST", "/api/sms", {
        text: "{firstName}, შეხვედრა 15:00-ზე",
        audience,
      });
      assertEquals(sent.status, 202);
      const id = sent.body.id;
      let calls = 0;
      setSmsProvider({
        send: () => (++calls === 2 ? Promise.reject(new Error("busy")) : Promise.resolve()),
      });
      try {
        for (let n = 1; n <= sent.body.total; n++) await deliverOne({ sendingId: id, n });
        const log = await call("staff", "GET", `/api/sms/${id}/log?status=failed`);
        assertEquals(log.body.total, 1);
        assertEquals(log.body.data[0].answer, "busy");
        assertEquals(log.body.counts.failed, 1);
        const listed = (await call("staff", "GET", "/api/sms")).body.data.find((s: { id: number }) =>
          s.id === id
        );
        const stale = await call("staff", "POST", `/api/sms/${id}/resend`, { versionstamp: "0".repeat(20) });
        assertEquals(stale.status, 409);
        const resent = await call("staff", "POST", `/api/sms/${id}/resend`, {
          versionstamp: listed.versionstamp,
        });
        assertEquals(resent.body, { requeued: 1 });
        await deliverOne({ sendingId: id, n: log.body.data[0].n });
        const after = await call("staff", "GET", `/api/sms/${id}/log`);
        assertEquals(after.body.counts, { queued: 0, sending: 0, sent: sent.body.total, failed: 0 });
        assertEquals(calls, sent.body.total + 1);
      } finally {
        setSmsProvider(null);
      }
    });
  },
});
