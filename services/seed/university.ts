/**
 * Seed part "university": the academic core of the demo university — schools, programs, courses, personnel,
 * semesters, rooms, students with transcripts, and timetables — generated deterministically from the seed's
 * `Random` and written in bulk with the same keys and indexes the services write (academic/indexes.ts).
 *
 * Links to the demo accounts (accounts.ts, which runs first): HR records 1–4 are users 1–4 (administrator,
 * registrar, the professor's administrative account, the professor), and student 1, Luka Mamulashvili, is
 * user 5 (student@uni.test), a Computer Science bachelor student in the fifth semester.
 */
import {
  auditoriumIndexes,
  bookIndexes,
  groupIndexes,
  hrIndexes,
  programIndexes,
  schoolIndexes,
  studentIndexes,
  timetableIndexes,
  transcriptByBookKey,
} from "../academic/indexes.ts";
import type { TranscriptEntry } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { type IndexSpec, recordEntries, reserveIds } from "../db/records.ts";
import { STUDENTS_VERSION_KEY, versionSeq } from "../students/version.ts";
import { transcriptTotalsEntry } from "../students/transcripts.ts";
import { updateUser } from "../identity/users.ts";
import { BulkWriter } from "./bulk_writer.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
import { fork } from "./sampling.ts";
import {
  buildPersonnel,
  buildStudents,
  DEMO_PROFESSOR_HR_ID,
  DEMO_STUDENT_USER_ID,
  transcripts,
} from "./university_people.ts";
import { CURRENT_ACADEMIC_YEAR, UNIVERSITY_SIZES } from "./university_sizes.ts";
import { buildStructure } from "./university_structure.ts";
import { buildTimetable } from "./university_timetable.ts";

export const universitySeed: SeedPart = {
  name: "university",
  async run(ctx) {
    await seedUniversity(ctx);
  },
};

export interface UniversityCounts {
  schools: number;
  programs: number;
  books: number;
  hr: number;
  registration_groups: number;
  auditoriums: number;
  students: number;
  transcripts: number;
  timetable_entries: number;
}

export async function seedUniversity(ctx: SeedContext): Promise<UniversityCounts> {
  const size = UNIVERSITY_SIZES[ctx.size];
  const started = performance.now();
  // One generator per part of the data, forked in a fixed order: the output depends only on the seed.
  const forks = [1, 2, 3, 4, 5].map((salt) => fork(ctx.random, salt));
  const [structureRandom, peopleRandom, studentRandom, timetableRandom, transcriptRandom] = forks;
  const structure = buildStructure(size, structureRandom);
  const people = buildPersonnel(size, structure, peopleRandom);
  const enrolled = buildStudents(size, structure, studentRandom);

  // The demo student's program, its current (fifth) semester first, is what the demo professor teaches.
  const demo = enrolled.students[0];
  const demoProgram = structure.programs[demo.programId - 1];
  const semesters = structure.curricula.get(demoProgram.id) ?? [];
  const current = (CURRENT_ACADEMIC_YEAR - demo.admissionYear) * 2;
  const featuredBooks = [current, ...semesters.keys()].filter((s) => s % 2 === 0 && s < semesters.length)
    .flatMap((s) => semesters[s]);
  const timetable = buildTimetable(size, {
    structure,
    professorsBySchool: people.professorsBySchool,
    featured: {
      schoolId: demoProgram.schoolId,
      professorHrId: DEMO_PROFESSOR_HR_ID,
      bookIds: [...new Set(featuredBooks)],
    },
  }, timetableRandom);
  const generated = performance.now();

  const collections: [string, { id: number }[], (value: never) => IndexSpec[]][] = [
    ["schools", structure.schools, schoolIndexes],
    ["programs", structure.programs, programIndexes],
    ["books", structure.books, bookIndexes],
    ["hr", people.hr, hrIndexes],
    ["registration_groups", structure.groups, groupIndexes],
    ["auditoriums", structure.auditoriums, auditoriumIndexes],
    ["students", enrolled.students, studentIndexes],
    ["timetable_entries", timetable, timetableIndexes],
  ];
  // Every record's id is its position: the demo links (HR 1–4, student 1) need the collections empty.
  for (const [name, records] of collections) {
    const first = await reserveIds(name, records.length);
    if (first !== 1) {
      throw new Error(
        `the demo university needs an empty "${name}" collection; it already holds ${first - 1} ids`,
      );
    }
  }

  const writer = new BulkWriter();
  for (const [name, records, indexes] of collections) {
    await writer.write(entriesOf(name, records, indexes as (value: { id: number }) => IndexSpec[]));
  }
  // Each student's entries come together: the student's totals (for the GPA in lists) follow them. The course
  // index is written after all entries, sorted by its key: SQLite then appends to its B-tree instead of
  // touching pages all over it in every commit, which makes the large seed several times faster.
  const byBook: [number, number, string][] = [];
  await writer.write((function* () {
    let mine: TranscriptEntry[] = [];
    for (const entry of transcripts(structure, enrolled, transcriptRandom)) {
      if (mine.length && mine[0].studentId !== entry.studentId) {
        yield transcriptTotalsEntry(mine[0].studentId, mine);
        mine = [];
      }
      mine.push(entry);
      byBook.push([entry.bookId, entry.studentId, entry.id]);
      yield [["transcripts", entry.studentId, entry.id], entry] as const;
    }
    if (mine.length) yield transcriptTotalsEntry(mine[0].studentId, mine);
  })());
  const transcriptCount = byBook.length;
  byBook.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
  await writer.write((function* () {
    for (const [bookId, studentId, entryId] of byBook) {
      yield [transcriptByBookKey(bookId, studentId, entryId), entryId] as const;
    }
  })());
  await writer.close();
  // Moving the version without a change-log entry makes every students snapshot reload in full.
  const version = await db().get(STUDENTS_VERSION_KEY);
  await db().set(STUDENTS_VERSION_KEY, versionSeq(version) + 1);
  await updateUser(DEMO_STUDENT_USER_ID, (user) => ({ ...user, studentId: demo.id }), null);

  const counts: UniversityCounts = {
    schools: structure.schools.length,
    programs: structure.programs.length,
    books: structure.books.length,
    hr: people.hr.length,
    registration_groups: structure.groups.length,
    auditoriums: structure.auditoriums.length,
    students: enrolled.students.length,
    transcripts: transcriptCount,
    timetable_entries: timetable.length,
  };
  ctx.log(
    `university (${ctx.size}): ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ")}; ` +
      `generated in ${Math.round(generated - started)} ms, ${writer.mutations} writes in ${writer.commits} ` +
      `atomics in ${Math.round(performance.now() - generated)} ms`,
  );
  return counts;
}

function* entriesOf<T extends { id: number }>(
  collection: string,
  records: T[],
  indexes: (value: T) => IndexSpec[],
): Generator<[Deno.KvKey, unknown]> {
  for (const record of records) yield* recordEntries(collection, record.id, record, indexes(record));
}
