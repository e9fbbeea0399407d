/**
 * The course dialogs' API as the registrar (every key) and as the course viewer (none of the dialog keys):
 * each operation allowed for one and refused for the other, then the dialogs at work — conditions and the
 * eligibility check, professors, rule students, syllabus uploads checked by content and size, components
 * totalling 100, and the logs that show all of it.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { jsonRequest, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { createBook } from "../services/books/mod.ts";
import { listGroups } from "../services/academic/semesters.ts";
import { zip } from "./fixtures/zip.ts";

const app = await seededApp();
const staff = { authorization: `Bearer ${await tokenFor("staff")}`, cookie: "lang=en" };
const limited = { authorization: `Bearer ${await tokenFor("limited")}` };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = staff) {
  const res = await app.request(`/api${path}`, jsonRequest(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const course = (code: string) => ({
  name: `ტესტი ${code}`,
  nameEng: `Test ${code}`,
  code,
  description: "",
  credit: 6,
  type: 1 as const,
  status: "active" as const,
  lang: null,
  langCode: "geo" as const,
  nashromi_praqtika_type: "" as const,
  medic: false,
  level: 1 as const,
  gpaLimit: null,
});

const main = await createBook(course("DLG-100"), null);
const pre = await createBook(course("DLG-101"), null);
const groupId = (await listGroups())[0].id;
const C = "menu.learningProcesses.learningCourses";

Deno.test("course dialogs API", async (t) => {
  await t.step(
    "each operation: allowed for staff (its exact status), refused (403) for the course viewer",
    async () => {
      const b = main.id;
      // [key, the status staff get, method, path, body]: 404 for the ids that name nothing, 422 for bodies
      // that fail validation; the viewer gets 403 for each.
      const operations: [string, number, string, string, unknown?][] = [
        [`${C}.conditions`, 200, "GET", `/book_conditions/${b}`],
        [`${C}.conditions`, 200, "GET", `/book_conditions/${b}/eligibility?studentId=1`],
        [`${C}.conditions.gpa.edit`, 200, "PUT", `/book_conditions/${b}/gpa`, { gpaLimit: null }],
        [`${C}.conditions.program.add`, 200, "GET", `/book_conditions/program-options`],
        [`${C}.conditions.program.add`, 422, "POST", `/book_conditions/${b}/programs`, { programId: 99999 }],
        [`${C}.conditions.program.remove`, 404, "DELETE", `/book_conditions/${b}/programs/99999`],
        [`${C}.conditions.equalCondition.addGroup`, 422, "POST", `/book_conditions/${b}/groups`, {
          type: "condition",
          name: "",
        }],
        [`${C}.conditions.antiCondition.addGroup`, 422, "POST", `/book_conditions/${b}/groups`, {
          type: "nonCondition",
          name: "",
        }],
        [`${C}.conditions.*.editGroup`, 404, "PUT", `/book_conditions/${b}/groups/999`, { name: "x" }],
        [`${C}.conditions.*.removeGroup`, 404, "DELETE", `/book_conditions/${b}/groups/999`],
        [`${C}.conditions.*.addBook`, 404, "POST", `/book_conditions/${b}/groups/999/members/${pre.id}`],
        [`${C}.conditions.*.removeBook`, 404, "DELETE", `/book_conditions/${b}/groups/999/members/${pre.id}`],
        [`${C}.conditions.*.logs`, 200, "GET", `/book_conditions/${b}/log?type=nonCondition`],
        [`${C}.professors`, 200, "GET", `/book_professors/${b}`],
        [`${C}.professors`, 200, "GET", `/book_professors/candidates?text=a`],
        [`${C}.professors`, 422, "POST", `/book_professors/${b}`, {}],
        [`${C}.professors`, 422, "PUT", `/book_professors/${b}/999`, {}],
        [`${C}.professors`, 404, "DELETE", `/book_professors/${b}/999`],
        [`${C}.ruleStudents`, 200, "GET", `/rule_students/${b}`],
        [`${C}.ruleStudents`, 422, "POST", `/rule_students/${b}`, {}],
        [`${C}.ruleStudents`, 200, "DELETE", `/rule_students/${b}`],
        [`${C}.silabus`, 200, "GET", `/syllabuses/${b}`],
        [`${C}.silabus`, 404, "GET", `/syllabuses/${b}/${groupId}/file`],
        [`${C}.silabus`, 404, "DELETE", `/syllabuses/${b}/${groupId}`],
        [`${C}.components`, 200, "GET", `/book_components/${b}`],
        [`${C}.components`, 422, "PUT", `/book_components/${b}`, {}],
        [`${C}.components.logs`, 200, "GET", `/book_components/${b}/log`],
        [`${C}.logs`, 200, "GET", `/book_log/${b}`],
      ];
      for (const [key, status, method, path, body] of operations) {
        const asStaff = await call(method, path, body);
        assertEquals(asStaff.status, status, `staff: ${key} (${method} ${path}) answered ${asStaff.status}`);
        const asViewer = await call(method, path, body, limited);
        assertEquals(asViewer.status, 403, `viewer not refused ${key} (${method} ${path})`);
      }
      const upload = await app.request(`/api/syllabuses/${b}/${groupId}?name=a.pdf&size=5&offset=0`, {
        method: "POST",
        headers: { ...limited, origin: ORIGIN, "content-type": "application/octet-stream" },
        body: new TextEncoder().encode("%PDF-"),
      });
      assertEquals(upload.status, 403, "viewer not refused the upload");
    },
  );

  await t.step("conditions: a group with a member, conditionStatus, and the eligibility check", async () => {
    const bad = await call("POST", `/book_conditions/${main.id}/groups`, {
      type: "condition",
      name: "",
      limit: "x",
    });
    assertEquals(bad.status, 422);
    assertEquals(Object.keys(bad.body.error.fields).sort(), ["limit", "name"]);
    assertEquals(bad.body.error.fields.limit, "The limit must be a whole number from 0 to 999");
    const added = await call("POST", `/book_conditions/${main.id}/groups`, {
      type: "condition",
      name: "Basics",
      limit: 1,
    });
    assertEquals([added.status, added.body.conditionStatus, added.body.data.length], [200, 1, 1]);
    const group = added.body.data[0].id;
    const member = await call("POST", `/book_conditions/${main.id}/groups/${group}/members/${pre.id}`);
    assertEquals(member.body.data[0].conditions.map((m: { code: string }) => m.code), ["DLG-101"]);
    const check = await call("GET", `/book_conditions/${main.id}/eligibility?studentId=1`);
    assertEquals([check.status, check.body.eligible], [200, false]);
    assertEquals(check.body.rules[0].reason.en, `needs 1 of: Test DLG-101; passed 0`);
    assertEquals(check.body.rules[0].reason.ka, `საჭიროა 1 შემდეგიდან: ტესტი DLG-101; ჩაბარებულია 0`);
    const log = await call("GET", `/book_conditions/${main.id}/log?type=condition`);
    assertEquals(log.body.data.map((e: { what: string }) => e.what), ["conditionAdd", "conditionGroupAdd"]);
    assertEquals((await call("GET", `/book_conditions/${main.id}/log?type=nonCondition`)).body.data, []);
    const nobody = await call("GET", `/book_conditions/${main.id}/eligibility?studentId=999999`);
    assertEquals([nobody.status, nobody.body.error.fields.studentId], [
      422,
      "There is no student with this id",
    ]);
  });

  await t.step("rule students: unknown ids reported, known added, a listed student is spared", async () => {
    const none = await call("POST", `/rule_students/${main.id}`, { studentIds: "999998, abc" });
    assertEquals(none.status, 422);
    const added = await call("POST", `/rule_students/${main.id}`, { studentIds: "1, 2\n999999 3 3" });
    assertEquals(added.status, 200);
    assertEquals([added.body.added, added.body.unknown], [[1, 2, 3], ["999999"]]);
    const again = await call("POST", `/rule_students/${main.id}`, { studentIds: "2" });
    assertEquals([again.body.added, again.body.alreadyListed], [[], [2]]);
    const list = await call("GET", `/rule_students/${main.id}?limit=2`);
    assertEquals([list.body.total, list.body.data.length, list.body.data[0].studentId], [3, 2, 1]);
    const check = await call("GET", `/book_conditions/${main.id}/eligibility?studentId=1`);
    assertEquals([check.body.eligible, check.body.rules[1].status], [true, "waived"]);
    const cleared = await call("DELETE", `/rule_students/${main.id}`);
    assertEquals([cleared.status, cleared.body.removed], [200, 3]);
    assertEquals((await call("GET", `/rule_students/${main.id}`)).body.total, 0);
  });

  await t.step(
    "professors: required professor, academic only, once per course; edit and remove",
    async () => {
      const missing = await call("POST", `/book_professors/${main.id}`, { prof_id: null, price: "abc" });
      assertEquals(missing.status, 422);
      assertEquals(Object.keys(missing.body.error.fields).sort(), ["price", "prof_id"]);
      const admin = await call("POST", `/book_professors/${main.id}`, { prof_id: 2, price: 30 });
      assertEquals(admin.body.error.fields.prof_id, "Only academic staff can be given lessons");
      const payless = await call("POST", `/book_professors/${main.id}`, {
        prof_id: 4,
        price: 30,
        additionalPay: true,
      });
      assertEquals(Object.keys(payless.body.error.fields).sort(), [
        "additionalPayPrice",
        "additionalPayTime",
      ]);
      const added = await call("POST", `/book_professors/${main.id}`, {
        prof_id: 4,
        price: "35.5",
        additionalPay: true,
        additionalPayTime: 10,
        additionalPayPrice: 20,
      });
      assertEquals([added.status, added.body.price, added.body.book_id, added.body.additionalPayTime], [
        201,
        35.5,
        main.id,
        10,
      ]);
      const twice = await call("POST", `/book_professors/${main.id}`, { prof_id: 4 });
      assertEquals([twice.status, twice.body.error.code], [409, "duplicate"]);
      const edited = await call("PUT", `/book_professors/${main.id}/${added.body.id}`, {
        prof_id: 4,
        price: 40,
        hasFreeTime: true,
        freeTime: 4,
      });
      assertEquals([edited.body.price, edited.body.additionalPay, edited.body.freeTime], [40, false, 4]);
      const list = await call("GET", `/book_professors/${main.id}`);
      assertEquals(list.body.data.map((p: { prof_id: number; prof_name_en: string }) => p.prof_id), [4]);
      assertEquals(list.body.data[0].prof_name_en, "Nino Beridze");
      assertEquals((await call("DELETE", `/book_professors/${main.id}/${added.body.id}`)).status, 200);
      assertEquals((await call("DELETE", `/book_professors/${main.id}/${added.body.id}`)).status, 404);
    },
  );

  await t.step("components: weights must total 100; the count flag follows; their own log", async () => {
    const items = [
      { nameKa: "შუალედური", nameEn: "Midterm", weight: 40, minScore: 10 },
      { nameKa: "დასკვნითი", nameEn: "Final", weight: "50", minScore: 60 },
    ];
    const wrong = await call("PUT", `/book_components/${main.id}`, { items });
    assertEquals(wrong.status, 422);
    assertEquals(Object.keys(wrong.body.error.fields), ["items.1.minScore"]);
    const short = await call("PUT", `/book_components/${main.id}`, {
      items: [items[0], { ...items[1], minScore: 20 }],
    });
    assertEquals([short.status, short.body.error.fields.items], [
      422,
      "The weights add up to 90; they must total 100",
    ]);
    const saved = await call("PUT", `/book_components/${main.id}`, {
      items: [items[0], { ...items[1], weight: 60, minScore: 20 }],
    });
    assertEquals([saved.status, saved.body.data.length, saved.body.data[1].weight], [200, 2, 60]);
    const book = await call("GET", `/books/${main.id}`);
    if (book.status === 200) assertEquals(book.body.componentCount, 2);
    const log = await call("GET", `/book_components/${main.id}/log`);
    assertEquals([log.body.data.length, log.body.data[0].what, log.body.data[0].actorName], [
      1,
      "componentSave",
      "Mariam Kapanadze",
    ]);
    const cleared = await call("PUT", `/book_components/${main.id}`, { items: [] });
    assertEquals(cleared.body.data, []);
  });

  await t.step("syllabus uploads are checked by content and size, then downloaded and removed", async () => {
    const send = async (query: string, bytes: Uint8Array, type = "application/octet-stream") => {
      const r = await app.request(`/api/syllabuses/${main.id}/${groupId}?${query}`, {
        method: "POST",
        headers: { ...staff, origin: ORIGIN, "content-type": type },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      return { status: r.status, body: await r.json() };
    };
    const pdf = new TextEncoder().encode("%PDF-1.7\n" + "x".repeat(700 * 1024) + "\n%%EOF");
    const fake = new TextEncoder().encode("MZ this is not a pdf");
    assertEquals(
      (await send(`name=s.pdf&size=${fake.length}&offset=0`, fake)).body.error.fields.file,
      "The file's content is not a PDF or Word (.docx) document matching its name",
    );
    assertEquals(
      (await send(`name=s.txt&size=5&offset=0`, pdf.slice(0, 5))).body.error.fields.file,
      "Only PDF (.pdf) and Word (.docx) files are accepted",
    );
    assertEquals(
      (await send(`name=s.pdf&size=5000001&offset=0`, pdf.slice(0, 5))).body.error.fields.file,
      "Maximum 5MB file size allowed",
    );
    assertEquals(
      (await send(`name=s.pdf&size=${pdf.length}&offset=0`, pdf.slice(0, 5), "application/json")).status,
      415,
    );

    const first = await send(
      `name=${encodeURIComponent("სილაბუსი.pdf")}&size=${pdf.length}&offset=0`,
      pdf.slice(0, 512 * 1024),
    );
    assertEquals([first.status, first.body.status, first.body.received], [200, "progress", 512 * 1024]);
    const skipped = await send(
      `name=x.pdf&size=${pdf.length}&offset=0&uploadId=${first.body.uploadId}`,
      pdf.slice(0, 10),
    );
    assertEquals(skipped.status, 409, "a chunk at the wrong offset");
    const last = await send(
      `name=x.pdf&size=${pdf.length}&offset=${512 * 1024}&uploadId=${first.body.uploadId}`,
      pdf.slice(512 * 1024),
    );
    assertEquals([last.status, last.body.status, last.body.syllabus.kind], [200, "finished", "pdf"]);

    const file = await app.request(`/api/syllabuses/${main.id}/${groupId}/file`, { headers: staff });
    assertEquals(file.headers.get("content-type"), "application/pdf");
    assertEquals(file.headers.get("x-content-type-options"), "nosniff");
    assertMatch(
      file.headers.get("content-disposition")!,
      /^attachment; filename="_+\.pdf"; filename\*=UTF-8''/,
    );
    assertEquals((await file.arrayBuffer()).byteLength, pdf.length);

    // A DOCX is a ZIP whose directory lists word/document.xml; a ZIP without it is refused.
    const docx = zip(["[Content_Types].xml", "word/document.xml"]);
    const plainZip = zip(["readme.txt"]);
    assertEquals((await send(`name=a.docx&size=${plainZip.length}&offset=0`, plainZip)).status, 422);
    const replaced = await send(`name=syllabus.docx&size=${docx.length}&offset=0`, docx);
    assertEquals([replaced.body.status, replaced.body.syllabus.kind], ["finished", "docx"]);
    const listed = await call("GET", `/syllabuses/${main.id}`);
    const row = listed.body.data.find((r: { groupId: number }) => r.groupId === groupId);
    assertEquals(row.syllabus.name, "syllabus.docx");
    assertEquals((await call("DELETE", `/syllabuses/${main.id}/${groupId}`)).status, 200);
    assertEquals((await call("GET", `/syllabuses/${main.id}/${groupId}/file`)).status, 404);
  });

  await t.step("the course's log shows the dialogs' changes with actor, newest first", async () => {
    const log = await call("GET", `/book_log/${main.id}`);
    assertEquals(log.status, 200);
    const whats = log.body.data.map((e: { what: string | null }) => e.what);
    assertEquals(whats[0], "syllabusRemove");
    for (
      const what of [
        "conditionGroupAdd",
        "ruleStudentsClear",
        "bookProfessorAdd",
        "componentSave",
        "syllabusUpload",
      ]
    ) {
      assert(whats.includes(what), `the log lacks ${what}`);
    }
    assert(
      log.body.data.every((e: { actorName: string | null; source: string }) =>
        e.source === "books" || e.actorName === "Mariam Kapanadze"
      ),
    );
    assertEquals((await call("GET", "/book_log/999999")).status, 404);
  });
});
