/**
 * The personnel API through `app.request()`: who may list, read, add and edit HR records, field errors in both
 * languages, and the rule that a person may always read their own record.
 */
import { assert, assertEquals, assertNotEquals } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { createHr, type HrInput } from "../services/hr/mod.ts";
import { findUserByEmail } from "../services/identity/users.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["admin", "staff", "limited", "prof", "student"] as const) {
  tokens.set(account, await tokenFor(account));
}

const person = (over: Partial<HrInput> = {}): HrInput => ({
  kind: "academic",
  firstNameKa: "თამარ",
  lastNameKa: "ჯაფარიძე",
  firstNameEn: "Tamar",
  lastNameEn: "Japaridze",
  position: "ასისტენტ-პროფესორი",
  schoolId: null,
  email: "t.japaridze@uni.test",
  phone: "+995577001122",
  userId: null,
  ...over,
});

function auth(account: DemoAccount | null, lang: "ka" | "en" = "ka"): Record<string, string> {
  const headers: Record<string, string> = { cookie: `lang=${lang}` };
  if (account) headers.authorization = `Bearer ${tokens.get(account)}`;
  return headers;
}

async function call(
  method: string,
  path: string,
  account: DemoAccount | null,
  body?: unknown,
  lang?: "ka" | "en",
) {
  const res = await app.request(path, jsonRequest(method, body, auth(account, lang)));
  return { status: res.status, body: await res.json() };
}

// Records made through the service: the demo generator's data may or may not be there, so tests use their own.
const studentUser = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
const own = await createHr(
  person({
    kind: "administrative",
    email: "own.record@uni.test",
    position: "ლაბორანტი",
    userId: studentUser.id,
  }),
  null,
);
const stranger = await createHr(person({ email: "stranger@uni.test", lastNameEn: "Stranger" }), null);

Deno.test("hr API", async (t) => {
  await t.step("hrList: menu.hr (staff, limited, prof) yes; a student no; nobody 401", async () => {
    for (const account of ["staff", "limited", "prof", "admin"] as const) {
      assertEquals((await call("GET", "/api/hr", account)).status, 200, account);
    }
    assertEquals((await call("GET", "/api/hr", "student")).status, 403);
    assertEquals((await call("GET", "/api/hr", null)).status, 401);
  });

  await t.step("hrList filters by kind, text and paging, with the total", async () => {
    const { body } = await call("GET", "/api/hr?kind=academic&text=stranger&limit=15", "staff");
    assertEquals(body.total, 1);
    assertEquals(body.data[0].id, stranger.id);
    assertEquals(typeof body.data[0].versionstamp, "string");
    const administrative = await call("GET", "/api/hr?kind=administrative&text=ლაბორანტი", "staff");
    assertEquals(administrative.body.data.map((p: { id: number }) => p.id), [own.id]);
    const bad = await call("GET", "/api/hr?kind=visiting&limit=0&extra=1", "staff");
    assertEquals(bad.status, 422);
    assertEquals(Object.keys(bad.body.error.fields).sort(), ["extra", "kind", "limit"]);
  });

  await t.step("hrGet: with menu.hr anyone's record; without it only one's own, others are 404", async () => {
    assertEquals((await call("GET", `/api/hr/${stranger.id}`, "limited")).body.lastNameEn, "Stranger");
    const mine = await call("GET", `/api/hr/${own.id}`, "student");
    assertEquals([mine.status, mine.body.email], [200, "own.record@uni.test"]);
    const theirs = await call("GET", `/api/hr/${stranger.id}`, "student");
    assertEquals([theirs.status, theirs.body.error.code], [404, "not_found"]);
    assertEquals((await call("GET", "/api/hr/999999", "admin")).status, 404);
    assertEquals((await call("GET", `/api/hr/${own.id}`, null)).status, 401);
  });

  let created!: { id: number; versionstamp: string };

  await t.step(
    "hrAdd needs menu.hr.add: the registrar and the viewer are refused, the admin adds",
    async () => {
      const body = person({ email: "new.person@uni.test", lastNameEn: "Newman" });
      for (const account of ["staff", "limited", "prof", "student"] as const) {
        assertEquals((await call("POST", "/api/hr", account, body)).status, 403, account);
      }
      const res = await call("POST", "/api/hr", "admin", body);
      assertEquals(res.status, 201);
      assertEquals([res.body.lastNameEn, res.body.phone], ["Newman", "+995577001122"]);
      created = res.body;
    },
  );

  await t.step("bad input → 422 with field errors in the request's language", async () => {
    const bad = person({ firstNameKa: "Tamar", firstNameEn: "თამარ", email: "nope", phone: "12345" });
    const ka = await call("POST", "/api/hr", "admin", bad, "ka");
    const en = await call("POST", "/api/hr", "admin", bad, "en");
    assertEquals([ka.status, en.status], [422, 422]);
    const fields = ["email", "firstNameEn", "firstNameKa", "phone"];
    assertEquals(Object.keys(ka.body.error.fields).sort(), fields);
    assertEquals(Object.keys(en.body.error.fields).sort(), fields);
    for (const field of fields) {
      assertNotEquals(ka.body.error.fields[field], en.body.error.fields[field], field);
      assert(!ka.body.error.fields[field].startsWith("errors."), `untranslated ${field}`);
    }
    // References are checked once the shape is right: an unknown school or account.
    const unknownKa = await call("POST", "/api/hr", "admin", person({ schoolId: 9999, userId: 9999 }), "ka");
    const unknownEn = await call("POST", "/api/hr", "admin", person({ schoolId: 9999, userId: 9999 }), "en");
    assertEquals(Object.keys(unknownEn.body.error.fields).sort(), ["schoolId", "userId"]);
    assertNotEquals(unknownKa.body.error.fields.schoolId, unknownEn.body.error.fields.schoolId);
    assertEquals(unknownEn.body.error.message, "Please check the marked fields");
    const shape = await call("POST", "/api/hr", "admin", { ...person(), kind: "guest", age: 3 });
    assertEquals(shape.status, 422);
    assertEquals(Object.keys(shape.body.error.fields).sort(), ["age", "kind"]);
  });

  await t.step("a taken email → 409 duplicate naming the field", async () => {
    const res = await call("POST", "/api/hr", "admin", person({ email: "STRANGER@uni.test" }), "en");
    assertEquals([res.status, res.body.error.code], [409, "duplicate"]);
    assertEquals(Object.keys(res.body.error.fields), ["email"]);
  });

  await t.step("hrEdit needs menu.hr.edit and the current versionstamp", async () => {
    const edit = { ...person({ email: "new.person@uni.test", lastNameEn: "Newman", position: "პროფესორი" }) };
    const refused = await call("PUT", `/api/hr/${created.id}`, "staff", {
      ...edit,
      versionstamp: created.versionstamp,
    });
    assertEquals(refused.status, 403);
    const saved = await call("PUT", `/api/hr/${created.id}`, "admin", {
      ...edit,
      versionstamp: created.versionstamp,
    });
    assertEquals([saved.status, saved.body.position], [200, "პროფესორი"]);
    const stale = await call("PUT", `/api/hr/${created.id}`, "admin", {
      ...edit,
      versionstamp: created.versionstamp,
    });
    assertEquals([stale.status, stale.body.error.code], [409, "conflict"]);
    const missing = await call("PUT", "/api/hr/999999", "admin", {
      ...edit,
      versionstamp: created.versionstamp,
    });
    assertEquals(missing.status, 404);
    const noStamp = await call("PUT", `/api/hr/${created.id}`, "admin", edit);
    assertEquals(Object.keys(noStamp.body.error.fields), ["versionstamp"]);
  });
});
