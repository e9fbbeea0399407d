import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import type { HrPerson, Student } from "../academic/model.ts";
import { hrIndexes, studentIndexes } from "../academic/indexes.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { createRecord } from "../db/records.ts";
import { getRecord, listAudit } from "../db/reads.ts";
import {
  createProgram,
  createSchool,
  listAllPrograms,
  listAllSchools,
  type ProgramInput,
  programsBySchool,
  removeProgram,
  removeSchool,
  type SchoolInput,
  updateProgram,
  updateSchool,
} from "./mod.ts";
import { deanChoices, listPrograms, listSchools, recordHistory } from "./views.ts";

const ACTOR = 2;
const school = (code: string, more: Partial<SchoolInput> = {}): SchoolInput => ({
  nameKa: `სკოლა ${code}`,
  nameEn: `School ${code}`,
  code,
  deanHrId: null,
  ...more,
});
const program = (code: string, schoolId: number, more: Partial<ProgramInput> = {}): ProgramInput => ({
  nameKa: `პროგრამა ${code}`,
  nameEn: `Program ${code}`,
  code,
  schoolId,
  level: 1,
  credits: 240,
  language: "ka",
  status: "active",
  ...more,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => promise, AppError) as AppError;
}

async function addHr(schoolId: number | null, kind: HrPerson["kind"] = "academic") {
  return await createRecord<HrPerson>({
    collection: "hr",
    build: (id) => ({
      id,
      kind,
      firstNameKa: "ნინო",
      lastNameKa: "ბერიძე",
      firstNameEn: "Nino",
      lastNameEn: "Beridze",
      position: "Professor",
      schoolId,
      email: `p${crypto.randomUUID().slice(0, 8)}@uni.test`,
      phone: "",
      userId: null,
    }),
    indexes: hrIndexes,
    audit: { actor: null },
  });
}

async function addStudent(programId: number) {
  return await createRecord<Student>({
    collection: "students",
    build: (id) => ({
      id,
      personalNumber: String(10_000_000_000 + id),
      firstNameKa: "ლუკა",
      lastNameKa: "მამულაშვილი",
      firstNameEn: "Luka",
      lastNameEn: "Mamulashvili",
      birthDate: "2005-01-01",
      email: "",
      phone: "",
      programId,
      status: "active",
      admissionYear: 2024,
      userId: null,
    }),
    indexes: studentIndexes,
    audit: { actor: null },
  });
}

function dbTest(name: string, fn: (t: Deno.TestContext) => Promise<void>) {
  Deno.test(name, async (t) => {
    await openDb(":memory:");
    try {
      await fn(t);
    } finally {
      await closeDb();
    }
  });
}

dbTest("schools", async (t) => {
  await t.step("create trims the fields, writes the code index and an audit entry by the actor", async () => {
    const created = await createSchool(school(" BUS ", { nameKa: "  ბიზნესის სკოლა " }), ACTOR);
    assertEquals(created.value.code, "BUS");
    assertEquals(created.value.nameKa, "ბიზნესის სკოლა");
    assertEquals((await db().get(["schools_by_code", "bus"])).value, created.id);
    const audit = (await listAudit("schools", created.id)).items;
    assertEquals(audit.map((e) => [e.action, e.actor]), [["create", ACTOR]]);
  });

  await t.step("bad fields → 422 naming each one; nothing is written", async () => {
    const error = await rejection(
      createSchool({ nameKa: "", nameEn: "x".repeat(201), code: "A B", deanHrId: null }, ACTOR),
    );
    assertEquals(error.status, 422);
    assertEquals(error.options.fields, {
      nameKa: { key: "errors.required" },
      nameEn: { key: "errors.tooLong", params: { max: 200 } },
      code: { key: "errors.invalidFormat" },
    });
    assertEquals((await rejection(createSchool(school("C".repeat(21)), ACTOR))).options.fields?.code, {
      key: "errors.tooLong",
      params: { max: 20 },
    });
    assertEquals((await listAllSchools()).map((s) => s.code), ["BUS"]);
  });

  await t.step("a duplicate code, in any case → 409 duplicate on `code`", async () => {
    const error = await rejection(createSchool(school("bus"), ACTOR));
    assertEquals([error.status, error.code], [409, "duplicate"]);
    assertEquals(Object.keys(error.options.fields ?? {}), ["code"]);
  });

  await t.step("the dean must be an existing HR record", async () => {
    const error = await rejection(createSchool(school("LAW", { deanHrId: 999 }), ACTOR));
    assertEquals(error.options.fields, { deanHrId: { key: "errors.unknownDean" } });
    const dean = await addHr(null);
    const law = await createSchool(school("LAW", { deanHrId: dean.id }), ACTOR);
    const listed = await listSchools({ text: "law" });
    assertEquals(listed.total, 1);
    assertEquals(listed.data[0].deanNameEn, "Nino Beridze");
    assertEquals(listed.data[0].id, law.id);
    assertEquals((await deanChoices()).map((d) => d.id), [dean.id]);
  });

  await t.step(
    "edit: changes the code index; a stale versionstamp → 409 conflict, nothing changed",
    async () => {
      const law = (await listSchools({ text: "LAW" })).data[0];
      const saved = await updateSchool(law.id, school("LAW2"), ACTOR, law.versionstamp);
      assertEquals((await db().get(["schools_by_code", "law"])).versionstamp, null);
      assertEquals((await db().get(["schools_by_code", "law2"])).value, law.id);
      const error = await rejection(updateSchool(law.id, school("LAW3"), ACTOR, law.versionstamp));
      assertEquals([error.status, error.code, error.messageKey], [409, "conflict", "errors.editConflict"]);
      assertEquals((await getRecord("schools", law.id))?.versionstamp, saved.versionstamp);
      const taken = await rejection(updateSchool(law.id, school("Bus"), ACTOR, saved.versionstamp));
      assertEquals(taken.code, "duplicate");
    },
  );

  await t.step("list: text matches code and both names, pages by code", async () => {
    for (const code of ["MED", "ART", "ENG"]) await createSchool(school(code), ACTOR);
    assertEquals((await listSchools({ text: "School m" })).data.map((s) => s.code), ["MED"]);
    assertEquals((await listSchools({ text: "სკოლა E" })).data.map((s) => s.code), ["ENG"]);
    const page2 = await listSchools({ page: 2, limit: 2 });
    assertEquals([page2.total, page2.data.map((s) => s.code)], [5, ["ENG", "LAW2"]]);
  });
});

dbTest("programs and removal", async (t) => {
  const bus = await createSchool(school("BUS"), ACTOR);
  const law = await createSchool(school("LAW"), ACTOR);

  await t.step("the school must exist; level, credits, language and status are checked", async () => {
    const unknown = await rejection(createProgram(program("P1", 99), ACTOR));
    assertEquals(unknown.options.fields, { schoolId: { key: "errors.unknownSchool" } });
    const bad = await rejection(
      createProgram(
        {
          ...program("P1", bus.id),
          level: 7,
          credits: 601,
          language: "es",
          status: "open",
        } as unknown as ProgramInput,
        ACTOR,
      ),
    );
    assertEquals(Object.keys(bad.options.fields ?? {}).sort(), ["credits", "language", "level", "status"]);
    const fraction = await rejection(createProgram(program("P1", bus.id, { credits: 1.5 }), ACTOR));
    assertEquals(fraction.options.fields?.credits, { key: "errors.invalidType" });
    assertEquals(await listAllPrograms(), []);
  });

  await t.step("create, filter and move between schools", async () => {
    const p1 = await createProgram(program("BBA", bus.id), ACTOR);
    await createProgram(program("MBA", bus.id, { level: 2, credits: 120, status: "closed" }), ACTOR);
    const duplicate = await rejection(createProgram(program("bba", law.id), ACTOR));
    assertEquals(duplicate.code, "duplicate");
    assertEquals((await programsBySchool(bus.id)).map((p) => p.code), ["BBA", "MBA"]);
    assertEquals((await listPrograms({ level: 2 })).data.map((p) => p.code), ["MBA"]);
    assertEquals((await listPrograms({ status: "active", schoolId: bus.id })).total, 1);
    assertEquals((await listPrograms({ text: "bba" })).data[0].schoolCode, "BUS");
    await updateProgram(p1.id, program("BBA", law.id), ACTOR, p1.versionstamp);
    assertEquals((await programsBySchool(law.id)).map((p) => p.code), ["BBA"]);
    assertEquals((await listSchools({ text: "BUS" })).data[0].programCount, 1);
  });

  await t.step("a school with programs is not removed: 409 in_use naming them, nothing changed", async () => {
    const before = await getRecord("schools", law.id);
    const error = await rejection(removeSchool(law.id, ACTOR));
    assertEquals([error.status, error.code, error.messageKey], [409, "in_use", "errors.schoolInUsePrograms"]);
    assertEquals(error.options.params, { count: 1 });
    assertEquals((await getRecord("schools", law.id))?.versionstamp, before?.versionstamp);
    assertEquals((await listAudit("schools", law.id)).items.length, 1);
  });

  await t.step("a program with students, and a school with personnel, are not removed", async () => {
    const [bba] = await programsBySchool(law.id);
    const student = await addStudent(bba.id);
    const error = await rejection(removeProgram(bba.id, ACTOR));
    assertEquals([error.code, error.messageKey, error.options.params], [
      "in_use",
      "errors.programInUseStudents",
      { count: 1 },
    ]);
    assert(await getRecord("programs", bba.id));
    await addHr(law.id, "administrative");
    const both = await rejection(removeSchool(law.id, ACTOR));
    assertEquals([both.messageKey, both.options.params], ["errors.schoolInUseBoth", {
      programs: 1,
      staff: 1,
    }]);
    await db().delete(["students", student.id]);
    await db().delete(["students_by_program", bba.id, student.id]);
  });

  await t.step("removal once free: record and indexes gone, audit entry written", async () => {
    const [bba] = await programsBySchool(law.id);
    await removeProgram(bba.id, ACTOR);
    assertEquals(await getRecord("programs", bba.id), null);
    assertEquals((await db().get(["programs_by_code", "bba"])).versionstamp, null);
    const history = await recordHistory("programs", bba.id, "en");
    assertEquals(history.map((e) => e.action), ["remove", "update", "create"]);
    assertEquals(history[0].actor, ACTOR);
    const staffOnly = await rejection(removeSchool(law.id, ACTOR));
    assertEquals(staffOnly.messageKey, "errors.schoolInUseStaff");
    const [mba] = await programsBySchool(bus.id);
    await removeProgram(mba.id, ACTOR);
    const current = await getRecord("schools", bus.id);
    await rejection(removeSchool(bus.id, ACTOR, "00000000000000000000"));
    await removeSchool(bus.id, ACTOR, current!.versionstamp);
    assertEquals((await listAllSchools()).map((s) => s.code), ["LAW"]);
    assertEquals((await db().get(["schools_by_code", "bus"])).versionstamp, null);
  });

  await t.step("history of a record that never existed → 404", async () => {
    assertEquals((await rejection(recordHistory("schools", 12345, "ka"))).status, 404);
  });
});

dbTest("a removal racing a new program never leaves an orphan", async () => {
  for (let round = 0; round < 20; round++) {
    const target = await createSchool(school(`R${round}`), ACTOR);
    const [removed, created] = await Promise.allSettled([
      removeSchool(target.id, ACTOR),
      createProgram(program(`RP${round}`, target.id), ACTOR),
    ]);
    const schoolGone = (await getRecord("schools", target.id)) === null;
    const programs = await programsBySchool(target.id);
    assertEquals(
      [removed.status === "fulfilled", created.status === "fulfilled"],
      [schoolGone, programs.length === 1],
    );
    assert(!(schoolGone && programs.length > 0), `round ${round}: program of a removed school`);
  }
});
