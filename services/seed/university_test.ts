import { assert, assertEquals } from "../../tests/assert.ts";
import type {
  Book,
  HrPerson,
  Program,
  RegistrationGroup,
  Student,
  TimetableEntry,
  TranscriptEntry,
} from "../academic/model.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { createRecord } from "../db/records.ts";
import { findByIndex, getRecord } from "../db/reads.ts";
import { normalizeStudent } from "../students/rules.ts";
import { totalsOf, type TranscriptTotals } from "../students/transcripts.ts";
import { getUser } from "../identity/users.ts";
import { seed } from "./mod.ts";
import { SUBMITTED_STUDENTS } from "./lists.ts";
import { DEMO_PROFESSOR_HR_ID } from "./university_people.ts";
import { REFERENCE_DATE, UNIVERSITY_SIZES } from "./university_sizes.ts";

async function all<T>(prefix: Deno.KvKey): Promise<Deno.KvEntry<T>[]> {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of db().list<T>({ prefix })) out.push(e);
  return out;
}

const values = async <T>(collection: string) => (await all<T>([collection])).map((e) => e.value);

async function seededSmall(): Promise<void> {
  await openDb(":memory:");
  await seed("small", () => {});
}

const startOf = (e: TimetableEntry) => e.hour * 60 + e.minute;
const overlap = (a: TimetableEntry, b: TimetableEntry) =>
  a.groupId === b.groupId && a.weekday === b.weekday && startOf(a) < startOf(b) + b.duration &&
  startOf(b) < startOf(a) + a.duration;

Deno.test("the small demo university", async (t) => {
  await seededSmall();
  try {
    const size = UNIVERSITY_SIZES.small;

    await t.step("has the sizes the small set promises, with all six levels", async () => {
      const programs = await values<Program>("programs");
      assertEquals((await values("schools")).length, size.schools);
      assertEquals(programs.length, 8);
      assertEquals([...new Set(programs.map((p) => p.level))].sort(), [1, 2, 3, 4, 5, 6]);
      const books = await values<Book>("books");
      assert(books.length >= 55 && books.length <= 70, `${books.length} courses`);
      assert(books.some((b) => b.type === 2 && b.lang !== null), "language courses");
      assertEquals((await values("students")).length, size.students);
      assertEquals((await values("auditoriums")).length, size.auditoriums);
      const hr = await values<HrPerson>("hr");
      assertEquals(hr.filter((p) => p.kind === "academic").length, size.academic);
      assertEquals(hr.filter((p) => p.kind === "administrative").length, size.administrative);
      const lessons = await values<TimetableEntry>("timetable_entries");
      assert(lessons.length >= 100 && lessons.length <= 150, `${lessons.length} lessons`);
    });

    await t.step("counters stand at the highest ids: the next record gets the next id", async () => {
      for (const collection of ["schools", "programs", "books", "hr", "students", "timetable_entries"]) {
        const entries = await all<{ id: number }>([collection]);
        const highest = Math.max(...entries.map((e) => e.key[1] as number));
        assertEquals(entries.length, highest, `${collection}: ids 1…n without gaps`);
        assertEquals((await db().get<number>(["counters", collection])).value, highest, collection);
        const next = await createRecord({
          collection,
          build: (id) => ({ id }),
          indexes: () => [],
          audit: { actor: null },
        });
        assertEquals(next.id, highest + 1, collection);
        await db().delete([collection, next.id]); // the placeholder must not disturb the steps below
      }
    });

    await t.step("unique indexes resolve to their records", async () => {
      for (const student of await values<Student>("students")) {
        const found = await findByIndex<Student>(
          "students",
          "students_by_personal_number",
          student.personalNumber,
        );
        assertEquals(found?.value.id, student.id);
      }
      for (const book of await values<Book>("books")) {
        assertEquals(
          (await findByIndex<Book>("books", "books_by_code", book.code.toLowerCase()))?.id,
          book.id,
        );
      }
      for (const person of await values<HrPerson>("hr")) {
        assertEquals((await findByIndex<HrPerson>("hr", "hr_by_email", person.email))?.id, person.id);
      }
    });

    await t.step("students pass the registry's own validation", async () => {
      for (const { id: _, userId: __, ...student } of await values<Student>("students")) {
        normalizeStudent(student, new Date(`${REFERENCE_DATE}T12:00:00Z`));
      }
    });

    await t.step("the demo accounts are linked to their records", async () => {
      const hr = await values<HrPerson>("hr");
      assertEquals(hr.slice(0, 4).map((p) => p.userId), [1, 2, 3, 4]);
      assertEquals(hr.slice(0, 4).map((p) => p.kind), [
        "administrative",
        "administrative",
        "administrative",
        "academic",
      ]);
      assertEquals([hr[1].firstNameEn, hr[1].lastNameEn], ["Mariam", "Kapanadze"]);
      assertEquals([hr[3].firstNameKa, hr[3].lastNameKa], ["ნინო", "ბერიძე"]);
      const student = (await getRecord<Student>("students", 1))!.value;
      assertEquals([student.userId, student.status, student.email], [5, "active", "student@uni.test"]);
      const program = (await getRecord<Program>("programs", student.programId))!.value;
      assertEquals(program.level, 1);
      assertEquals((await getUser(5))?.studentId, 1);
    });

    await t.step("one registration group contains the reference date", async () => {
      const groups = await values<RegistrationGroup>("registration_groups");
      const current = groups.filter((g) => g.startDate <= REFERENCE_DATE && REFERENCE_DATE <= g.endDate);
      assertEquals(current.length, 1);
      const lessons = await values<TimetableEntry>("timetable_entries");
      assert(lessons.every((e) => e.groupId === current[0].id), "small: the current semester only");
    });

    await t.step("no professor and no room holds two overlapping lessons", async () => {
      const lessons = await values<TimetableEntry>("timetable_entries");
      for (const [i, a] of lessons.entries()) {
        for (const b of lessons.slice(i + 1)) {
          if (!overlap(a, b)) continue;
          assert(a.professorHrId !== b.professorHrId, `professor clash: ${a.id} and ${b.id}`);
          assert(a.auditoriumId !== b.auditoriumId, `room clash: ${a.id} and ${b.id}`);
        }
      }
      assert(lessons.every((e) => e.hour >= 8 && startOf(e) + e.duration <= 22 * 60), "within the day");
    });

    await t.step("the demo professor teaches courses of the demo student's program", async () => {
      const student = (await getRecord<Student>("students", 1))!.value;
      const mine = (await values<TimetableEntry>("timetable_entries")).filter((e) =>
        e.professorHrId === DEMO_PROFESSOR_HR_ID
      );
      assert(mine.length >= 3, `${mine.length} lessons of the demo professor`);
      const program = (await getRecord<Program>("programs", student.programId))!.value;
      const books = await Promise.all(mine.map((e) => getRecord<Book>("books", e.bookId)));
      assert(books.every((b) => b?.value.code.startsWith("CSE-") && b.value.level === program.level));
    });

    await t.step("transcripts: indexed by course, with totals, of completed semesters only", async () => {
      const entries = await all<TranscriptEntry>(["transcripts"]);
      assert(entries.length > 400, `${entries.length} entries`);
      assertEquals((await all(["transcripts_by_book"])).length, entries.length);
      for (const { key, value } of entries.slice(0, 200)) {
        assertEquals(
          (await db().get(["transcripts_by_book", value.bookId, value.studentId, value.id])).value,
          key[2],
        );
      }
      const byStudent = Map.groupBy(entries.map((e) => e.value), (e) => e.studentId);
      for (const [studentId, mine] of byStudent) {
        assertEquals(
          (await db().get<TranscriptTotals>(["transcript_totals", studentId])).value,
          totalsOf(mine),
        );
      }
      const current = (await values<RegistrationGroup>("registration_groups"))
        .find((g) => g.startDate <= REFERENCE_DATE && REFERENCE_DATE <= g.endDate)!;
      // The semester under way has grades only where the demo professor's list was submitted (seed/lists.ts).
      const publishedNow = entries.filter((e) => e.value.groupId >= current.id).map((e) => e.value);
      assert(publishedNow.length > 0, "the submitted demo list published its grades");
      assert(
        publishedNow.every((e) => SUBMITTED_STUDENTS.includes(e.studentId) && e.groupId === current.id),
        "no other grades for the semester under way",
      );
      assert(byStudent.get(1)!.length >= 4, "the demo student has a transcript");
    });
  } finally {
    await closeDb();
  }
});

Deno.test("the demo university is the same on every run", async () => {
  const runs: { students: Student[]; transcripts: TranscriptEntry[]; lessons: TimetableEntry[] }[] = [];
  for (let run = 0; run < 2; run++) {
    await seededSmall();
    try {
      runs.push({
        students: await values<Student>("students"),
        transcripts: await values<TranscriptEntry>("transcripts"),
        lessons: await values<TimetableEntry>("timetable_entries"),
      });
    } finally {
      await closeDb();
    }
  }
  assertEquals(runs[0].students.length, UNIVERSITY_SIZES.small.students);
  assertEquals(runs[1].students, runs[0].students);
  // A submitted list's entries get their ids when published (ULIDs); all else is the generator's own.
  const withoutIds = (entries: TranscriptEntry[]) => entries.map(({ id: _, ...rest }) => rest);
  assertEquals(withoutIds(runs[1].transcripts), withoutIds(runs[0].transcripts));
  assertEquals(runs[1].lessons, runs[0].lessons);
});
