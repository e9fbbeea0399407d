import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { studentInput, writeStructure } from "../../tests/student_fixtures.ts";
import { AppError } from "../../utils/errors.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { normalizeStudent, type StudentInput } from "./rules.ts";
import { createStudent, studentHistory, studentProfile, updateStudent } from "./mod.ts";
import { addTranscriptEntry } from "./transcripts.ts";

const ACTOR = 2;
const TODAY = new Date("2026-03-01T00:00:00Z");

/** The field errors of a refused input, as { field: i18n key }. */
function refusal(input: Partial<StudentInput>): Record<string, string> {
  try {
    normalizeStudent(studentInput(input), TODAY);
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 422) throw e;
    return Object.fromEntries(Object.entries(e.options.fields ?? {}).map(([k, v]) => [k, v.key]));
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => promise, AppError) as AppError;
}

Deno.test("student validation", async (t) => {
  await t.step("a valid student passes, trimmed, email lowercased, phone without spaces", () => {
    const ok = normalizeStudent(
      studentInput({ firstNameKa: "  ანა-მარია ", email: "Nino@Uni.Test", phone: "+995 555 12 34 56" }),
      TODAY,
    );
    assertEquals([ok.firstNameKa, ok.email, ok.phone], ["ანა-მარია", "nino@uni.test", "+995555123456"]);
    assertEquals(normalizeStudent(studentInput({ phone: "" }), TODAY).phone, "");
  });

  await t.step("personal numbers: exactly 11 digits", () => {
    for (const bad of ["0100101234", "010010123456", "0100101234a", "ABCDEFGHIJK", "0100-101234"]) {
      assertEquals(refusal({ personalNumber: bad }), { personalNumber: "errors.personalNumber" }, bad);
    }
    assertEquals(refusal({ personalNumber: " " }), { personalNumber: "errors.required" });
  });

  await t.step("Georgian names in Georgian letters, Latin names in Latin letters", () => {
    assertEquals(refusal({ firstNameKa: "Nino" }), { firstNameKa: "errors.georgianLetters" });
    assertEquals(refusal({ lastNameKa: "ბერიძე2" }), { lastNameKa: "errors.georgianLetters" });
    assertEquals(refusal({ firstNameEn: "ნინო" }), { firstNameEn: "errors.latinLetters" });
    assertEquals(refusal({ lastNameEn: "Beridze!" }), { lastNameEn: "errors.latinLetters" });
    assertEquals(refusal({ lastNameEn: "ა".repeat(61) }), { lastNameEn: "errors.tooLong" });
    // A leading hyphen is no name (and would read as a formula in a spreadsheet).
    assertEquals(refusal({ firstNameKa: "-ნინო" }), { firstNameKa: "errors.georgianLetters" });
    assertEquals(refusal({ firstNameEn: "-Nino" }), { firstNameEn: "errors.latinLetters" });
    assertEquals(normalizeStudent(studentInput({ firstNameKa: "ა" }), TODAY).firstNameKa, "ა");
    assertEquals(
      normalizeStudent(studentInput({ lastNameEn: "O'Neil-Smith" }), TODAY).lastNameEn,
      "O'Neil-Smith",
    );
  });

  await t.step("dates, age at admission, email, phone, status and year", () => {
    assertEquals(refusal({ birthDate: "2004-02-30" }), { birthDate: "errors.invalidDate" });
    assertEquals(refusal({ birthDate: "17-05-2004" }), { birthDate: "errors.invalidDate" });
    // 14 on 1 September of the admission year: too young.
    assertEquals(refusal({ birthDate: "2008-09-02", admissionYear: 2022 }), {
      birthDate: "errors.admissionAge",
    });
    assertEquals(
      normalizeStudent(studentInput({ birthDate: "2007-09-01", admissionYear: 2022 }), TODAY).birthDate,
      "2007-09-01",
    );
    assertEquals(refusal({ email: "nino@" }), { email: "errors.email" });
    assertEquals(refusal({ phone: "555123456" }), { phone: "errors.phone" });
    assertEquals(refusal({ status: "expelled" as StudentInput["status"] }), {
      status: "errors.invalidChoice",
    });
    assertEquals(refusal({ admissionYear: 1989 }), { admissionYear: "errors.tooSmall" });
    assertEquals(refusal({ admissionYear: 2028 }), { admissionYear: "errors.tooBig" });
    assertEquals(normalizeStudent(studentInput({ admissionYear: 2027 }), TODAY).admissionYear, 2027);
  });
});

Deno.test("students service", async (t) => {
  await openDb(":memory:");
  try {
    await writeStructure();
    const first = await createStudent(studentInput(), ACTOR);

    await t.step("create stores the student with no account and an audit entry", async () => {
      assertEquals(first.id, 1);
      assertEquals(first.value.userId, null);
      const history = await studentHistory(first.id, "en");
      assertEquals(history.map((h) => [h.action, h.subject, h.actor]), [["create", "student", ACTOR]]);
    });

    await t.step("a duplicate personal number → 409 duplicate on personalNumber", async () => {
      const error = await rejection(createStudent(studentInput({ email: "other@uni.test" }), ACTOR));
      assertEquals([error.status, error.code], [409, "duplicate"]);
      assertEquals(Object.keys(error.options.fields ?? {}), ["personalNumber"]);
    });

    await t.step("an unknown program → 422 unknownProgram; a closed one takes no newcomers", async () => {
      const unknown = await rejection(
        createStudent(studentInput({ personalNumber: "01001012346", programId: 99 }), ACTOR),
      );
      assertEquals([unknown.status, unknown.options.fields?.programId.key], [422, "errors.unknownProgram"]);
      const closed = await rejection(
        createStudent(studentInput({ personalNumber: "01001012346", programId: 3 }), ACTOR),
      );
      assertEquals(closed.options.fields?.programId.key, "errors.programClosed");
    });

    await t.step("edit with the shown versionstamp; a stale one → 409 conflict", async () => {
      const saved = await updateStudent(
        first.id,
        studentInput({ status: "suspended" }),
        ACTOR,
        first.versionstamp,
      );
      assertEquals(saved.value.status, "suspended");
      const stale = await rejection(updateStudent(first.id, studentInput(), ACTOR, first.versionstamp));
      assertEquals([stale.status, stale.code], [409, "conflict"]);
      const history = await studentHistory(first.id, "en");
      assertEquals(history.map((h) => h.action), ["update", "create"]);
      assertEquals((history[0].before as { status: string }).status, "active");
    });

    await t.step("a second student cannot take the first one's personal number by editing", async () => {
      const second = await createStudent(studentInput({ personalNumber: "01001012399" }), ACTOR);
      const error = await rejection(updateStudent(second.id, studentInput(), ACTOR, second.versionstamp));
      assertEquals([error.status, Object.keys(error.options.fields ?? {})], [409, ["personalNumber"]]);
    });

    await t.step("the profile holds program, school, transcript by semester and GPA", async () => {
      await addTranscriptEntry({ studentId: first.id, bookId: 1, groupId: 2, points: 95 }, ACTOR);
      await addTranscriptEntry({ studentId: first.id, bookId: 2, groupId: 1, points: 75 }, ACTOR);
      const profile = (await studentProfile(first.id, "en"))!;
      assertEquals([profile.program?.code, profile.school?.code], ["T-BBA", "T-BUS"]);
      assertEquals(profile.semesters.map((s) => [s.seasonYear, s.entries.map((e) => e.courseCode)]), [
        ["2024-2025 autumn", ["T-ECON101"]],
        ["2024-2025 spring", ["T-MATH101"]],
      ]);
      // (4.0 × 6 + 2.4 × 5) / 11 = 3.2727…
      assertEquals([profile.gpa, profile.credits, profile.earned], [3.27, 11, 11]);
      const history = await studentHistory(first.id, "en");
      assertEquals(history.slice(0, 2).map((h) => h.subject), ["transcript", "transcript"]);
      assert(await studentProfile(999, "en") === null);
    });

    await t.step("every write advanced the students' version", async () => {
      // 2 creates, 1 edit, 2 transcript entries.
      assertEquals((await db().get(["meta", "students_version"])).value, 5);
    });
  } finally {
    await closeDb();
  }
});
