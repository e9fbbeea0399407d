/**
 * Admissions and the student lifecycle through the app (no socket): the public form posted as a browser
 * without JavaScript posts it (multipart), the staff's pipeline over the API with its permission keys and
 * state checks, enrolment into the registry, and status changes with their lists and the registration block.
 */
import { assert, assertEquals } from "./assert.ts";
import { jsonRequest, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { createRole } from "../services/identity/roles.ts";
import { createSession } from "../services/identity/sessions.ts";
import { createUser } from "../services/identity/users.ts";
import { createProgram } from "../services/structure/mod.ts";
import { db } from "../services/db/kv.ts";

const app = await seededApp();
const staff = await tokenFor("staff");
const student = await tokenFor("student");
const limited = await tokenFor("limited");
const PDF = new TextEncoder().encode("%PDF-1.4\n%applicant\n");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const api = (path: string, token: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { origin: ORIGIN, ...bearer(token), ...(init.headers ?? {}) } });

const programs = (await (await api("/api/programs?limit=100", staff)).json()).data as {
  id: number;
  status: string;
}[];
const PROGRAM = programs.find((p) => p.status === "active")!.id;

function applicationForm(overrides: Record<string, string> = {}, files: Record<string, File> | null = null) {
  const form = new FormData();
  const values: Record<string, string> = {
    firstNameKa: "ანა",
    lastNameKa: "მელაძე",
    firstNameEn: "Ana",
    lastNameEn: "Meladze",
    personalNumber: "61001055555",
    birthDate: "2007-03-09",
    citizenship: "GE",
    email: "ana@example.ge",
    phone: "+995599112233",
    programId: String(PROGRAM),
    consent: "yes",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) if (v !== "") form.set(k, v);
  const docs = files ?? {
    identity: new File([PDF], "passport.pdf", { type: "application/pdf" }),
    certificate: new File([JPEG], "certificate.jpg", { type: "image/jpeg" }),
  };
  for (const [k, f] of Object.entries(docs)) form.set(k, f);
  return form;
}

const post = (form: FormData, lang = "ka") =>
  app.request("/online-register", {
    method: "POST",
    body: form,
    headers: { origin: ORIGIN, cookie: `lang=${lang}` },
  });

async function total(): Promise<number> {
  return (await (await api("/api/applications", staff)).json()).total;
}

Deno.test("admissions API and the public form", async (t) => {
  let applicationId = 0;
  let studentId = 0;

  await t.step("the form is public and ships no script", async () => {
    const res = await app.request("/online-register");
    assertEquals(res.status, 200);
    const html = await res.text();
    assert(!/<script/i.test(html));
    assert(html.includes('enctype="multipart/form-data"'));
  });

  await t.step(
    "the blank form, rendered once for everyone, follows the language, an edited text and a new program",
    async () => {
      const blank = async (lang = "ka") =>
        await (await app.request("/online-register", { headers: { "accept-language": lang } })).text();
      assert((await blank("ka")).includes('lang="ka"'));
      assert((await blank("en")).includes("Fill in the application"));
      const edit = await api("/api/languages/en/translations", await tokenFor("admin"), {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          side: "admin_side",
          key: "admissions.form.intro",
          text: "Apply here, edited.",
        }),
      });
      assertEquals(edit.status, 200);
      assert((await blank("en")).includes("Apply here, edited."), "an edit shows on the next request");
      const schoolId = (await db().get<{ schoolId: number }>(["programs", PROGRAM])).value!.schoolId;
      await createProgram({
        nameKa: "ახალი პროგრამა",
        nameEn: "New programme",
        code: "ZZ-NEW",
        schoolId,
        level: 1,
        credits: 240,
        language: "ka",
        status: "active",
      }, 1);
      // The list of programs is checked against its version at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert((await blank("en")).includes("ZZ-NEW — New programme"));
      assert((await blank("ka")).includes("ZZ-NEW — ახალი პროგრამა"));
    },
  );

  await t.step(
    "bad input is shown at its fields in the page's language, values kept, nothing stored",
    async () => {
      const before = await total();
      const res = await post(
        applicationForm({ personalNumber: "12345", consent: "", firstNameKa: "Ana" }, {
          identity: new File([new TextEncoder().encode("hello")], "passport.pdf"),
        }),
        "en",
      );
      assertEquals(res.status, 422);
      const html = await res.text();
      assert(html.includes("A personal number is exactly 11 digits"));
      assert(html.includes("Use Georgian letters only"));
      assert(html.includes("The file is not a PDF, JPG or PNG"));
      assert(html.includes("Upload the document"));
      assert(html.includes("Your consent is needed to apply"));
      assert(html.includes('value="Meladze"'), "typed values come back");
      assertEquals(await total(), before);
      const ka = await (await post(applicationForm({ personalNumber: "12345" }))).text();
      assert(ka.includes("პირადი ნომერი"));
    },
  );

  await t.step("a valid application gets a reference number", async () => {
    const res = await post(applicationForm());
    assertEquals(res.status, 201);
    const reference = /id="apply-reference"[^>]*>([^<]+)</.exec(await res.text())?.[1];
    assert(reference?.startsWith("AD-"), `reference ${reference}`);
    const list = await (await api(`/api/applications?q=${reference}`, staff)).json();
    assertEquals(list.total, 1);
    applicationId = list.data[0].id;
    assertEquals(list.data[0].state, "submitted");
  });

  await t.step("sending it again updates the open application instead of adding one", async () => {
    const before = await total();
    const res = await post(applicationForm({ email: "ana.meladze@example.ge" }, {}), "en");
    assertEquals(res.status, 201);
    assert((await res.text()).includes("Your open application has been updated."));
    assertEquals(await total(), before);
    const got = await (await api(`/api/applications/${applicationId}`, staff)).json();
    assertEquals(got.application.email, "ana.meladze@example.ge");
    assertEquals(got.application.documents.length, 2);
  });

  await t.step("an oversized post is refused before it is read", async () => {
    const big = new File([new Uint8Array(7 * 1024 * 1024)], "big.pdf");
    const res = await post(applicationForm({}, { identity: big }));
    assertEquals(res.status, 413);
    await res.body?.cancel();
  });

  await t.step("only staff with the admissions key read applications and their documents", async () => {
    for (const [token, status] of [[student, 403], [limited, 403]] as const) {
      const res = await api("/api/applications", token);
      assertEquals(res.status, status);
      await res.body?.cancel();
    }
    const anonymous = await app.request(`/api/applications/${applicationId}/documents/identity`);
    assertEquals(anonymous.status, 401);
    await anonymous.body?.cancel();
    const doc = await api(`/api/applications/${applicationId}/documents/identity`, staff);
    assertEquals(doc.status, 200);
    assertEquals(doc.headers.get("content-type"), "application/pdf");
    assertEquals(new Uint8Array(await doc.arrayBuffer()), PDF);
  });

  await t.step(
    "decisions follow the pipeline; the wrong state is 409 and a rejection needs a reason",
    async () => {
      const decide = (body: unknown, token = staff) =>
        api(`/api/applications/${applicationId}/decision`, token, jsonRequest("POST", body));
      const early = await decide({ decision: "accepted" });
      assertEquals(early.status, 409);
      assertEquals((await early.json()).error.code, "wrong_state");
      const noReason = await decide({ decision: "rejected" });
      assertEquals(noReason.status, 422);
      assert((await noReason.json()).error.fields.reason);
      const byStudent = await decide({ decision: "checked" }, student);
      assertEquals(byStudent.status, 403);
      await byStudent.body?.cancel();
      assertEquals((await decide({ decision: "checked" })).status, 200);
      const accepted = await decide({ decision: "accepted", reason: "Exam score 212" });
      assertEquals(accepted.status, 200);
      assertEquals((await accepted.json()).application.state, "accepted");
    },
  );

  await t.step("enrolment creates the student in the registry, once", async () => {
    const enrol = () =>
      api(`/api/applications/${applicationId}/enrol`, staff, jsonRequest("POST", { admissionYear: 2026 }));
    const res = await enrol();
    assertEquals(res.status, 201);
    const body = await res.json();
    assertEquals(body.application.state, "enrolled");
    studentId = body.studentId;
    const record = await (await api(`/api/students/${studentId}`, staff)).json();
    assertEquals(JSON.stringify(record).includes("Meladze"), true);
    const twice = await enrol();
    assertEquals(twice.status, 409);
    await twice.body?.cancel();
  });

  await t.step(
    "a personal number already in the registry is refused at enrolment, nothing half-done",
    async () => {
      await post(applicationForm({
        programId: String(programs.find((p) => p.id !== PROGRAM && p.status === "active")!.id),
      }));
      const list = await (await api("/api/applications?q=61001055555&state=submitted", staff)).json();
      const id = list.data[0].id;
      for (const decision of ["checked", "accepted"]) {
        await (await api(`/api/applications/${id}/decision`, staff, jsonRequest("POST", { decision }))).body
          ?.cancel();
      }
      const res = await api(
        `/api/applications/${id}/enrol`,
        staff,
        jsonRequest("POST", { admissionYear: 2026 }),
      );
      assertEquals(res.status, 409);
      assertEquals((await res.json()).error.code, "duplicate");
      const after = await (await api(`/api/applications/${id}`, staff)).json();
      assertEquals(after.application.state, "accepted");
    },
  );

  await t.step(
    "withdrawal: the registry's status changes, the history shows it, and it is audited",
    async () => {
      const change = (body: unknown, token = staff) =>
        api(`/api/student_status/${studentId}`, token, jsonRequest("POST", body));
      const byStudent = await change({ action: "withdraw", reason: "x", date: "2026-10-01" }, student);
      assertEquals(byStudent.status, 403);
      await byStudent.body?.cancel();
      const res = await change({ action: "withdraw", reason: "Personal reasons", date: "2026-10-01" });
      assertEquals(res.status, 201);
      await res.body?.cancel();
      const wrong = await change({ action: "suspend", reason: "x", date: "2026-10-02" });
      assertEquals(wrong.status, 409);
      assertEquals((await wrong.json()).error.code, "wrong_status");
      const history = await (await api(`/api/student_status/${studentId}`, staff)).json();
      assertEquals(history.data.map((e: { to: string }) => e.to), ["withdrawn"]);
      const leavers = await (await api("/school-leavers", staff)).text();
      assert(leavers.includes("Personal reasons"));
    },
  );

  await t.step(
    "a graduate's diploma supplement is a PDF, and a year's supplements are one .zip",
    async () => {
      const dashboard = await (await api("/diploma-enclosures/dashboard", staff)).text();
      const graduate = /\/api\/diploma_enclosures\/(\d+)\?lang=ka/.exec(dashboard)?.[1];
      assert(graduate, "the dashboard lists the newest year's graduates");
      const pdf = await api(`/api/diploma_enclosures/${graduate}?lang=en`, staff);
      assertEquals(pdf.status, 200);
      assertEquals(pdf.headers.get("content-type"), "application/pdf");
      assertEquals(new TextDecoder().decode((await pdf.bytes()).subarray(0, 5)), "%PDF-");
      const year = /name="year"[\s\S]*?<option\s+value="(\d{4})"/.exec(dashboard)?.[1];
      const zip = await api(`/api/diploma_enclosures/years/${year}`, staff);
      assertEquals(zip.status, 200);
      assertEquals(zip.headers.get("content-type"), "application/zip");
      assertEquals([...(await zip.bytes()).subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
      const notGraduate = await api(`/api/diploma_enclosures/${studentId}`, staff);
      assertEquals(notGraduate.status, 409);
      assertEquals((await notGraduate.json()).error.code, "not_graduated");
      const byStudent = await api(`/api/diploma_enclosures/${graduate}`, student);
      assertEquals(byStudent.status, 403);
      await byStudent.body?.cancel();
    },
  );

  await t.step(
    "mobility: an exchange is recorded and a course taken there is recognized into the transcript",
    async () => {
      const list = await (await api("/api/mobility", staff)).json();
      assert(
        list.data.some((m: { recognitions: unknown[] }) => m.recognitions.length > 0),
        "the demo has a recognition",
      );
      const byStudent = await api("/api/mobility", student);
      assertEquals(byStudent.status, 403);
      await byStudent.body?.cancel();
      const bad = await api(
        "/api/mobility",
        staff,
        jsonRequest("POST", {
          studentId: 1,
          direction: "out",
          partner: "",
          country: "DE",
          from: "2027-02-01",
          to: "2027-01-01",
        }),
      );
      assertEquals(bad.status, 422);
      assertEquals(Object.keys((await bad.json()).error.fields).sort(), ["partner", "to"]);
      const created = await api(
        "/api/mobility",
        staff,
        jsonRequest("POST", {
          studentId: 1,
          direction: "out",
          partner: "KU Leuven",
          country: "BE",
          from: "2027-02-01",
          to: "2027-06-30",
        }),
      );
      assertEquals(created.status, 201);
      const mobility = await created.json();
      const profile = async () => await (await api("/api/students/1", staff)).json();
      type Profile = { semesters: { groupId: number; entries: { bookId: number }[] }[]; credits: number };
      const before: Profile = await profile();
      const taken = new Set(before.semesters.flatMap((s) => s.entries.map((e) => e.bookId)));
      const bookId = Array.from({ length: 64 }, (_, i) => i + 1).find((id) => !taken.has(id))!;
      const recognize = () =>
        api(
          `/api/mobility/${mobility.id}/recognitions`,
          staff,
          jsonRequest("POST", {
            externalCode: "H0A12",
            externalName: "Comparative Politics",
            externalCredits: 6,
            bookId,
            groupId: before.semesters[0].groupId,
            points: 85,
            credits: 6,
          }),
        );
      const recognized = await recognize();
      assertEquals(recognized.status, 201);
      assertEquals((await recognized.json()).grade, "B");
      const after: Profile = await profile();
      assertEquals(after.credits, before.credits + 6);
      assert(after.semesters.some((s) => s.entries.some((e) => e.bookId === bookId)));
      const again = await recognize();
      assertEquals(again.status, 409);
      assertEquals((await again.json()).error.code, "duplicate");
    },
  );

  await t.step("the staff pages open for the registrar and are refused without their keys", async () => {
    const pages: [string, string][] = [
      ["/admissions", "Admissions"],
      [`/admissions/${applicationId}`, "Application AD-"],
      ["/school-leavers", "School leavers"],
      ["/alumni", "Alumni"],
      ["/diploma-enclosures/dashboard", "Diploma supplements"],
      ["/mobility", "Partner institution"],
      ["/mobility-books", "Recognized courses"],
    ];
    for (const [path, text] of pages) {
      const res = await api(path, staff, { headers: { cookie: "lang=en" } });
      assertEquals(res.status, 200, path);
      assert((await res.text()).includes(text), `${path} shows ${text}`);
      const refused = await api(path, student);
      assertEquals(refused.status, 403, path);
      await refused.body?.cancel();
    }
  });

  await t.step(
    "the status form on /alumni graduates a student, and says what is wrong at its field",
    async () => {
      const post = (fields: Record<string, string>) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) body.set(k, v);
        return api("/alumni", staff, { method: "POST", body, headers: { cookie: "lang=en" } });
      };
      const bad = await post({ studentId: "", action: "graduate", reason: "", date: "2026-07-01" });
      assertEquals(bad.status, 422);
      const page = await bad.text();
      assert(page.includes('id="status-student-error"') && page.includes('id="status-reason-error"'));
      const readmitted = await post({
        studentId: String(studentId),
        action: "readmit",
        reason: "Back",
        date: "2026-11-01",
      });
      assertEquals(readmitted.status, 201);
      await readmitted.body?.cancel();
      const graduated = await post({
        studentId: String(studentId),
        action: "graduate",
        reason: "Done",
        date: "2030-07-01",
      });
      assertEquals(graduated.status, 201);
      const done = await graduated.text();
      assert(done.includes("Active → Graduated"));
      const alumni = await (await api("/alumni?year=2030", staff)).text();
      assert(alumni.includes("Meladze") || alumni.includes("მელაძე"));
    },
  );

  await t.step(
    "without the personal-data keys, applications come without personal numbers, birth dates, phones",
    async () => {
      const role = await createRole("Admissions clerk", ["menu.admissions"], null);
      const user = await createUser({
        guard: "custom",
        chatType: "user",
        email: "clerk@uni.test",
        name: "კლერკი",
        nameEn: "Clerk",
        image: null,
        hrUserId: null,
        studentId: null,
        roleIds: [role.id],
        linkedAccountIds: [],
        passwordHash: "-",
        disabled: false,
      }, null);
      const { token } = await createSession({
        userId: user.id,
        guard: user.guard,
        ttlSeconds: 600,
        ip: "127.0.0.1",
        userAgent: "test",
      });
      const got = (await (await api(`/api/applications/${applicationId}`, token)).json()).application;
      assertEquals(["personalNumber", "birthDate", "citizenship", "phone"].filter((f) => f in got), []);
      assertEquals(got.lastNameEn, "Meladze");
      const searched = await (await api("/api/applications?q=61001055555", token)).json();
      assertEquals(searched.total, 0, "a personal number cannot be found by someone who may not see it");
      const page = await (await api(`/admissions/${applicationId}`, token)).text();
      assert(!page.includes("61001055555"));
    },
  );
});

Deno.test("applicationSubmit: the public form as JSON", async (t) => {
  const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstNameKa: "გიორგი",
    lastNameKa: "ხუციშვილი",
    firstNameEn: "Giorgi",
    lastNameEn: "Khutsishvili",
    personalNumber: "61001066666",
    birthDate: "2007-04-11",
    citizenship: "GE",
    email: "giorgi@example.ge",
    phone: "+995599445566",
    programId: PROGRAM,
    consent: true,
    documents: [
      { kind: "identity", name: "id.pdf", content: base64(PDF) },
      { kind: "certificate", name: "certificate.jpg", content: base64(JPEG) },
    ],
    ...overrides,
  });
  const submit = (json: unknown, lang = "en", address?: string) =>
    app.request(
      "/api/applications",
      jsonRequest("POST", json, { "accept-language": lang }),
      address ? { remoteAddr: { hostname: address } } : undefined,
    );

  await t.step("no sign-in: an application gets its reference number and is in the pipeline", async () => {
    const res = await submit(body());
    assertEquals(res.status, 201);
    const done = await res.json();
    assertEquals(done.updated, false);
    assert(done.reference.startsWith("AD-"), done.reference);
    const list = await (await api(`/api/applications?q=${done.reference}`, staff)).json();
    assertEquals(list.total, 1);
    assertEquals(list.data[0].documents.map((d: { kind: string }) => d.kind).sort(), [
      "certificate",
      "identity",
    ]);
  });

  await t.step("sent again without documents, it updates the open application", async () => {
    const before = await total();
    const res = await submit(body({ email: "g.khutsishvili@example.ge", documents: [] }));
    assertEquals(res.status, 201);
    assertEquals((await res.json()).updated, true);
    assertEquals(await total(), before);
  });

  await t.step(
    "bad input: the form's messages at the same fields, in the request's language; nothing stored",
    async () => {
      const before = await total();
      const res = await submit(body({
        personalNumber: "12345",
        firstNameKa: "Giorgi",
        consent: false,
        documents: [{ kind: "identity", name: "id.pdf", content: base64(new TextEncoder().encode("hello")) }],
      }));
      assertEquals(res.status, 422);
      const { error } = await res.json();
      assertEquals(error.fields.personalNumber, "A personal number is exactly 11 digits");
      assertEquals(error.fields.firstNameKa, "Use Georgian letters only");
      assertEquals(error.fields.identity, "The file is not a PDF, JPG or PNG");
      assertEquals(error.fields.certificate, "Upload the document");
      assertEquals(error.fields.consent, "Your consent is needed to apply");
      const ka = await (await submit(
        body({
          personalNumber: "61001077777",
          documents: [{
            kind: "identity",
            name: "id.jpg",
            content: base64(PDF),
          }, { kind: "certificate", name: "c.pdf", content: "not base64!" }],
        }),
        "ka",
      )).json();
      assertEquals(Object.keys(ka.error.fields).sort(), ["certificate", "identity"]);
      assert(ka.error.fields.identity !== "The file's content does not match its name (extension)");
      assertEquals(await total(), before);
    },
  );

  await t.step(
    "size limits: a document over 3 MB is refused at its field, a body over the limit with 413",
    async () => {
      const big = new Uint8Array(3 * 1024 * 1024 + 1);
      big.set(PDF);
      let text = "";
      for (let i = 0; i < big.length; i += 0x8000) {
        text += String.fromCharCode(
          ...big.subarray(i, i + 0x8000),
        );
      }
      const res = await submit(body({
        personalNumber: "61001088888",
        documents: [{ kind: "identity", name: "id.pdf", content: btoa(text) }],
      }));
      assertEquals(res.status, 422);
      assertEquals((await res.json()).error.fields.identity, "The file is larger than 3 MB");
      const huge = await submit(
        body({ documents: [{ kind: "identity", name: "id.pdf", content: "A".repeat(9e6) }] }),
      );
      assertEquals(huge.status, 413);
      await huge.body?.cancel();
    },
  );

  await t.step(
    "one address may submit ten times in ten minutes, the form's posts and the API's together",
    async () => {
      const address = "198.51.100.23";
      for (let i = 0; i < 5; i++) {
        const page = await app.request("/online-register", {
          method: "POST",
          body: new FormData(),
          headers: { origin: ORIGIN },
        }, { remoteAddr: { hostname: address } });
        assertEquals(page.status, 422);
        await page.body?.cancel();
        const res = await submit({}, "en", address);
        assertEquals(res.status, 422);
        await res.body?.cancel();
      }
      const refused = await submit(body(), "en", address);
      assertEquals(refused.status, 429);
      assert(Number(refused.headers.get("retry-after")) > 0);
      assertEquals((await refused.json()).error.code, "rate_limited");
    },
  );
});
