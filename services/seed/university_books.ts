/**
 * Seed part "university_books": the data of the course dialogs for the demo courses (after "university",
 * which writes the courses) — prerequisite groups on later courses of each school and level, a few
 * anti-conditions, GPA limits and program restrictions, professors with prices, and assessment components —
 * with the course list's flags (books/flags.ts). Written in bulk, one value per course and dialog, exactly as
 * the dialogs store them; there is no audit for generated data.
 */
import type { Book, HrPerson, Program, School } from "../academic/model.ts";
import type { BookComponent } from "../books/components.ts";
import type { BookConditions, ConditionGroup } from "../books/conditions.ts";
import { BOOK_FLAGS, BOOK_FLAGS_VERSION_KEY, type BookFlags } from "../books/flags.ts";
import type { BookProfessor } from "../books/professors.ts";
import { db } from "../db/kv.ts";
import { BulkWriter } from "./bulk_writer.ts";
import type { SeedContext, SeedPart } from "./mod.ts";
import { Random } from "./random.ts";
import { shuffle } from "./sampling.ts";
import { REFERENCE_DATE } from "./university_sizes.ts";

export const universityBooksSeed: SeedPart = {
  name: "university_books",
  async run(ctx) {
    await seedBookDialogs(ctx);
  },
};

type Parts = [string, string, number, number][];
/** Assessment schemes: [Georgian name, English name, weight, minimum score]; each totals 100. */
const COMPONENT_SCHEMES: Parts[] = [
  [
    ["დასწრება და აქტივობა", "Attendance and activity", 10, 0],
    ["შუალედური გამოცდა", "Midterm exam", 30, 11],
    ["ქვიზები", "Quizzes", 20, 0],
    ["დასკვნითი გამოცდა", "Final exam", 40, 20],
  ],
  [
    ["პრაქტიკული დავალებები", "Practical assignments", 30, 10],
    ["პროექტი", "Project", 30, 12],
    ["დასკვნითი გამოცდა", "Final exam", 40, 20],
  ],
  [
    ["სემინარი", "Seminar work", 20, 5],
    ["პრეზენტაცია", "Presentation", 20, 5],
    ["შუალედური გამოცდა", "Midterm exam", 20, 8],
    ["დასკვნითი გამოცდა", "Final exam", 40, 20],
  ],
  [
    ["ლაბორატორიული სამუშაოები", "Laboratory work", 40, 15],
    ["დასკვნითი გამოცდა", "Final exam", 60, 30],
  ],
];

const AT = `${REFERENCE_DATE}T09:00:00.000Z`;

export interface BookDialogCounts {
  conditions: number;
  professors: number;
  components: number;
}

export async function seedBookDialogs(ctx: SeedContext): Promise<BookDialogCounts> {
  // A generator of its own: this part neither depends on nor shifts the draws of the parts after it.
  const random = new Random(11_2026);
  const [books, programs, schools, hr] = await Promise.all([
    readAll<Book>("books"),
    readAll<Program>("programs"),
    readAll<School>("schools"),
    readAll<HrPerson>("hr"),
  ]);
  const schoolByCode = new Map(schools.map((s) => [s.code, s.id]));
  const academic = hr.filter((p) => p.kind === "academic");
  const bySchool = new Map<number | null, HrPerson[]>();
  for (const p of academic) bySchool.set(p.schoolId, [...(bySchool.get(p.schoolId) ?? []), p]);

  // Courses of one school and level share a code prefix ("CSE-1"); sorted by code they follow the curriculum.
  const tracks = new Map<string, Book[]>();
  for (const book of books) {
    const prefix = book.code.replace(/\d+$/, "");
    tracks.set(prefix, [...(tracks.get(prefix) ?? []), book]);
  }
  const flags = new Map<number, BookFlags>();
  const flag = (id: number) =>
    flags.get(id) ?? flags.set(id, { conditionStatus: 0, componentCount: 0 }).get(id)!;
  const entries: [Deno.KvKey, unknown][] = [];
  const counts: BookDialogCounts = { conditions: 0, professors: 0, components: 0 };

  for (const [prefix, track] of tracks) {
    track.sort((a, b) => a.code.localeCompare(b.code));
    const schoolId = schoolByCode.get(prefix.split("-")[0]) ?? null;
    const level = track[0].level;
    const levelPrograms = programs.filter((p) => p.schoolId === schoolId && p.level === level);
    for (const [i, book] of track.entries()) {
      const conditions = conditionsFor(book, track, i, levelPrograms, random);
      if (conditions) {
        entries.push([["book_conditions", book.id], conditions]);
        flag(book.id).conditionStatus = 1;
        counts.conditions++;
      }
      if (random.next() < 0.35) {
        const pool = bySchool.get(schoolId)?.length ? bySchool.get(schoolId)! : academic;
        const rows = professorsFor(book, pool, random);
        if (rows.length) {
          entries.push([["book_professors", book.id], { rows, nextId: rows.length + 1 }]);
          counts.professors++;
        }
      }
      if (random.next() < 0.5) {
        const scheme = random.pick(COMPONENT_SCHEMES);
        const items: BookComponent[] = scheme.map(([nameKa, nameEn, weight, minScore], n) => ({
          id: n + 1,
          nameKa,
          nameEn,
          weight,
          minScore,
        }));
        entries.push([["book_components", book.id], { items }]);
        flag(book.id).componentCount = items.length;
        counts.components++;
      }
    }
  }
  const writer = new BulkWriter();
  await writer.write(entries);
  await writer.write([...flags].map(([id, f]) => [[BOOK_FLAGS, id], f] as const));
  await writer.close();
  await db().set(BOOK_FLAGS_VERSION_KEY, Date.now());
  ctx.log(
    `course dialogs: conditions on ${counts.conditions}, professors on ${counts.professors}, ` +
      `components on ${counts.components} courses`,
  );
  return counts;
}

/** Prerequisites from earlier courses of the track; now and then an anti-condition, a GPA limit or programs. */
function conditionsFor(
  book: Book,
  track: Book[],
  index: number,
  programs: Program[],
  random: Random,
): BookConditions | null {
  const groups: ConditionGroup[] = [];
  const group = (type: ConditionGroup["type"], name: string, limit: number, members: Book[]) =>
    groups.push({
      id: groups.length + 1,
      type,
      bookId: book.id,
      name,
      limit,
      conditions: members.map((m) => ({ bookId: m.id, name: m.name, created_at: AT, updated_at: AT })),
      created_at: AT,
      updated_at: AT,
    });
  if (index >= 3 && random.next() < 0.3) {
    const earlier = track.slice(Math.max(0, index - 6), index);
    const members = shuffle(random, [...earlier]).slice(0, random.int(2, 3));
    group("condition", "წინაპირობა / Prerequisites", random.pick([0, 1, members.length - 1]), members);
  }
  if (index + 1 < track.length && index >= 2 && random.next() < 0.05) {
    group("nonCondition", "ანტიპირობა / Not after", 0, [track[index + 1]]);
  }
  const gpaLimit = (book.level === 2 || book.level === 3) && random.next() < 0.08
    ? random.pick([2.5, 3])
    : null;
  const restricted = programs.length && random.next() < 0.05 ? programs.slice(0, 2) : [];
  if (!groups.length && gpaLimit === null && !restricted.length) return null;
  return {
    groups,
    programs: restricted.map((p) => ({ programId: p.id, name: p.nameKa, created_at: AT, updated_at: AT })),
    gpaLimit,
    nextGroupId: groups.length + 1,
  };
}

function professorsFor(book: Book, pool: HrPerson[], random: Random): BookProfessor[] {
  const people = shuffle(random, [...pool]).slice(0, random.int(1, 2));
  return people.map((p, n) => {
    const additionalPay = random.next() < 0.2;
    const hasFreeTime = random.next() < 0.15;
    return {
      id: n + 1,
      prof_id: p.id,
      prof_name: `${p.firstNameKa} ${p.lastNameKa}`,
      price: random.int(4, 12) * 5,
      book_id: book.id,
      additionalPay,
      additionalPayTime: additionalPay ? random.int(10, 30) : null,
      additionalPayPrice: additionalPay ? random.int(3, 8) * 5 : null,
      hasFreeTime,
      freeTime: hasFreeTime ? random.int(2, 10) : null,
      created_at: AT,
      updated_at: AT,
    };
  });
}

async function readAll<T>(collection: string): Promise<T[]> {
  const out: T[] = [];
  for await (const entry of db().list<T>({ prefix: [collection] }, { batchSize: 1000 })) {
    out.push(entry.value);
  }
  return out;
}
