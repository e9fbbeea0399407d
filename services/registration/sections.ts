/**
 * Sections (offerings): for each semester, a course taught by a professor, with its weekly lessons from the
 * timetable, a capacity and a price. Sections are derived from the timetable entries (no record is created for
 * them); what the registrar changes — the capacity, closing the section — is kept in `section_settings`.
 *
 * Default capacity: the smallest capacity of the section's rooms (a section cannot seat more than its smallest
 * room). Price: the course professor's price (books/professors.ts, GEL with two decimals), as integer tetri.
 *
 * The derived list is kept per semester for a few seconds (timetables change between semesters, not between
 * requests); a decision still checks the section's settings and seats in its atomic.
 */
import type { Book, HrPerson, TimetableEntry } from "../academic/model.ts";
import { listAuditoriums } from "../timetable/auditoriums.ts";
import { getBooks } from "../books/mod.ts";
import { type CachedValue, cachedValue, cacheVersionKey } from "../db/cached_value.ts";
import { db, readMany } from "../db/kv.ts";
import { BOOKS_VERSION_KEY } from "../books/version.ts";
import { BOOK_DIALOGS_VERSION_KEY } from "../books/dialog_store.ts";
import { HR_VERSION_KEY } from "../hr/snapshot.ts";
import { getManyRecords } from "../db/reads.ts";
import { HR } from "../hr/mod.ts";
import { LESSONS_VERSION_KEY, listEntries } from "../timetable/entries.ts";
import { endOf, startOf } from "../timetable/rules.ts";
import { keys, NO_SEATS, parseSectionId, type SectionId, sectionIdOf, type SectionSeats } from "./model.ts";
import type { SectionSettings } from "./model.ts";
import { notFound } from "../../utils/errors.ts";

export interface Lesson {
  entryId: number;
  weekday: number;
  hour: number;
  minute: number;
  duration: number;
  type: TimetableEntry["type"];
  auditoriumId: number;
  room: string;
}

export interface Section {
  id: SectionId;
  groupId: number;
  bookId: number;
  professorHrId: number;
  lessons: Lesson[];
  /** The smallest room's capacity (0 when a room is unknown). */
  defaultCapacity: number;
  credits: number;
  /** Integer tetri; null when the professor has no price on the course. */
  price: number | null;
  book: Pick<Book, "id" | "name" | "nameEng" | "code" | "credit">;
  professor: Pick<HrPerson, "id" | "firstNameKa" | "lastNameKa" | "firstNameEn" | "lastNameEn"> | null;
  rooms: string[];
}

export interface GroupSections {
  list: Section[];
  byId: Map<SectionId, Section>;
}

// Built from lessons, courses, people, rooms and the courses' professor prices (a course dialog): their
// versions tell when to build again (db/cached_value.ts); TTL_MS bounds what a bulk import leaves behind.
const TTL_MS = 30_000;
const SOURCES_VERSION_KEYS = [
  LESSONS_VERSION_KEY,
  BOOKS_VERSION_KEY,
  HR_VERSION_KEY,
  cacheVersionKey("auditoriums"),
  BOOK_DIALOGS_VERSION_KEY,
];
const caches = new Map<number, CachedValue<GroupSections>>();

/** The semester's sections, in timetable order (a section's first lesson id). */
export function groupSections(groupId: number): Promise<GroupSections> {
  let cache = caches.get(groupId);
  if (!cache) {
    caches.set(
      groupId,
      cache = cachedValue({
        name: "sections",
        versionKeys: SOURCES_VERSION_KEYS,
        maxAgeMs: TTL_MS,
        load: () => loadSections(groupId),
      }),
    );
  }
  return cache.get();
}

/** Drops the copies (tests and the seed change timetables under a running process). */
export async function forgetSections() {
  await db().set(LESSONS_VERSION_KEY, Date.now());
}

export async function getSection(sectionId: string): Promise<Section> {
  return (await sectionInGroup(sectionId)).section;
}

/** A section with its semester's sections, from one read of their versions (a decision needs both). */
export async function sectionInGroup(sectionId: string): Promise<{ section: Section; group: GroupSections }> {
  const parsed = parseSectionId(sectionId);
  const group = parsed ? await groupSections(parsed.groupId) : undefined;
  const section = group?.byId.get(sectionId);
  if (!group || !section) throw notFound("sections");
  return { section, group };
}

async function loadSections(groupId: number): Promise<GroupSections> {
  const entries = (await listEntries({ groupId })).map((r) => r.value).sort((a, b) => a.id - b.id);
  const grouped = new Map<SectionId, TimetableEntry[]>();
  for (const e of entries) {
    const id = sectionIdOf(groupId, e.bookId, e.professorHrId);
    const list = grouped.get(id);
    if (list) list.push(e);
    else grouped.set(id, [e]);
  }
  const bookIds = [...new Set(entries.map((e) => e.bookId))];
  const [books, rooms, people, professorDocs] = await Promise.all([
    getBooks(bookIds),
    listAuditoriums(),
    getManyRecords<HrPerson>(HR, [...new Set(entries.map((e) => e.professorHrId))]),
    readMany<{ rows: { prof_id: number; price: number }[] }>(bookIds.map((id) => ["book_professors", id])),
  ]);
  const roomById = new Map(rooms.map((r) => [r.id, r.value]));
  const personById = new Map(people.flatMap((p) => (p ? [[p.value.id, p.value] as const] : [])));
  const prices = new Map<string, number>();
  professorDocs.forEach((doc, i) => {
    for (const row of doc.value?.rows ?? []) prices.set(`${bookIds[i]}-${row.prof_id}`, row.price);
  });
  const list: Section[] = [];
  for (const [id, lessons] of grouped) {
    const { bookId, professorHrId } = lessons[0];
    const book = books.get(bookId);
    if (!book) continue;
    const person = personById.get(professorHrId) ?? null;
    const capacities = lessons.map((l) => roomById.get(l.auditoriumId)?.capacity ?? 0);
    const price = prices.get(`${bookId}-${professorHrId}`);
    list.push({
      id,
      groupId,
      bookId,
      professorHrId,
      lessons: lessons.map((l) => ({
        entryId: l.id,
        weekday: l.weekday,
        hour: l.hour,
        minute: l.minute,
        duration: l.duration,
        type: l.type,
        auditoriumId: l.auditoriumId,
        room: roomById.get(l.auditoriumId)?.name ?? `#${l.auditoriumId}`,
      })),
      defaultCapacity: Math.min(...capacities),
      credits: book.credit,
      price: price === undefined ? null : Math.round(price * 100),
      book: { id: book.id, name: book.name, nameEng: book.nameEng, code: book.code, credit: book.credit },
      professor: person && {
        id: person.id,
        firstNameKa: person.firstNameKa,
        lastNameKa: person.lastNameKa,
        firstNameEn: person.firstNameEn,
        lastNameEn: person.lastNameEn,
      },
      rooms: [...new Set(lessons.map((l) => roomById.get(l.auditoriumId)?.name ?? `#${l.auditoriumId}`))],
    });
  }
  return { list, byId: new Map(list.map((s) => [s.id, s])) };
}

/** The seat counter as stored (absent: nobody yet). */
export const seatsOf = (entry: Deno.KvEntryMaybe<SectionSeats>): SectionSeats => entry.value ?? NO_SEATS;

export function capacityOf(section: Section, settings: SectionSettings | null): number {
  return settings?.capacity ?? section.defaultCapacity;
}

/** Moved in the same atomic as every write of a section's settings (offerings.ts editOffering). */
export const SETTINGS_VERSION_KEY = cacheVersionKey("section_settings");

// The few sections whose settings the registrar changed, kept by their version: a page of sections then reads
// only its seat counters, which move with every registration.
const changedSettings = cachedValue({
  name: "section_settings",
  versionKeys: [SETTINGS_VERSION_KEY],
  maxAgeMs: 30_000,
  load: async () => {
    const settings = new Map<string, SectionSettings>();
    for await (const e of db().list<SectionSettings>({ prefix: ["section_settings"] })) {
      settings.set(e.key[1] as string, e.value);
    }
    return settings;
  },
});

/** The registrar's changed section settings as of their version, read now (start it with a page's first reads). */
export const readSectionSettings = (): Promise<Map<string, SectionSettings>> => changedSettings.get();

/** Seats (read now, 10 keys per getMany) and settings (as of their version, read now) of many sections. */
export async function readSeatsAndSettings(
  ids: readonly SectionId[],
  sectionSettings: Promise<Map<string, SectionSettings>> = readSectionSettings(),
) {
  const [entries, settings] = await Promise.all([
    readMany<SectionSeats>(ids.map((id) => keys.seats(id))),
    sectionSettings,
  ]);
  return ids.map((id, i) => ({
    id,
    seats: entries[i].value ?? NO_SEATS,
    settings: settings.get(id) ?? null,
  }));
}

/** Two sections' lessons that overlap in time (touching lessons do not). */
export function clashingLessons(a: Section, b: Section): boolean {
  return a.lessons.some((x) =>
    b.lessons.some((y) => x.weekday === y.weekday && startOf(x) < endOf(y) && startOf(y) < endOf(x))
  );
}
