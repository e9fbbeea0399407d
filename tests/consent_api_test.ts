/**
 * The consent state machine over HTTP (consentStatus, consentSet, consentList, consentExport) and the shell
 * rendering the dialog. The demo people are seeded as having agreed; the tests refuse first, then sign in
 * anew (a refusal holds for its session only) to meet the dialog again.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { CONSENT_POLICY_VERSION, consentKey, setPhone } from "../services/notifications/consent.ts";
import { db } from "../services/db/kv.ts";
import { setSmsProvider } from "../services/identity/sms_provider.ts";
import { XLSX_CONTENT_TYPE } from "../services/files/xlsx_export.ts";

const app = await seededApp();
const sent: { phone: string; code: string }[] = [];
setSmsProvider({
  send(phone, text) {
    sent.push({ phone, code: /(\d{6})/.exec(text)![1] });
    return Promise.resolve();
  },
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const setConsent = (token: string, body: unknown) =>
  app.request("/api/consent", jsonRequest("POST", body, auth(token)));
const status = async (token: string) =>
  (await (await app.request("/api/consent/status", { headers: auth(token) })).json()).state;
const errorCode = async (response: Response) => (await response.json()).error?.code;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** A session that must answer the dialog: a refusal in one session, then a new sign-in. */
async function pendingSession(account: "prof" | "admin" | "student" | "limited"): Promise<string> {
  const old = await tokenFor(account);
  assertEquals((await setConsent(old, { agreed: 0 })).status, 200);
  assertEquals(await status(old), "agreed", "a refusal is not asked again in the same session");
  const token = await tokenFor(account);
  assertEquals(await status(token), "pending");
  return token;
}

Deno.test({
  name: "consent API",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    await t.step("the seeded professor has agreed; nobody signed in gets 401", async () => {
      assertEquals(await status(await tokenFor("prof")), "agreed");
      assertEquals((await app.request("/api/consent/status")).status, 401);
    });

    await t.step(
      "the professor with a phone: sms_required, code_invalid, then yes; the code is single use",
      async () => {
        const token = await pendingSession("prof");
        const first = await setConsent(token, { agreed: 1 });
        assertEquals([first.status, await errorCode(first)], [422, "sms_required"]);
        const { phone, code } = sent.at(-1)!;
        assertEquals(phone, "+995555000004");
        const bad = await setConsent(token, { agreed: 1, code: wrong(code) });
        assertEquals([bad.status, await errorCode(bad)], [422, "code_invalid"]);
        assertEquals((await setConsent(token, { agreed: 1, code })).status, 200);
        assertEquals(await status(token), "agreed");
        assertEquals(await status(await tokenFor("prof")), "agreed", "agreement holds for new sessions");
        const replay = await setConsent(token, { agreed: 1, code });
        assertEquals(await errorCode(replay), "code_invalid");
        const stored = (await db().get<{ method: string; agreed: boolean }>(consentKey(4))).value!;
        assertEquals([stored.agreed, stored.method], [true, "sms"]);
      },
    );

    await t.step("two parallel submissions of one code: exactly one success", async () => {
      const token = await pendingSession("prof");
      await setConsent(token, { agreed: 1 });
      const { code } = sent.at(-1)!;
      const answers = await Promise.all([
        setConsent(token, { agreed: 1, code }),
        setConsent(token, { agreed: 1, code }),
      ]);
      assertEquals(answers.map((r) => r.status).sort(), [200, 422]);
      await Promise.all(answers.map((r) => r.body?.cancel()));
    });

    await t.step("staff without a phone and students agree without a code", async () => {
      for (const account of ["admin", "student"] as const) {
        const token = await pendingSession(account);
        assertEquals((await setConsent(token, { agreed: 1 })).status, 200);
        assertEquals(await status(token), "agreed");
      }
      const stored = (await db().get<{ method: string }>(consentKey(5))).value!;
      assertEquals(stored.method, "plain");
    });

    await t.step("bad input is a 422 with field errors", async () => {
      const token = await tokenFor("admin");
      const response = await setConsent(token, { agreed: 2, code: "12ab" });
      const body = await response.json();
      assertEquals(response.status, 422);
      assert(body.error.fields.agreed && body.error.fields.code, JSON.stringify(body));
    });

    await t.step("codes sent are limited: the fourth in ten minutes is 429", async () => {
      await setPhone(3, "+995555000003");
      const token = await pendingSession("limited");
      for (let i = 0; i < 3; i++) {
        assertEquals(await errorCode(await setConsent(token, { agreed: 1 })), "sms_required");
      }
      const over = await setConsent(token, { agreed: 1 });
      assertEquals([over.status, await errorCode(over)], [429, "sms_limit"]);
    });

    await t.step("a new policy version asks again", async () => {
      const token = await tokenFor("admin");
      const decision = (await db().get<Record<string, unknown>>(consentKey(1))).value!;
      await db().atomic().delete(consentKey(1)).set(consentKey(1, "2025-01"), {
        ...decision,
        version: "2025-01",
      })
        .commit();
      assertEquals(await status(token), "pending");
      assertEquals((await setConsent(token, { agreed: 1 })).status, 200);
    });

    await t.step("the shell renders the dialog only while an answer is due", async () => {
      const page = (token: string) => app.request("/my-devices", { headers: { cookie: `session=${token}` } });
      const pending = await pendingSession("student");
      assertStringIncludes(await (await page(pending)).text(), "consent-dialog");
      assertEquals((await setConsent(pending, { agreed: 1 })).status, 200);
      const html = await (await page(pending)).text();
      assert(!html.includes("consent-dialog"), "no dialog after agreeing");
    });

    await t.step("staff list and export decisions; others are refused", async () => {
      const admin = await tokenFor("admin");
      assertEquals(
        (await app.request("/api/consent/decisions", { headers: auth(await tokenFor("staff")) })).status,
        403,
      );
      const all = await (await app.request("/api/consent/decisions?limit=2", { headers: auth(admin) }))
        .json();
      assertEquals([all.total, all.data.length, all.page], [5, 2, 1]);
      assertEquals(all.data[0].version, CONSENT_POLICY_VERSION);
      assert(!("sid" in all.data[0]), "the session id stays on the server");
      const refused = await (await app.request("/api/consent/decisions?agreed=no", { headers: auth(admin) }))
        .json();
      assertEquals(refused.data.map((d: { userId: number }) => d.userId), [3]);
      const file = await app.request("/api/consent/export?agreed=yes", { headers: auth(admin) });
      assertEquals([file.status, file.headers.get("content-type")], [200, XLSX_CONTENT_TYPE]);
      assert((await file.arrayBuffer()).byteLength > 100);
    });

    setSmsProvider(null);
  },
});
