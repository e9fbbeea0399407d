import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { studentInput, writeStructure } from "../../tests/student_fixtures.ts";
import { AppError } from "../../utils/errors.ts";
import type { Grade } from "../academic/model.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { createStudent } from "./mod.ts";
import {
  addTranscriptEntry,
  gpaOf,
  gradeOf,
  gradePoint,
  listTranscript,
  rebuildTranscriptTotals,
  TRANSCRIPT_TOTALS,
  transcriptBySemester,
} from "./transcripts.ts";

Deno.test("Georgian grading scale and GPA", async (t) => {
  await t.step("points → grade at every boundary", () => {
    const cases: [number, Grade][] = [
      [100, "A"],
      [91, "A"],
      [90, "B"],
      [81, "B"],
      [80, "C"],
      [71, "C"],
      [70, "D"],
      [61, "D"],
      [60, "E"],
      [51, "E"],
      [50, "FX"],
      [41, "FX"],
      [40, "F"],
      [0, "F"],
    ];
    for (const [points, grade] of cases) assertEquals(gradeOf(points), grade, `${points} points`);
    assertEquals(["A", "B", "C", "D", "E", "FX", "F"].map((g) => gradePoint(g as Grade)), [
      4,
      3.2,
      2.4,
      1.6,
      0.8,
      0,
      0,
    ]);
  });

  await t.step("GPA is credit-weighted, rounded to 2 decimals, null without entries", () => {
    assertEquals(gpaOf([]), null);
    assertEquals(gpaOf([{ grade: "A", credits: 5 }]), 4);
    // (4.0×6 + 2.4×5 + 0×5) / 16 = 2.25
    assertEquals(
      gpaOf([{ grade: "A", credits: 6 }, { grade: "C", credits: 5 }, { grade: "FX", credits: 5 }]),
      2.25,
    );
    // (3.2×5 + 1.6×3 + 0.8×4) / 12 = 2.0
    assertEquals(
      gpaOf([{ grade: "B", credits: 5 }, { grade: "D", credits: 3 }, { grade: "E", credits: 4 }]),
      2,
    );
    // (3.2×5 + 2.4×5 + 2.4×5) / 15 = 2.6666… → 2.67
    assertEquals(
      gpaOf([{ grade: "B", credits: 5 }, { grade: "C", credits: 5 }, { grade: "C", credits: 5 }]),
      2.67,
    );
  });
});

Deno.test("transcript entries", async (t) => {
  await openDb(":memory:");
  try {
    await writeStructure();
    const student = await createStudent(studentInput(), 2);
    const add = (bookId: number, groupId: number, points: number) =>
      addTranscriptEntry({ studentId: student.id, bookId, groupId, points }, 2);

    await t.step("an entry takes its grade from the points and its credits from the course", async () => {
      const entry = await add(1, 1, 45);
      assertEquals([entry.grade, entry.credits], ["FX", 6]);
      const index = await db().get(["transcripts_by_book", 1, student.id, entry.id]);
      assertEquals(index.value, entry.id);
      assertEquals((await db().get([TRANSCRIPT_TOTALS, student.id])).value, {
        credits: 6,
        earned: 0,
        weighted10: 0,
        // Entries per grade, A … F: one FX.
        grades: [0, 0, 0, 0, 0, 1, 0],
      });
    });

    await t.step(
      "the same course twice in one semester → 409; a retake in the next one is fine",
      async () => {
        const error = await assertRejects(() => add(1, 1, 80), AppError) as AppError;
        assertEquals([error.status, error.code], [409, "duplicate"]);
        await add(1, 2, 88);
        await add(2, 2, 70);
        assertEquals((await db().get([TRANSCRIPT_TOTALS, student.id])).value, {
          credits: 17,
          earned: 11,
          weighted10: 32 * 6 + 16 * 5,
          grades: [0, 1, 0, 1, 0, 1, 0],
        });
      },
    );

    await t.step("bad points, unknown course or semester → 422, nothing written", async () => {
      for (
        const [bookId, groupId, points, field] of [[1, 1, 101, "points"], [9, 1, 50, "bookId"], [
          1,
          9,
          50,
          "groupId",
        ]] as const
      ) {
        const error = await assertRejects(() => add(bookId, groupId, points), AppError) as AppError;
        assertEquals([error.status, Object.keys(error.options.fields ?? {})], [422, [field]]);
      }
      assertEquals((await listTranscript(student.id)).length, 3);
    });

    await t.step("by semester, oldest first, with the semester's GPA", async () => {
      const semesters = await transcriptBySemester(student.id, "ka");
      assertEquals(semesters.map((s) => [s.groupId, s.entries.length, s.gpa]), [[1, 1, 0], [2, 2, 2.47]]);
      assertEquals(semesters[1].entries.map((e) => e.courseName), ["კურსი T-ECON101", "კურსი T-MATH101"]);
    });

    await t.step("totals can be rebuilt from the entries (bulk-written transcripts)", async () => {
      const before = (await db().get([TRANSCRIPT_TOTALS, student.id])).value;
      await db().delete([TRANSCRIPT_TOTALS, student.id]);
      const rebuilt = await rebuildTranscriptTotals();
      assertEquals(rebuilt.get(student.id), before);
      assertEquals((await db().get([TRANSCRIPT_TOTALS, student.id])).value, before);
    });
  } finally {
    await closeDb();
  }
});
