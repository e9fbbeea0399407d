/**
 * The students registry through HTTP: the API's operations with their permissions and field errors in both
 * languages, the .xlsx export read back, the list page, and the public QR card for good, tampered and
 * expired tokens.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { studentInput, writeStructure } from "./student_fixtures.ts";
import type { School } from "../services/academic/model.ts";
import { bulkSet } from "../services/db/kv.ts";
import { CARD_VALID_SECONDS, signStudentCard } from "../services/students/qr.ts";
import { addTranscriptEntry } from "../services/students/transcripts.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { withEnvVar } from "../utils/env.ts";

const app = await seededApp();
const fixture = await writeStructure();
const [bba, cs] = fixture.programs;
const tokens = {
  staff: await tokenFor("staff"),
  limited: await tokenFor("limited"),
  student: await tokenFor("student"),
};
const as = (token: string, lang: "ka" | "en" = "ka") => ({
  authorization: `Bearer ${token}`,
  cookie: `lang=${lang}`,
});
const get = (path: string, token: string | null = tokens.staff, lang: "ka" | "en" = "ka") =>
  app.request(path, { headers: token ? as(token, lang) : {} });
const send = (method: string, path: string, body: unknown, token = tokens.staff, lang: "ka" | "en" = "ka") =>
  app.request(path, jsonRequest(method, body, as(token, lang)));

/** Unusual personal numbers, so the demo data never holds them. */
const pn = (n: number) => String(99_000_000_000 + n);
const body = (n: number, more: Record<string, unknown> = {}) => ({
  ...studentInput({ personalNumber: pn(n), email: `api${n}@uni.test`, programId: bba.id }),
  ...more,
});

Deno.test("students API", async (t) => {
  const created: { id: number; versionstamp: string }[] = [];

  await t.step("studentAdd: the registrar registers students → 201 with the stored record", async () => {
    for (
      const [n, more] of [[1, {}], [2, { lastNameEn: "Kapanadze", lastNameKa: "კაპანაძე" }], [3, {
        programId: cs.id,
      }]] as const
    ) {
      const res = await send("POST", "/api/students", body(n, more));
      assertEquals(res.status, 201);
      const student = await res.json();
      assertEquals([student.personalNumber, student.userId], [pn(n), null]);
      assertMatch(student.versionstamp, /^[0-9a-f]{20}$/);
      created.push(student);
    }
  });

  await t.step("bad input → 422 naming each field, in the request's language", async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { personalNumber: "0100101234" },
        "personalNumber",
        "A personal number is exactly 11 digits",
        "პირადი ნომერი ზუსტად 11 ციფრისგან შედგება",
      ],
      [
        { personalNumber: "0100101234X" },
        "personalNumber",
        "A personal number is exactly 11 digits",
        "პირადი ნომერი ზუსტად 11 ციფრისგან შედგება",
      ],
      [
        { programId: 999_999 },
        "programId",
        "There is no such educational program",
        "ასეთი საგანმანათლებლო პროგრამა არ არსებობს",
      ],
      [
        { firstNameKa: "Nino" },
        "firstNameKa",
        "Use Georgian letters only",
        "გამოიყენეთ მხოლოდ ქართული ასოები",
      ],
      [{ lastNameEn: "ბერიძე" }, "lastNameEn", "Use Latin letters only", "გამოიყენეთ მხოლოდ ლათინური ასოები"],
    ];
    for (const [change, field, en, ka] of cases) {
      for (const [lang, message] of [["en", en], ["ka", ka]] as const) {
        const res = await send("POST", "/api/students", body(9, change), tokens.staff, lang);
        assertEquals(res.status, 422, JSON.stringify(change));
        const { error } = await res.json();
        assertEquals(error.fields, { [field]: message }, `${lang} ${JSON.stringify(change)}`);
      }
    }
    // An empty form hears about every field at once, not one at a time.
    const { programId: _p, admissionYear: _y, ...rest } = body(9);
    const empty = await send("POST", "/api/students", {
      ...rest,
      personalNumber: "",
      firstNameKa: "",
      email: "",
    });
    assertEquals(Object.keys((await empty.json()).error.fields).sort(), [
      "admissionYear",
      "email",
      "firstNameKa",
      "personalNumber",
      "programId",
    ]);
    const typed = await send("POST", "/api/students", { ...body(9), admissionYear: "2022", extra: 1 });
    assertEquals(Object.keys((await typed.json()).error.fields).sort(), ["admissionYear", "extra"]);
  });

  await t.step("a duplicate personal number → 409 on personalNumber", async () => {
    const res = await send("POST", "/api/students", body(1, { email: "other@uni.test" }), tokens.staff, "en");
    assertEquals(res.status, 409);
    const { error } = await res.json();
    assertEquals([error.code, error.fields], ["duplicate", {
      personalNumber: "This value is already in use",
    }]);
  });

  await t.step(
    "studentEdit: the version the form showed, else 409; studentLog lists both writes",
    async () => {
      const [first] = created;
      const edit = (versionstamp: string) =>
        send("PUT", `/api/students/${first.id}`, { ...body(1, { status: "suspended" }), versionstamp });
      const saved = await edit(first.versionstamp);
      assertEquals(saved.status, 200);
      assertEquals((await saved.json()).status, "suspended");
      const stale = await edit(first.versionstamp);
      assertEquals([stale.status, (await stale.json()).error.code], [409, "conflict"]);
      const log = await (await get(`/api/students/${first.id}/log`)).json();
      assertEquals(log.data.map((e: { action: string }) => e.action), ["update", "create"]);
      assertEquals(log.data[0].actorName, "მარიამ კაპანაძე");
    },
  );

  await t.step("studentList: filters, paging, rows with program, school and GPA", async () => {
    await addTranscriptEntry({
      studentId: created[1].id,
      bookId: fixture.books[0].id,
      groupId: fixture.groups[0].id,
      points: 93,
    }, 2);
    const list = async (query: string) => await (await get(`/api/students?${query}`)).json();
    const mine = await list(`schoolId=${fixture.schools[0].id}`);
    assertEquals(mine.data.map((r: { id: number }) => r.id), [created[1].id, created[0].id]);
    const row = mine.data[0];
    assertEquals([row.programCode, row.schoolNameEn, row.gpa, row.credits], [
      "T-BBA",
      "Business School",
      4,
      6,
    ]);
    assertEquals((await list(`text=kapanadze&programId=${bba.id}`)).total, 1);
    assertEquals((await list(`text=${pn(3)}`)).data[0].id, created[2].id);
    assertEquals((await list(`schoolId=${fixture.schools[0].id}&status=suspended`)).total, 1);
    const paged = await list(`schoolId=${fixture.schools[0].id}&page=2&limit=1`);
    assertEquals([paged.total, paged.data.map((r: { id: number }) => r.id)], [2, [created[0].id]]);
    assertEquals((await get("/api/students?status=expelled")).status, 422);
    const timed = await get("/api/students?text=a");
    assertMatch(timed.headers.get("server-timing") ?? "", /^filter;dur=\d+\.\d\d$/);
    await timed.body?.cancel();
  });

  await t.step("studentGet: the student with transcript by semester, GPA and credits", async () => {
    const res = await get(`/api/students/${created[1].id}`, tokens.staff, "en");
    const details = await res.json();
    assertEquals([details.program.code, details.school.code, details.gpa, details.credits], [
      "T-BBA",
      "T-BUS",
      4,
      6,
    ]);
    assertEquals(details.semesters[0].entries[0].courseName, "Course T-MATH101");
    assertEquals((await get("/api/students/999999")).status, 404);
  });

  await t.step(
    "studentExport: the whole filtered list, headers in the request's language, text stays text",
    async () => {
      // A school whose name starts with "=": written into the sheet, it must stay text.
      const school = (await (await get(`/api/students?programId=${cs.id}`)).json()).data[0].schoolId;
      const schoolKey = ["schools", school];
      const record = fixture.schools.find((s) => s.id === school)!;
      await bulkSet([[schoolKey, { ...record, nameKa: "=1+1", nameEn: "@risky" } satisfies School]]);
      await bulkSet([[["meta", "structure_version"], Date.now()]]);

      for (const [lang, header] of [["en", "Personal number"], ["ka", "პირადი ნომერი"]] as const) {
        const query = `text=99000000&status=active`;
        const res = await get(`/api/students/export?${query}`, tokens.staff, lang);
        assertEquals(res.status, 200);
        assertEquals(
          res.headers.get("content-type"),
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        );
        assertMatch(
          res.headers.get("content-disposition") ?? "",
          /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.xlsx"$/,
        );
        const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellFormula: true });
        const sheet = book.Sheets[book.SheetNames[0]];
        const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null });
        assertEquals(rows[0][1], header);
        const listed = await (await get(`/api/students?${query}&limit=1000`)).json();
        assertEquals(rows.slice(1).map((r) => r[0]), listed.data.map((r: { id: number }) => r.id));
        assertEquals(
          rows.slice(1).map((r) => r[1]),
          listed.data.map((r: { personalNumber: string }) => r.personalNumber),
        );
        const csRow = rows.findIndex((r) => r[0] === created[2].id);
        const phone = sheet[XLSX.utils.encode_cell({ r: csRow, c: 8 })];
        const schoolCell = sheet[XLSX.utils.encode_cell({ r: csRow, c: 9 })];
        assertEquals([phone.t, phone.v, phone.f], ["s", "+995555123456", undefined]);
        assertEquals([schoolCell.t, schoolCell.v, schoolCell.f], [
          "s",
          lang === "en" ? "@risky" : "=1+1",
          undefined,
        ]);
      }
    },
  );

  await t.step(
    "the QR card: a good token shows name, program and status only; tampered or expired → 404",
    async () => {
      const res = await send("POST", `/api/students/${created[1].id}/qr`, {});
      assertEquals(res.status, 200);
      const { href, qrImage } = await res.json();
      assertMatch(qrImage, /^data:image\/svg\+xml;base64,/);
      const path = new URL(href).pathname;
      assertMatch(path, /^\/studentInfoQrCode\/[\w-]+\.[\w-]+\.[\w-]+$/);

      const page = await app.request(path); // anonymous: the card is public
      assertEquals(page.status, 200);
      const html = await page.text();
      for (const shown of ["ნინო კაპანაძე", "Nino Kapanadze", "პროგრამა T-BBA", "აქტიური"]) {
        assert(
          html.includes(shown),
          shown,
        );
      }
      for (const hidden of [pn(2), "api2@uni.test", "2004-05-17", "+995555123456"]) {
        assert(
          !html.includes(hidden),
          hidden,
        );
      }
      assertEquals(/<script/i.test(html), false);

      const token = path.split("/").pop()!;
      const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
      const expired = await signStudentCard(
        created[1].id,
        Math.floor(Date.now() / 1000) - CARD_VALID_SECONDS - 60,
      );
      for (const bad of [tampered, expired, "not-a-token"]) {
        const refused = await app.request(`/studentInfoQrCode/${bad}`, { headers: { cookie: "lang=en" } });
        assertEquals(refused.status, 404);
        const text = await refused.text();
        assert(text.includes("This card is invalid or has expired"));
        assert(!text.includes("Kapanadze"));
      }
    },
  );

  await t.step("a new QR card revokes the old; links name APP_ORIGIN, not the Host asked", async () => {
    const id = created[1].id;
    const issue = async (origin = "http://localhost") => {
      const headers = { ...as(tokens.staff, "ka"), "content-type": "application/json", origin };
      const res = await app.request(`${origin}/api/students/${id}/qr`, {
        method: "POST",
        headers,
        body: "{}",
      });
      assertEquals(res.status, 200);
      return (await res.json()).href as string;
    };
    const first = new URL(await issue()).pathname;
    const second = new URL(await issue()).pathname;
    assertEquals((await app.request(first)).status, 404, "the older card is revoked");
    const shown = await app.request(second);
    assertEquals(shown.status, 200);
    assertEquals(shown.headers.get("referrer-policy"), "no-referrer");
    await shown.body?.cancel();
    const revoked = await send("DELETE", `/api/students/${id}/qr`, {});
    assertEquals([revoked.status, await revoked.json()], [200, { revoked: true }]);
    assertEquals((await app.request(second)).status, 404, "a revoked card shows nothing");
    const pinned = await withEnvVar(
      "APP_ORIGIN",
      "https://uni.example.ge",
      () => issue("http://evil.example"),
    );
    assert(pinned.startsWith("https://uni.example.ge/studentInfoQrCode/"));
  });

  await t.step(
    "permissions: staff may; limited and student are refused; nobody signed in → 401",
    async () => {
      const id = created[0].id;
      const reads = [
        "/api/students",
        `/api/students/${id}`,
        `/api/students/${id}/log`,
        "/api/students/export",
      ];
      for (const path of reads) {
        assertEquals((await get(path)).status, 200, path);
        for (const who of ["limited", "student"] as const) {
          assertEquals(
            (await get(path, tokens[who])).status,
            403,
            `${who} ${path}`,
          );
        }
        assertEquals((await get(path, null)).status, 401, path);
      }
      for (const who of ["limited", "student"] as const) {
        assertEquals((await send("POST", "/api/students", body(20), tokens[who])).status, 403);
        assertEquals((await send("PUT", `/api/students/${id}`, body(20), tokens[who])).status, 403);
        assertEquals((await send("POST", `/api/students/${id}/qr`, {}, tokens[who])).status, 403);
      }
    },
  );

  await t.step("the /students page: the filter in the URL picks the rows; limited → 403", async () => {
    const page = (query: string, token = tokens.staff) =>
      app.request(`/students${query}`, { headers: { cookie: `session=${token}; lang=en` } });
    const res = await page(`?text=kapanadze&programId=${bba.id}`);
    assertEquals(res.status, 200);
    const html = await res.text();
    assert(html.includes(`href="/students/${created[1].id}"`));
    assert(!html.includes(`href="/students/${created[0].id}"`));
    assert(html.includes('value="kapanadze"'), "the text field shows the filter");
    assert(
      html.includes(`/api/students/export?text=kapanadze&amp;programId=${bba.id}`),
      "export of the same filter",
    );
    assertEquals((await page("", tokens.limited)).status, 403);
    // A row's markup is kept once rendered: a renamed program shows in it at the next request.
    const rows = async () => {
      const html = await (await page(`?text=kapanadze&programId=${bba.id}`)).text();
      return html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
    };
    assert((await rows()).includes(bba.nameEn));
    await bulkSet([[["programs", bba.id], { ...bba, nameEn: "Renamed programme" }]]);
    await bulkSet([[["meta", "structure_version"], Date.now()]]);
    const renamed = await rows();
    assert(renamed.includes("Renamed programme") && !renamed.includes(bba.nameEn), renamed);
    await bulkSet([[["programs", bba.id], bba]]);
    await bulkSet([[["meta", "structure_version"], Date.now()]]);
    const profile = await app.request(`/students/${created[1].id}`, {
      headers: { cookie: `session=${tokens.staff}; lang=en` },
    });
    const profileHtml = await profile.text();
    assert(profileHtml.includes("T-MATH101") && profileHtml.includes("Semester GPA: 4.00"));
    assertEquals(
      (await app.request("/students/999999", { headers: { cookie: `session=${tokens.staff}` } })).status,
      404,
    );
  });

  await t.step("a student's user-menu Profile is their own student page; another's is refused", async () => {
    const student = await findUserByEmail(DEMO_ACCOUNTS.student.email);
    const own = student!.studentId!;
    const page = (path: string) =>
      app.request(path, { headers: { cookie: `session=${tokens.student}; lang=en` } });
    const home = await (await page("/tables")).text();
    assertMatch(home, new RegExp(`"profileHref":"/students/${own}"`));
    const mine = await page(`/students/${own}`);
    assertEquals(mine.status, 200);
    const html = await mine.text();
    assert(!html.includes('data-testid="student-history"'), "the registry's audit stays with the staff");
    assertEquals((await page(`/students/${created[1].id}`)).status, 403);
    assertEquals((await page("/students")).status, 403);
  });
});
