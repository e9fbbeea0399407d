/**
 * Course lists through HTTP (issue 20): the professor's sections, a list's cells saved one by one with a
 * version (a stale write answers 409 with the value there now, and of two racing writes exactly one lands),
 * bad input answered 422 with field errors in the request's language and nothing written, attendance, submit
 * publishing grades to transcripts and the GPA, the registrar's unlock with a reason and a re-submit that
 * replaces the grade with history kept, the student's own grades, the .xlsx export and the component types.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { toXlsx } from "../services/files/xlsx_export.ts";
import { saveComponents } from "../services/books/components.ts";
import { db } from "../services/db/kv.ts";
import { listAudit } from "../services/db/reads.ts";
import { getSection } from "../services/registration/sections.ts";
import { gpaFromTotals, listTranscript, type TranscriptTotals } from "../services/students/transcripts.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["prof", "staff", "student", "limited", "admin"] as const) {
  tokens.set(account, await tokenFor(account));
}

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    // deno-lint-ignore no-explicit-any
    body: type.includes("json") ? await res.json() : new Uint8Array(await res.arrayBuffer()) as any,
  };
}

interface Row {
  sectionId: string;
  students: number;
  status: string;
}
interface SheetStudent {
  studentId: number;
  cells: { points: number | null; versionstamp: string | null }[];
  total: number;
  grade: string;
  absences: number;
  absenceShare: number;
  published: string | null;
}

const DEMO_STUDENT = 1;
const COMPONENTS = [
  { nameKa: "შუალედური", nameEn: "Midterm", weight: 30, minScore: 0 },
  { nameKa: "ქვიზი", nameEn: "Quiz", weight: 20, minScore: 0 },
  { nameKa: "ფინალური", nameEn: "Final", weight: 50, minScore: 20 },
];

Deno.test("course lists API", async (t) => {
  let section = "";
  let otherSection = "";
  let students: SheetStudent[] = [];
  const sheet = async (account: DemoAccount = "prof", lang = "en") =>
    (await call(account, "GET", `/api/lists/${section}`, undefined, lang)).body;
  const cellOf = async (studentId: number, index: number) =>
    (await sheet()).students.find((s: SheetStudent) => s.studentId === studentId).cells[index];
  const put = (body: Record<string, unknown>, lang = "en", account: DemoAccount = "prof") =>
    call(account, "PUT", `/api/lists/${section}/points`, body, lang);

  await t.step("the OpenAPI document names every operation of the issue", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const ids = new Set(
      Object.values(doc.paths).flatMap((p) => Object.values(p as object).map((o) => o.operationId)),
    );
    for (
      const id of [
        "listMine",
        "listGet",
        "listPointsSet",
        "attendanceSet",
        "listSubmit",
        "listUnlock",
        "listExport",
        "listImport",
        "gradesMine",
        "componentTypeList",
        "componentTypeAdd",
        "componentTypeEdit",
        "componentTypeRemove",
      ]
    ) assert(ids.has(id), `${id} missing`);
  });

  await t.step("the professor sees their own sections with student counts; staff see every one", async () => {
    const mine = await call("prof", "GET", "/api/lists?limit=200");
    assertEquals(mine.status, 200);
    const rows = mine.body.data as Row[];
    assert(rows.length > 0);
    const held = rows.find((r) => r.students > 0 && r.status === "open")!;
    section = held.sectionId;
    assertEquals(held.status, "open");
    // The registrar enrols the demo student in it, so that the student's own view can be checked.
    const enrol = await call("staff", "POST", "/api/registrations", {
      sectionId: section,
      studentId: DEMO_STUDENT,
      override: true,
      reason: "lists test",
    });
    assertEquals(enrol.status, 201);
    const all = await call("staff", "GET", "/api/lists?limit=200");
    assert(all.body.total > mine.body.total);
    otherSection = (all.body.data as Row[]).find((r) =>
      !rows.some((m) => m.sectionId === r.sectionId)
    )!.sectionId;
    assertEquals((await call("student", "GET", "/api/lists")).status, 403);
    const { bookId } = await getSection(section);
    await saveComponents(bookId, COMPONENTS, null);
  });

  await t.step("a list is the roster × the course's components; another professor's is refused", async () => {
    const list = await sheet();
    assertEquals(list.components.map((c: { max: number }) => c.max), [30, 20, 50]);
    assertEquals(list.editable, true);
    students = list.students;
    assert(students.some((s) => s.studentId === DEMO_STUDENT), "the demo student is on the roster");
    assertEquals(students[0].cells.length, 3);
    assertEquals((await call("prof", "GET", `/api/lists/${otherSection}`)).status, 403);
    assertEquals(
      (await call("prof", "PUT", `/api/lists/${otherSection}/points`, {
        studentId: 1,
        componentId: 1,
        points: 1,
        versionstamp: null,
      })).status,
      403,
    );
    // Staff read every list but write none.
    assertEquals((await call("staff", "GET", `/api/lists/${section}`)).status, 200);
    assertEquals((await sheet("staff")).editable, false);
    assertEquals(
      (await put({ studentId: DEMO_STUDENT, componentId: 1, points: 1, versionstamp: null }, "en", "staff"))
        .status,
      403,
    );
  });

  await t.step(
    "a cell saves with a version; a stale version answers 409 naming the value there now",
    async () => {
      const first = await put({ studentId: DEMO_STUDENT, componentId: 1, points: 25, versionstamp: null });
      assertEquals(first.status, 200);
      assertEquals([first.body.points, first.body.total], [25, 25]);
      const second = await put({
        studentId: DEMO_STUDENT,
        componentId: 1,
        points: 27.5,
        versionstamp: first.body.versionstamp,
      });
      assertEquals(second.status, 200);
      // Someone who still holds the first version (or never saw the cell) is refused, and told what is there.
      for (const versionstamp of [first.body.versionstamp, null]) {
        const stale = await put({ studentId: DEMO_STUDENT, componentId: 1, points: 3, versionstamp });
        assertEquals(stale.status, 409);
        assertEquals(stale.body.error.code, "stale_cell");
        assertStringIncludes(stale.body.error.fields.points, "27.5");
      }
      const ka = await put({ studentId: DEMO_STUDENT, componentId: 1, points: 3, versionstamp: null }, "ka");
      assertStringIncludes(ka.body.error.message, "27.5");
      assert(/[\u10D0-\u10FF]/.test(ka.body.error.message), "the message is in Georgian");
      assertEquals((await cellOf(DEMO_STUDENT, 0)).points, 27.5);
    },
  );

  await t.step("of two writes racing from the same version, exactly one lands", async () => {
    const start = await cellOf(DEMO_STUDENT, 1);
    const results = await Promise.all(
      [11, 12, 13, 14].map((points) =>
        put({ studentId: DEMO_STUDENT, componentId: 2, points, versionstamp: start.versionstamp })
      ),
    );
    const won = results.filter((r) => r.status === 200);
    assertEquals(won.length, 1);
    assertEquals(results.filter((r) => r.status === 409).length, 3);
    assertEquals((await cellOf(DEMO_STUDENT, 1)).points, won[0].body.points);
  });

  await t.step(
    "bad input answers 422 naming the field, in the request's language, and writes nothing",
    async () => {
      const other = students.find((s) => s.studentId !== DEMO_STUDENT)!;
      const before = (await listAudit("lists", section, { limit: 1000 })).items.length;
      const cellBefore = (await cellOf(other.studentId, 0)).points;
      const cases: [Record<string, unknown>, string][] = [
        [{ points: 31 }, "points"],
        [{ points: -1 }, "points"],
        [{ points: "abc" }, "points"],
        [{ points: 1.234 }, "points"],
        [{ studentId: 999_999 }, "studentId"],
        [{ componentId: 9 }, "componentId"],
        [{ versionstamp: "nope" }, "versionstamp"],
        [{ extra: 1 }, ""],
      ];
      for (const [change, field] of cases) {
        for (const lang of ["en", "ka"]) {
          const res = await put({
            studentId: other.studentId,
            componentId: 1,
            points: 10,
            versionstamp: null,
            ...change,
          }, lang);
          assertEquals(res.status, 422, JSON.stringify(change));
          if (field) assert(res.body.error.fields?.[field], `${field} named for ${JSON.stringify(change)}`);
        }
      }
      const above = await put({ studentId: other.studentId, componentId: 1, points: 31, versionstamp: null });
      assertStringIncludes(above.body.error.fields.points, "30");
      assertEquals((await cellOf(other.studentId, 0)).points, cellBefore);
      assertEquals((await listAudit("lists", section, { limit: 1000 })).items.length, before);
      // An oversized body is refused before it is read.
      const huge = await call("prof", "PUT", `/api/lists/${section}/points`, { pad: "x".repeat(1_100_000) });
      assertEquals(huge.status, 413);
    },
  );

  await t.step(
    "attendance per lesson date gives the share of absences and a warning past the limit",
    async () => {
      const { dates } = await sheet();
      assert(dates.length > 3);
      for (const [i, state] of (["absent", "present", "late"] as const).entries()) {
        const res = await call("prof", "PUT", `/api/lists/${section}/attendance`, {
          date: dates[i],
          studentId: DEMO_STUDENT,
          state,
        });
        assertEquals(res.status, 200);
      }
      const me = (await sheet()).students.find((s: SheetStudent) => s.studentId === DEMO_STUDENT);
      assertEquals([me.absences, me.absenceShare, me.overLimit], [1, 33.3, true]);
      const notLesson = await call("prof", "PUT", `/api/lists/${section}/attendance`, {
        date: "2001-01-01",
        studentId: DEMO_STUDENT,
        state: "absent",
      });
      assertEquals(notLesson.status, 422);
      assert(notLesson.body.error.fields.date);
    },
  );

  await t.step(
    "an .xlsx import: a dry run reports per row and writes nothing; an import writes only when all is right",
    async () => {
      const list = await sheet();
      const [first, second] = list.students.filter((s: SheetStudent) => s.studentId !== DEMO_STUDENT);
      const headers = ["ID", "Student", "Personal number", "Midterm (30)", "Quiz (20)", "Final (50)"];
      const upload = async (
        rows: (string | number | null)[][],
        dryRun: boolean,
        type = "application/octet-stream",
      ) => {
        const res = await app.request(`/api/lists/${section}/import?dryRun=${dryRun}`, {
          method: "POST",
          headers: {
            origin: ORIGIN,
            authorization: `Bearer ${tokens.get("prof")}`,
            "content-type": type,
            cookie: "lang=en",
          },
          body: toXlsx("List", headers, rows) as Uint8Array<ArrayBuffer>,
        });
        return { status: res.status, body: await res.json() };
      };
      const rows = [
        [first.studentId, "", "", 21, null, null],
        [second.studentId, "", "", null, 99, null],
        [999_999, "", "", 1, null, null],
      ];
      const before = await cellOf(first.studentId, 0);
      const dry = await upload(rows, true);
      assertEquals(dry.status, 200);
      assertEquals(dry.body.rows.map((r: { row: number; errors: string[] }) => [r.row, r.errors.length]), [
        [2, 0],
        [3, 1],
        [4, 1],
      ]);
      assertEquals(dry.body.rows[0].changes, [{ componentId: 1, from: before.points, to: 21 }]);
      assertStringIncludes(dry.body.rows[1].errors[0], "Quiz: At most 20 points");
      assertStringIncludes(dry.body.rows[2].errors[0], "not on this section's roster");
      assertEquals(dry.body.written, 0);
      const refused = await upload(rows, false);
      assertEquals([refused.status, refused.body.error.code], [422, "import_refused"]);
      assertEquals((await cellOf(first.studentId, 0)).points, before.points);
      const done = await upload([rows[0]], false);
      assertEquals([done.status, done.body.written], [200, 1]);
      assertEquals((await cellOf(first.studentId, 0)).points, 21);
      const notXlsx = await app.request(`/api/lists/${section}/import?dryRun=true`, {
        method: "POST",
        headers: {
          origin: ORIGIN,
          authorization: `Bearer ${tokens.get("prof")}`,
          "content-type": "application/octet-stream",
        },
        body: "id,points\n1,2",
      });
      assertEquals(notXlsx.status, 422);
      assertEquals((await upload(rows, true, "text/csv")).status, 415);
    },
  );

  let gpaBefore: number | null = null;
  await t.step("submit locks the list and publishes each grade to the transcript with the GPA", async () => {
    const totals = (await db().get<TranscriptTotals>(["transcript_totals", DEMO_STUDENT])).value!;
    gpaBefore = gpaFromTotals(totals);
    const cells = (await sheet()).students.find((s: SheetStudent) => s.studentId === DEMO_STUDENT).cells;
    await put({ studentId: DEMO_STUDENT, componentId: 3, points: 50, versionstamp: cells[2].versionstamp });
    await put({
      studentId: DEMO_STUDENT,
      componentId: 2,
      points: 20,
      versionstamp: (await cellOf(DEMO_STUDENT, 1)).versionstamp,
    });
    // 27.5 + 20 + 50 = 97.5 → A.
    const submitted = await call("prof", "POST", `/api/lists/${section}/submit`);
    assertEquals(submitted.status, 200);
    assertEquals(submitted.body.published, students.length);
    const list = await sheet();
    assertEquals([list.status, list.editable], ["submitted", false]);
    const { bookId, groupId } = await getSection(section);
    const entries = (await listTranscript(DEMO_STUDENT)).filter((e) =>
      e.bookId === bookId && e.groupId === groupId
    );
    assertEquals(entries.map((e) => [e.points, e.grade]), [[98, "A"]]);
    const mine = await call("student", "GET", "/api/grades/mine");
    assertEquals(mine.status, 200);
    const row = mine.body.rows.find((r: { sectionId: string }) => r.sectionId === section);
    assertEquals([row.grade, row.absences], ["A", 1]);
    assert(mine.body.gpa !== gpaBefore, "the GPA moved");
    assertEquals(
      mine.body.gpa,
      gpaFromTotals((await db().get<TranscriptTotals>(["transcript_totals", DEMO_STUDENT])).value!),
    );
  });

  await t.step("a submitted list takes no points, no attendance and no second submit", async () => {
    const cell = await cellOf(DEMO_STUDENT, 0);
    const res = await put({
      studentId: DEMO_STUDENT,
      componentId: 1,
      points: 1,
      versionstamp: cell.versionstamp,
    });
    assertEquals([res.status, res.body.error.code], [409, "list_submitted"]);
    const { dates } = await sheet();
    assertEquals(
      (await call("prof", "PUT", `/api/lists/${section}/attendance`, {
        date: dates[0],
        studentId: DEMO_STUDENT,
        state: "present",
      })).status,
      409,
    );
    assertEquals((await call("prof", "POST", `/api/lists/${section}/submit`)).status, 409);
  });

  await t.step("only the registrar unlocks, with a reason that the audit keeps", async () => {
    assertEquals(
      (await call("prof", "POST", `/api/lists/${section}/unlock`, { reason: "typo" })).status,
      403,
    );
    const empty = await call("staff", "POST", `/api/lists/${section}/unlock`, { reason: "  " });
    assertEquals(empty.status, 422);
    assert(empty.body.error.fields.reason);
    const res = await call("staff", "POST", `/api/lists/${section}/unlock`, {
      reason: "final exam re-marked",
    });
    assertEquals([res.status, res.body.status], [200, "open"]);
    const audit = (await listAudit("lists", section, { limit: 5 })).items;
    assertEquals((audit[0] as unknown as { reason: string }).reason, "final exam re-marked");
    assertEquals(
      (await call("staff", "POST", `/api/lists/${section}/unlock`, { reason: "again" })).status,
      409,
    );
  });

  await t.step("a re-submit replaces the published grade and keeps its history", async () => {
    const cell = await cellOf(DEMO_STUDENT, 2);
    assertEquals(
      (await put({ studentId: DEMO_STUDENT, componentId: 3, points: 15, versionstamp: cell.versionstamp }))
        .status,
      200,
    );
    // 27.5 + 20 + 15 = 62.5 but the final's minimum is 20: FX.
    assertEquals((await call("prof", "POST", `/api/lists/${section}/submit`)).status, 200);
    const { bookId, groupId } = await getSection(section);
    const entries = (await listTranscript(DEMO_STUDENT)).filter((e) =>
      e.bookId === bookId && e.groupId === groupId
    );
    assertEquals(entries.map((e) => [e.points, e.grade]), [[63, "FX"]]);
    const history = (await listAudit("transcripts", DEMO_STUDENT, { limit: 10 })).items
      .filter((a) => (a.after as { bookId?: number })?.bookId === bookId);
    assertEquals(history.map((a) => (a.after as { grade: string }).grade), ["FX", "A"]);
    const mine = await call("student", "GET", "/api/grades/mine");
    assertEquals(mine.body.rows.find((r: { sectionId: string }) => r.sectionId === section).grade, "FX");
  });

  await t.step("a submit that stopped after locking the list is finished by submitting again", async () => {
    assertEquals(
      (await call("staff", "POST", `/api/lists/${section}/unlock`, { reason: "crash drill" })).status,
      200,
    );
    // What a crash right after the lock leaves: the list submitted in a new round, no grade of that round.
    const key = ["lists", section];
    const record = (await db().get<{ round: number }>(key)).value!;
    await db().set(key, { ...record, status: "submitted", round: record.round + 1 });
    assertEquals((await sheet()).status, "submitted");
    const resumed = await call("prof", "POST", `/api/lists/${section}/submit`);
    assertEquals([resumed.status, resumed.body.published, resumed.body.round], [
      200,
      students.length,
      record.round + 1,
    ]);
    const again = await call("prof", "POST", `/api/lists/${section}/submit`);
    assertEquals([again.status, again.body.error.code], [409, "list_submitted"]);
    const { bookId, groupId } = await getSection(section);
    const entries = (await listTranscript(DEMO_STUDENT)).filter((e) =>
      e.bookId === bookId && e.groupId === groupId
    );
    assertEquals(entries.length, 1);
  });

  await t.step("the export is a spreadsheet with a row per student", async () => {
    const res = await call("prof", "GET", `/api/lists/${section}/export`);
    assertEquals(res.status, 200);
    const book = XLSX.read(res.body, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    assertEquals(rows.length, students.length + 1);
    assertStringIncludes(String(rows[0][3]), "Midterm");
    assertEquals((await call("prof", "GET", `/api/lists/${otherSection}/export`)).status, 403);
  });

  await t.step(
    "component types: add, names unique, edit, removal refused while a course uses the name",
    async () => {
      const added = await call("admin", "POST", "/api/component_types", { nameKa: "ქვიზი", nameEn: "Quiz" });
      assertEquals(added.status, 201);
      const dup = await call("admin", "POST", "/api/component_types", { nameKa: "სხვა", nameEn: "quiz" });
      assertEquals(dup.status, 409);
      const bad = await call("admin", "POST", "/api/component_types", {
        nameKa: "",
        nameEn: "x".repeat(101),
      });
      assertEquals(bad.status, 422);
      const other = await call("admin", "POST", "/api/component_types", {
        nameKa: "საველე სამუშაო",
        nameEn: "Field work",
      });
      const edited = await call("admin", "PUT", `/api/component_types/${other.body.id}`, {
        nameKa: "საველე სამუშაო",
        nameEn: "Field trip",
        versionstamp: other.body.versionstamp,
      });
      assertEquals([edited.status, edited.body.nameEn], [200, "Field trip"]);
      const inUse = await call(
        "admin",
        "DELETE",
        `/api/component_types/${added.body.id}?versionstamp=${added.body.versionstamp}`,
      );
      assertEquals([inUse.status, inUse.body.error.code], [409, "in_use"]);
      const removed = await call(
        "admin",
        "DELETE",
        `/api/component_types/${other.body.id}?versionstamp=${edited.body.versionstamp}`,
      );
      assertEquals(removed.status, 204);
      const list = await call("admin", "GET", "/api/component_types");
      const names = list.body.data.map((d: { nameEn: string }) => d.nameEn);
      assert(names.includes("Quiz") && !names.includes("Field trip"));
      const log = await call("admin", "GET", "/api/component_types/log");
      assertEquals(log.body.data.slice(0, 4).map((e: { action: string }) => e.action), [
        "remove",
        "update",
        "create",
        "create",
      ]);
      assertEquals(
        (await call("prof", "POST", "/api/component_types", { nameKa: "ა", nameEn: "b" })).status,
        403,
      );
    },
  );
});

Deno.test("course lists: staff filters by school and program; a course's absence limit", async (t) => {
  const { getHr } = await import("../services/hr/mod.ts");
  const { listAllPrograms } = await import("../services/structure/mod.ts");
  const { addProgramRestriction } = await import("../services/books/conditions.ts");
  const listed = async (query: string) =>
    ((await call("staff", "GET", `/api/lists?limit=200&${query}`)).body.data as Row[]).map((r) =>
      r.sectionId
    );
  const all = (await call("staff", "GET", "/api/lists?limit=200")).body.data as Row[];
  // A section taught by a professor of a school, whose course no program restriction names.
  let section = "";
  let bookId = 0;
  let schoolId = 0;
  for (const row of all) {
    const s = await getSection(row.sectionId);
    const school = (await getHr(s.professorHrId))?.value.schoolId ?? null;
    const conditions = (await db().get<{ programs: unknown[] }>(["book_conditions", s.bookId])).value;
    if (school !== null && !conditions?.programs.length) {
      [section, bookId, schoolId] = [row.sectionId, s.bookId, school];
      break;
    }
  }
  assert(section, "the demo has a section of a school's professor with an unrestricted course");
  const programs = await listAllPrograms();
  const ofSchool = programs.find((p) => p.schoolId === schoolId)!;
  const elsewhere = programs.find((p) => p.schoolId !== schoolId)!;

  await t.step("a school shows its professors' sections; another school does not", async () => {
    assert((await listed(`schoolId=${schoolId}`)).includes(section));
    assert(!(await listed(`schoolId=${elsewhere.schoolId}`)).includes(section));
  });

  await t.step("a program shows its school's open courses and the courses restricted to it", async () => {
    assert((await listed(`programId=${ofSchool.id}`)).includes(section));
    assert(!(await listed(`programId=${elsewhere.id}`)).includes(section));
    // Restricted to a program of another school, the course belongs to that program (and school) instead.
    await addProgramRestriction(bookId, elsewhere.id, null);
    assert((await listed(`programId=${elsewhere.id}`)).includes(section));
    assert(!(await listed(`programId=${ofSchool.id}`)).includes(section));
    assert((await listed(`schoolId=${elsewhere.schoolId}`)).includes(section));
    assert(
      (await listed(`schoolId=${elsewhere.schoolId}&programId=${elsewhere.id}`)).includes(section),
    );
  });

  await t.step("the page keeps both filters in its URL and offers the chosen school's programs", async () => {
    const res = await app.request(`/lists/list?school=${elsewhere.schoolId}&program=${elsewhere.id}`, {
      headers: { authorization: `Bearer ${tokens.get("staff")}`, cookie: "lang=en" },
    });
    assertEquals(res.status, 200);
    const html = await res.text();
    const select = (name: string) =>
      html.slice(html.indexOf(`name="${name}"`), html.indexOf("</select>", html.indexOf(`name="${name}"`)));
    const chosen = (name: string) => /<option\s+value="(\d+)"\s+selected/.exec(select(name))?.[1];
    assertEquals([chosen("school"), chosen("program")], [String(elsewhere.schoolId), String(elsewhere.id)]);
    assert(
      !new RegExp(`value="${ofSchool.id}"`).test(select("program")),
      "only the chosen school's programs",
    );
    assertStringIncludes(html, "All programs");
    const prof = await app.request("/lists/list", {
      headers: { authorization: `Bearer ${tokens.get("prof")}`, cookie: "lang=en" },
    });
    assert(!(await prof.text()).includes('name="school"'), "a professor sees their own sections only");
  });

  const limitPath = `/api/lists/absence_limits/${bookId}`;

  await t.step("the limit is 30 % until set; a professor may read it but not set it", async () => {
    const got = await call("prof", "GET", limitPath);
    assertEquals(got.status, 200);
    assertEquals(got.body, { bookId, limit: 30, isDefault: true, versionstamp: null });
    assertEquals((await call("prof", "PUT", limitPath, { limit: 20, versionstamp: null })).status, 403);
    assertEquals((await call("staff", "GET", "/api/lists/absence_limits/999999")).status, 404);
  });

  await t.step("out of range or not a whole number: 422 at the field in the request's language", async () => {
    const en = await call("staff", "PUT", limitPath, { limit: 101, versionstamp: null });
    assertEquals(en.status, 422);
    assertEquals(en.body.error.fields.limit, "Must be at most 100");
    const ka = await call("staff", "PUT", limitPath, { limit: 12.5, versionstamp: null }, "ka");
    assertEquals(ka.status, 422);
    assert(/[\u10D0-\u10FF]/.test(ka.body.error.fields.limit), ka.body.error.fields.limit);
    assertEquals((await call("staff", "GET", limitPath)).body.isDefault, true);
  });

  await t.step(
    "set with the version read; a stale version answers 409; every list of the course follows",
    async () => {
      const set = await call("staff", "PUT", limitPath, { limit: 20, versionstamp: null });
      assertEquals(set.status, 200);
      assertEquals(set.body.limit, 20);
      assertEquals(set.body.isDefault, false);
      const stale = await call("staff", "PUT", limitPath, { limit: 25, versionstamp: null });
      assertEquals(stale.status, 409);
      assertEquals(stale.body.error.code, "conflict");
      const again = await call("staff", "PUT", limitPath, { limit: 25, versionstamp: set.body.versionstamp });
      assertEquals(again.status, 200);
      assertEquals((await call("staff", "GET", `/api/lists/${section}`)).body.absenceLimit, 25);
      const audit = (await listAudit("list_absence_limits", bookId, { limit: 10 })).items;
      assertEquals(audit.map((e) => (e.after as { limit: number }).limit).sort(), [20, 25]);
    },
  );
});
