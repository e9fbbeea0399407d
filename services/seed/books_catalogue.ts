/**
 * Seed part "books catalogue": the courses screen's own data beside the courses the university part made —
 * the `learningSystem` setting (bookType 1, so courses have categories), sub-course categories (university-wide
 * modules and each school's core, elective and minor blocks) and every course's links to them, chosen from the
 * course's code (school), kind (language course, practice or thesis) and a generator of its own, so this part
 * neither depends on nor shifts the draws of any other part.
 */
import type { Book, School } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { setSetting } from "../shell/settings.ts";
import { SUB_BOOKS, SUB_LINKS_BY_SUB, type SubBook, subBookIndexes } from "../books/sub_books.ts";
import { SUB_LINKS, type SubLink } from "../books/sub_book_links.ts";
import { recordEntries } from "../db/records.ts";
import { BulkWriter } from "./bulk_writer.ts";
import type { SeedPart } from "./mod.ts";
import { Random } from "./random.ts";

export const booksCatalogueSeed: SeedPart = {
  name: "books catalogue",
  async run(ctx) {
    const started = performance.now();
    const [schools, books] = await Promise.all([listAll<School>("schools"), listAll<Book>("books")]);
    const { categories, links } = buildCatalogue(schools, books, new Random(5_2026));
    const writer = new BulkWriter();
    await writer.write((function* () {
      for (const sub of categories) yield* recordEntries(SUB_BOOKS, sub.id, sub, subBookIndexes(sub));
      const at = "2026-09-01T08:00:00.000Z";
      for (const [bookId, subBookId] of links) {
        yield [[SUB_LINKS, bookId, subBookId], { bookId, subBookId, at } satisfies SubLink] as const;
        yield [[SUB_LINKS_BY_SUB, subBookId, bookId], bookId] as const;
      }
    })());
    await writer.close();
    await setSetting("learningSystem", { bookType: 1 });
    ctx.log(
      `books catalogue (${ctx.size}): ${categories.length} sub-course categories, ${links.length} links ` +
        `in ${Math.round(performance.now() - started)} ms`,
    );
  },
};

async function listAll<T>(collection: string): Promise<T[]> {
  const values: T[] = [];
  for await (const entry of db().list<T>({ prefix: [collection] }, { batchSize: 1000 })) {
    values.push(entry.value);
  }
  return values;
}

const GLOBAL = {
  general: { name: "ზოგადი განათლების მოდული", nameEng: "General education module", code: "GEN", credit: 30 },
  free: { name: "თავისუფალი კრედიტები", nameEng: "Free electives", code: "FREE", credit: 10 },
  language: { name: "უცხო ენის მოდული", nameEng: "Foreign language module", code: "LNG", credit: 10 },
  final: {
    name: "პრაქტიკა და საკვალიფიკაციო ნაშრომი",
    nameEng: "Practice and thesis",
    code: "FIN",
    credit: 20,
  },
  archive: {
    name: "ძველი სასწავლო გეგმის მოდული",
    nameEng: "Former curriculum module",
    code: "OLD",
    credit: 15,
  },
} as const;

const BLOCKS = [
  { key: "core", ka: "სავალდებულო კურსები", en: "core courses", credit: 120 },
  { key: "elective", ka: "არჩევითი კურსები", en: "elective courses", credit: 60 },
  { key: "minor", ka: "დამატებითი სპეციალობა", en: "minor", credit: 60 },
] as const;

/** The categories and `[bookId, subBookId]` links, each link once, in key order. */
export function buildCatalogue(
  schools: School[],
  books: Book[],
  random: Random,
): { categories: SubBook[]; links: [number, number][] } {
  const categories: SubBook[] = [];
  const add = (fields: Omit<SubBook, "id">) => {
    categories.push({ id: categories.length + 1, ...fields });
    return categories.length;
  };
  const global = {
    general: add({ ...GLOBAL.general, status: "active" }),
    free: add({ ...GLOBAL.free, status: "active" }),
    language: add({ ...GLOBAL.language, status: "active" }),
    final: add({ ...GLOBAL.final, status: "active" }),
  };
  const bySchool = new Map<string, Record<(typeof BLOCKS)[number]["key"], number>>();
  for (const school of [...schools].sort((a, b) => a.id - b.id)) {
    const ids = Object.fromEntries(BLOCKS.map((block) => [
      block.key,
      add({
        name: `${school.nameKa}: ${block.ka}`,
        nameEng: `${school.nameEn}: ${block.en}`,
        code: `${school.code}-${block.key.toUpperCase()}`,
        credit: block.credit,
        status: "active",
      }),
    ])) as Record<(typeof BLOCKS)[number]["key"], number>;
    bySchool.set(school.code, ids);
  }
  // A retired module stays in the list (closed): it takes no new links.
  add({ ...GLOBAL.archive, status: "closed" });

  const links: [number, number][] = [];
  for (const book of [...books].sort((a, b) => a.id - b.id)) {
    const mine = new Set<number>();
    const school = bySchool.get(book.code.split("-")[0]);
    if (book.type === 2 || book.code.startsWith("LNG-")) mine.add(global.language);
    else if (book.nashromi_praqtika_type) {
      mine.add(global.final);
      if (school) mine.add(school.core);
    } else if (school) {
      const draw = random.next();
      mine.add(draw < 0.65 ? school.core : school.elective);
      if (random.next() < 0.15) mine.add(school.minor);
      if (random.next() < 0.1) mine.add(global.free);
      if (book.level === 1 && random.next() < 0.12) mine.add(global.general);
    }
    for (const subBookId of [...mine].sort((a, b) => a - b)) links.push([book.id, subBookId]);
  }
  return { categories, links };
}
