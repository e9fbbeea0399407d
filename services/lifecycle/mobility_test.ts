/**
 * Mobility on a :memory: KV: an exchange is recorded with its partner and period; a course taken there is
 * recognized as one of ours, and then is in the transcript (and its totals, so the GPA and prerequisites count
 * it) with the recognition beside it; the same course again in that semester is 409 and changes nothing.
 */
import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { AppError } from "../../utils/errors.ts";
import { listTranscript, TRANSCRIPT_TOTALS, type TranscriptTotals } from "../students/transcripts.ts";
import { addGraduate } from "./test_fixtures.ts";
import { addMobility, listMobility, recognizeCourse } from "./mobility.ts";

Deno.test("lifecycle: mobility and course recognition", async (t) => {
  await openDb(":memory:");
  try {
    const student = await addGraduate(3, 2);
    await db().set(["books", 2000], {
      id: 2000,
      name: "ევროპის ისტორია",
      nameEng: "European History",
      code: "HIS200",
      credit: 5,
    });
    let mobilityId = 0;

    await t.step("an exchange out, with partner, country and period", async () => {
      const bad = await assertRejects(
        () =>
          addMobility({
            studentId: student.id,
            direction: "out",
            partner: "",
            country: "X",
            from: "2025-02-01",
            to: "2025-01-01",
          }, 1),
        AppError,
      ) as AppError;
      assertEquals(Object.keys(bad.options.fields ?? {}).sort(), ["country", "partner", "to"]);
      const created = await addMobility({
        studentId: student.id,
        direction: "out",
        partner: "Universität Heidelberg",
        country: "de",
        from: "2025-02-01",
        to: "2025-06-30",
      }, 1);
      mobilityId = created.id;
      assertEquals((await listMobility({ studentId: student.id })).map((m) => [m.partner, m.country]), [
        ["Universität Heidelberg", "DE"],
      ]);
    });

    await t.step(
      "a recognized course is in the transcript with its totals, beside the recognition",
      async () => {
        const before = (await db().get<TranscriptTotals>([TRANSCRIPT_TOTALS, student.id])).value!;
        const recognition = await recognizeCourse(mobilityId, {
          externalCode: "GES-101",
          externalName: "Geschichte Europas",
          externalCredits: 6,
          bookId: 2000,
          groupId: 6,
          points: 93,
        }, 1);
        assertEquals([recognition.grade, recognition.credits], ["A", 5]);
        const entry = (await listTranscript(student.id)).find((e) => e.bookId === 2000)!;
        assertEquals(entry.id, recognition.transcriptEntryId);
        const after = (await db().get<TranscriptTotals>([TRANSCRIPT_TOTALS, student.id])).value!;
        assertEquals(after.credits, before.credits + 5);
        assertEquals((await listMobility())[0].recognitions.length, 1);
      },
    );

    await t.step("the same course in the same semester again is 409, and nothing changes", async () => {
      const error = await assertRejects(
        () =>
          recognizeCourse(mobilityId, {
            externalCode: "GES-102",
            externalName: "Geschichte II",
            externalCredits: 6,
            bookId: 2000,
            groupId: 6,
            points: 70,
          }, 1),
        AppError,
      ) as AppError;
      assertEquals([error.status, error.code], [409, "duplicate"]);
      assertEquals((await listMobility())[0].recognitions.length, 1);
      assertEquals((await listTranscript(student.id)).filter((e) => e.bookId === 2000).length, 1);
    });
  } finally {
    await closeDb();
  }
});
