import { assertEquals } from "../../tests/assert.ts";
import { studentInput, writeStructure } from "../../tests/student_fixtures.ts";
import type { Student } from "../academic/model.ts";
import { studentIndexes } from "../academic/indexes.ts";
import { bulkSet, closeDb, db, openDb } from "../db/kv.ts";
import { recordEntries, reserveIds } from "../db/records.ts";
import { findStudents, type StudentFilter } from "./list_index.ts";
import { createStudent, updateStudent } from "./mod.ts";
import { bumpStudentsVersion, STUDENTS_VERSION_KEY } from "./version.ts";
import { addTranscriptEntry } from "./transcripts.ts";

const ids = async (filter: StudentFilter, page = 1, limit = 100) =>
  (await findStudents(filter, { page, limit })).rows.map((r) => r.id);

/** A student record written straight into KV, as another process or a bulk import would. */
const direct = (id: number, more: Partial<Student> = {}): Student => ({
  id,
  ...studentInput({ personalNumber: String(70000000000 + id), email: `s${id}@uni.test` }),
  userId: null,
  ...more,
});

Deno.test("students snapshot", async (t) => {
  await openDb(":memory:");
  try {
    await writeStructure();
    const people: Partial<Parameters<typeof studentInput>[0]>[] = [
      { firstNameKa: "ნინო", lastNameKa: "ბერიძე", firstNameEn: "Nino", lastNameEn: "Beridze" },
      {
        firstNameKa: "გიორგი",
        lastNameKa: "კაპანაძე",
        firstNameEn: "Giorgi",
        lastNameEn: "Kapanadze",
        programId: 2,
      },
      {
        firstNameKa: "ანა",
        lastNameKa: "ბერიძე",
        firstNameEn: "Ana",
        lastNameEn: "Beridze",
        admissionYear: 2023,
      },
      {
        firstNameKa: "ლევანი",
        lastNameKa: "გელაშვილი",
        firstNameEn: "Levan",
        lastNameEn: "Gelashvili",
        status: "graduated",
      },
      {
        firstNameKa: "მარიამ",
        lastNameKa: "ჯაფარიძე",
        firstNameEn: "Mariam",
        lastNameEn: "Japaridze",
        programId: 2,
      },
    ];
    for (const [i, more] of people.entries()) {
      await createStudent(
        studentInput({ personalNumber: `0100101234${i}`, email: `p${i}@uni.test`, ...more }),
        2,
      );
    }

    await t.step("newest first; text matches id, personal number and names in both scripts", async () => {
      assertEquals(await ids({}), [5, 4, 3, 2, 1]);
      assertEquals(await ids({ text: "ბერიძე" }), [3, 1]);
      assertEquals(await ids({ text: "  BERIDZE  nino " }), [1]);
      assertEquals(await ids({ text: "nino beridze" }), [1]);
      assertEquals(await ids({ text: "01001012344" }), [5]);
      assertEquals(await ids({ text: "4" }), [5, 4, 3, 2, 1], "every personal number holds a 4");
      assertEquals(await ids({ text: "kapanadze giorgi" }), [2]);
      assertEquals(await ids({ text: "nobody" }), []);
    });

    await t.step("school, program, status and admission year, alone and combined", async () => {
      assertEquals(await ids({ schoolId: 2 }), [5, 2]);
      assertEquals(await ids({ programId: 1 }), [4, 3, 1]);
      assertEquals(await ids({ status: "graduated" }), [4]);
      assertEquals(await ids({ admissionYear: 2023 }), [3]);
      assertEquals(await ids({ schoolId: 1, text: "beridze", admissionYear: 2022 }), [1]);
      assertEquals(await ids({ schoolId: 2, status: "graduated" }), []);
    });

    await t.step("paging counts every match and returns one page", async () => {
      const page2 = await findStudents({}, { page: 2, limit: 2 });
      assertEquals([page2.total, page2.rows.map((r) => r.id)], [5, [3, 2]]);
      assertEquals(await ids({}, 4, 2), []);
      assertEquals((await findStudents({})).rows.length, 5, "no paging: every match (export)");
      assertEquals((await findStudents({})).admissionYears, [2023, 2022]);
    });

    await t.step("never stale after a write in this process", async () => {
      const before = (await findStudents({ text: "ნინო" }, { page: 1, limit: 1 })).rows[0];
      const record = await db().get<Student>(["students", 1]);
      await updateStudent(
        1,
        { ...studentInput(), personalNumber: "01001012340", status: "withdrawn" },
        2,
        record.versionstamp!,
      );
      assertEquals(await ids({ status: "withdrawn" }), [1]);
      const added = await createStudent(
        studentInput({ personalNumber: "01001012355", lastNameEn: "Newcomer" }),
        2,
      );
      assertEquals(await ids({ text: "newcomer" }), [added.id]);
      assertEquals(before.gpa, null);
      await addTranscriptEntry({ studentId: 1, bookId: 1, groupId: 1, points: 85 }, 2);
      const after = (await findStudents({ text: "01001012340" })).rows[0];
      assertEquals([after.gpa, after.credits], [3.2, 6]);
    });

    await t.step("another writer's change is read after its version bump, and not before", async () => {
      await reserveIds("students", 2);
      const [a, b] = [direct(7, { lastNameEn: "Quiet" }), direct(8, { lastNameEn: "Logged" })];
      await bulkSet(recordEntries("students", a.id, a, studentIndexes(a)));
      assertEquals(await ids({ text: "quiet" }), [], "served from the snapshot: no bump, no change");
      await bulkSet(recordEntries("students", b.id, b, studentIndexes(b)));
      await bumpStudentsVersion([b.id]);
      assertEquals(await ids({ text: "logged" }), [8], "the change log names 8");
      assertEquals(await ids({ text: "quiet" }), [], "…and only 8: the reload was partial");
      // A bulk writer that cannot name what it changed sets the key to anything: a full reload follows.
      await db().set(STUDENTS_VERSION_KEY, "seeded");
      assertEquals(await ids({ text: "quiet" }), [7]);
      await db().delete(["students", 8]);
      await bumpStudentsVersion([8]);
      assertEquals(await ids({ text: "logged" }), [], "a removed student leaves the list");
    });

    await t.step("a new KV is never served from the old one's snapshot", async () => {
      await closeDb();
      await openDb(":memory:");
      assertEquals((await findStudents({})).total, 0);
    });
  } finally {
    await closeDb();
  }
});

// How fast the snapshot filters 20,000 students is measured by the benchmark (bench/academic.ts), not here.
Deno.test("students snapshot: 20,000 students written straight into KV", async (t) => {
  await openDb(":memory:");
  try {
    await writeStructure();
    const count = 20_000;
    await reserveIds("students", count);
    const statuses = ["active", "suspended", "graduated", "withdrawn"] as const;
    await bulkSet((function* () {
      for (let id = 1; id <= count; id++) {
        const s = direct(id, {
          programId: 1 + (id % 3),
          status: statuses[id % 4],
          admissionYear: 2015 + (id % 10),
          lastNameEn: `Student${id}`,
        });
        yield* recordEntries("students", id, s, studentIndexes(s));
      }
    })());

    await t.step("every one is listed, and a name part finds its students", async () => {
      assertEquals((await findStudents({})).total, count);
      // student1234 and student12340 … student12349
      assertEquals((await findStudents({ text: "student1234" }, { page: 1, limit: 15 })).total, 11);
    });

    await t.step("choices combine: program 1 and graduated is every twelfth id from 6", async () => {
      const found = await findStudents({ programId: 1, status: "graduated" }, { page: 1, limit: 15 });
      assertEquals(found.total, 1667);
      assertEquals(found.rows.map((r) => r.id % 12), new Array(15).fill(6));
    });

    await t.step("pages of 15 do not overlap", async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => ids({ status: "active" }, page, 15)));
      assertEquals(pages.map((p) => p.length), [15, 15, 15]);
      assertEquals(new Set(pages.flat()).size, 45);
    });
  } finally {
    await closeDb();
  }
});
