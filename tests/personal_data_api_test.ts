/**
 * Personal data only for those allowed (issue 31 point 1): signed in as each demo account, which personal
 * fields the personnel and students responses, pages and exports carry. Directory data (names, position,
 * school, work e-mail) is there for everyone who may read the list; phones, personal numbers and birth dates
 * only with a `menu.personalInfo.view.*` key, or on one's own record.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "./assert.ts";
import { ACCOUNTS, type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { createRole } from "../services/identity/roles.ts";
import { createUser } from "../services/identity/users.ts";
import { createSession } from "../services/identity/sessions.ts";
import { getStudent } from "../services/students/mod.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";

const app = await seededApp();
const headers = new Map<DemoAccount, Record<string, string>>();
for (const account of ACCOUNTS) {
  headers.set(account, { authorization: `Bearer ${await tokenFor(account)}`, cookie: "lang=en" });
}

async function get(path: string, auth: Record<string, string>) {
  const res = await app.request(path, { headers: auth });
  const type = res.headers.get("content-type") ?? "";
  const body = type.includes("json") ? await res.json() : type.includes("html") ? await res.text() : null;
  if (body === null) await res.body?.cancel();
  return { status: res.status, body };
}

const PERSONAL = ["phone", "personalNumber", "birthDate", "address", "citizenship"];
const personalOf = (record: Record<string, unknown>) => PERSONAL.filter((f) => f in record).sort();

/** What each demo account may see of other people (README, "Demo data and accounts"). */
const SEES_OTHERS: Record<DemoAccount, boolean> = {
  admin: true,
  staff: true,
  limited: false,
  prof: false,
  student: false,
};

Deno.test("personal data: each demo account gets the personal fields it may see", async (t) => {
  for (const account of ACCOUNTS) {
    const auth = headers.get(account)!;
    const me = (await findUserByEmail(DEMO_ACCOUNTS[account].email))!;

    await t.step(`${account}: the personnel list carries phones only where allowed`, async () => {
      const list = await get("/api/hr?limit=1000", auth);
      if (account === "student") return assertEquals(list.status, 403);
      assertEquals(list.status, 200);
      const rows = list.body.data as Record<string, unknown>[];
      assert(rows.length > 20, "the demo staff are listed");
      for (const row of rows) {
        const own = row.id === me.hrUserId || row.userId === me.id;
        // Directory data for everyone.
        for (const field of ["firstNameKa", "lastNameEn", "position", "schoolId", "email"]) {
          assert(field in row);
        }
        assertEquals(personalOf(row), SEES_OTHERS[account] || own ? ["phone"] : [], `row ${row.id}`);
      }
    });

    await t.step(`${account}: another person's record has no phone without the key`, async () => {
      const other = await get("/api/hr/10", auth);
      if (account === "student") return assertEquals(other.status, 404);
      assertEquals(other.status, 200);
      assertEquals(personalOf(other.body), SEES_OTHERS[account] ? ["phone"] : []);
      if (me.hrUserId !== null) {
        const own = await get(`/api/hr/${me.hrUserId}`, auth);
        assertEquals(personalOf(own.body), ["phone"], "one's own phone is always there");
      }
    });

    await t.step(`${account}: the personnel page shows no phone number without the key`, async () => {
      const page = await get("/hr?kind=academic&limit=100", { ...auth, accept: "text/html" });
      if (account === "student") return assertEquals(page.status, 403);
      assertEquals(page.status, 200);
      const phones = (page.body as string).match(/\+995 5\d\d \d\d \d\d \d\d/g) ?? [];
      if (SEES_OTHERS[account]) return assert(phones.length > 10, "staff phones are listed");
      // One's own phone, if one is on this page.
      const own = me.hrUserId === null
        ? null
        : (await get(`/api/hr/${me.hrUserId}`, auth)).body.phone as string;
      const ownShown = own ? own.replace(/^\+995(\d{3})(\d{2})(\d{2})(\d{2})$/, "+995 $1 $2 $3 $4") : null;
      assertEquals(phones.filter((p) => p !== ownShown), []);
    });

    await t.step(
      `${account}: students' personal numbers, birth dates and citizenship only with the keys`,
      async () => {
        const list = await get("/api/students?limit=20", auth);
        if (!["admin", "staff"].includes(account)) return assertEquals(list.status, 403);
        for (const row of list.body.data) assertEquals(personalOf(row), ["personalNumber"]);
        const one = await get(`/api/students/${list.body.data[0].id}`, auth);
        assertEquals(personalOf(one.body.student), ["birthDate", "citizenship", "personalNumber", "phone"]);
      },
    );
  }
});

Deno.test("personal data: a registry clerk without the keys sees, exports and edits no personal data", async (t) => {
  const role = await createRole(
    "Clerk",
    ["menu.students", "menu.students.export", "menu.students.edit"],
    null,
  );
  const user = await createUser({
    email: "clerk@uni.test",
    passwordHash: "x",
    guard: "custom",
    chatType: "user",
    name: "კლერკი",
    nameEn: "Clerk",
    image: null,
    hrUserId: null,
    studentId: null,
    roleIds: [role.id],
    linkedAccountIds: [],
    disabled: false,
  }, null);
  const { token } = await createSession({
    userId: user.id,
    guard: "custom",
    ttlSeconds: 600,
    ip: "127.0.0.1",
    userAgent: "test",
  });
  const clerk = { authorization: `Bearer ${token}`, cookie: "lang=en" };
  const list = await get("/api/students?limit=5", clerk);
  const id = list.body.data[0].id as number;

  await t.step("the list, the record and the history leave the personal fields out", async () => {
    assertEquals(list.status, 200);
    for (const row of list.body.data) assertEquals(personalOf(row), []);
    const one = await get(`/api/students/${id}`, clerk);
    assertEquals(personalOf(one.body.student), []);
    const stored = (await getStudent(id))!.value;
    const page = await get(`/students/${id}`, { ...clerk, accept: "text/html" });
    assertEquals(page.status, 200);
    assert(!(page.body as string).includes(stored.personalNumber), "no personal number on the page");
    assert((page.body as string).includes(stored.email), "the e-mail is there");
  });

  await t.step("the export has no personal columns", async () => {
    const res = await app.request("/api/students/export", { headers: clerk });
    assertEquals(res.status, 200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    const headerRow = rows[0].map(String);
    for (const name of ["Personal number", "Date of birth", "Phone"]) {
      assert(!headerRow.includes(name), `no "${name}" column in ${headerRow.join(", ")}`);
    }
    assert(headerRow.includes("Email"), "the e-mail column stays");
  });

  await t.step("an edit keeps the fields the clerk cannot see", async () => {
    const before = (await getStudent(id))!;
    const s = before.value;
    const res = await app.request(
      `/api/students/${id}`,
      jsonRequest("PUT", {
        personalNumber: "",
        firstNameKa: s.firstNameKa,
        lastNameKa: s.lastNameKa,
        firstNameEn: s.firstNameEn,
        lastNameEn: "Renamed",
        birthDate: "",
        email: s.email,
        phone: "",
        programId: s.programId,
        status: s.status,
        admissionYear: s.admissionYear,
        versionstamp: before.versionstamp,
      }, clerk),
    );
    assertEquals(res.status, 200, JSON.stringify(await res.clone().json()));
    assertEquals(personalOf(await res.json()), []);
    const after = (await getStudent(id))!.value;
    assertEquals(after.lastNameEn, "Renamed");
    assertEquals([after.personalNumber, after.birthDate, after.phone], [
      s.personalNumber,
      s.birthDate,
      s.phone,
    ]);
  });
});

Deno.test("personal data: a registration roster shows personal numbers only to holders of the key", async (t) => {
  const role = await createRole(
    "Registration clerk",
    [
      "menu.learningProcesses.registration",
      "menu.learningProcesses.registration.manage",
      "menu.learningProcesses.registration.export",
    ],
    null,
  );
  const user = await createUser({
    email: "registration.clerk@uni.test",
    passwordHash: "x",
    guard: "custom",
    chatType: "user",
    name: "რეგისტრაციის კლერკი",
    nameEn: "Registration clerk",
    image: null,
    hrUserId: null,
    studentId: null,
    roleIds: [role.id],
    linkedAccountIds: [],
    disabled: false,
  }, null);
  const { token } = await createSession({
    userId: user.id,
    guard: "custom",
    ttlSeconds: 600,
    ip: "127.0.0.1",
    userAgent: "test",
  });
  const clerk = { authorization: `Bearer ${token}`, cookie: "lang=en" };
  const registrar = { authorization: `Bearer ${await tokenFor("staff")}`, cookie: "lang=en" };
  const offers = (await get("/api/registration_offerings?limit=200", registrar)).body.data as {
    id: string;
    enrolled: number;
  }[];
  const section = offers.find((o) => o.enrolled > 0)!;
  const exportHeaders = async (auth: Record<string, string>) => {
    const res = await app.request(`/api/registration_rosters/${section.id}/export`, { headers: auth });
    assertEquals(res.status, 200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })[0].map(String);
  };

  await t.step("the clerk's roster and export leave the personal number out", async () => {
    const roster = await get(`/api/registration_rosters/${section.id}`, clerk);
    assertEquals(roster.status, 200);
    assert(roster.body.enrolled.length > 0);
    for (const s of roster.body.enrolled) assertEquals("personalNumber" in s, false);
    assert(!(await exportHeaders(clerk)).includes("Personal number"));
  });

  await t.step("the registrar, who holds the key, sees it", async () => {
    const roster = await get(`/api/registration_rosters/${section.id}`, registrar);
    assert(
      roster.body.enrolled.every((s: { personalNumber?: string }) => /^\d{11}$/.test(s.personalNumber ?? "")),
    );
    assert((await exportHeaders(registrar)).includes("Personal number"));
  });
});
