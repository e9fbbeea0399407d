/**
 * The timetable domain (services/timetable/) owns rooms, weekly lessons and their clashes, the week's
 * calendar, the /tables page's data and the semester export. This file: weekly lessons
 * (`["timetable_entries", id]`): a course taught by a professor to a semester's students in a room, on a
 * weekday at a time. Within one semester no professor and no room may hold two lessons that overlap.
 *
 * Why these writes do not go through `createRecord`: the overlap check must be atomic with the write, or two
 * people booking the same room at once would both succeed. Each write reads the "slot" keys of the professor's
 * and the room's weekday in that semester (`timetable_slots`), looks for overlaps among the candidates of the
 * indexes, and commits only if those slot keys are unchanged — bumping them in the same atomic. A concurrent
 * write to the same slot therefore fails the commit, and the retry sees the other lesson. The atomic also checks
 * the referenced records, so a course, person, semester or room changed meanwhile is validated again.
 */
import type { Auditorium, Book, HrPerson, TimetableEntry } from "../academic/model.ts";
import { timetableIndexes } from "../academic/indexes.ts";
import { AUDITORIUMS } from "./auditoriums.ts";
import { bookName, BOOKS } from "../books/mod.ts";
import { addAudit } from "../db/audit_log.ts";
import { moveCounter } from "../db/counters.ts";
import { nextUlid } from "../db/ids.ts";
import { db, keyId } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { recordEntries, referenceMark, reserveIds, type StoredRecord } from "../db/records.ts";
import { getManyRecords } from "../db/reads.ts";
import { HR } from "../hr/mod.ts";
import { translatorFor } from "../languages/i18n.ts";
import { GROUPS } from "../academic/semesters.ts";
import {
  type EntryInput,
  lessonTime,
  normalizeEntryInput,
  overlaps,
  startOf,
  validateEntryShape,
} from "./rules.ts";
import { AppError, conflict, type FieldError, invalid, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export const ENTRIES = "timetable_entries";
export type EntryRecord = StoredRecord<TimetableEntry, number>;

/** Version of a professor's weekday in a semester: every lesson written there checks and bumps it. */
export const professorSlotKey = (groupId: number, professorHrId: number, weekday: number): Deno.KvKey => [
  "timetable_slots",
  "professor",
  groupId,
  professorHrId,
  weekday,
];

/** Version of a room's weekday in a semester, as for professors. */
export const auditoriumSlotKey = (groupId: number, auditoriumId: number, weekday: number): Deno.KvKey => [
  "timetable_slots",
  "auditorium",
  groupId,
  auditoriumId,
  weekday,
];

export interface EntryFilter {
  groupId?: number;
  professorHrId?: number;
  auditoriumId?: number;
}

export async function getEntry(id: number): Promise<EntryRecord | null> {
  const entry = await db().get<TimetableEntry>([ENTRIES, id]);
  return entry.versionstamp === null ? null : { id, value: entry.value, versionstamp: entry.versionstamp };
}

/** Lessons matching every given filter, by weekday and time. Reads through the most selective index given. */
export async function listEntries(filter: EntryFilter): Promise<EntryRecord[]> {
  const [index, value] = filter.professorHrId !== undefined
    ? ["timetable_by_professor", filter.professorHrId]
    : filter.auditoriumId !== undefined
    ? ["timetable_by_auditorium", filter.auditoriumId]
    : filter.groupId !== undefined
    ? ["timetable_by_group", filter.groupId]
    : [null, null];
  const records = index === null ? await allEntries() : await entriesByIndex(index, value!);
  return records
    .filter(({ value: e }) =>
      (filter.groupId === undefined || e.groupId === filter.groupId) &&
      (filter.professorHrId === undefined || e.professorHrId === filter.professorHrId) &&
      (filter.auditoriumId === undefined || e.auditoriumId === filter.auditoriumId)
    )
    .sort((a, b) => a.value.weekday - b.value.weekday || startOf(a.value) - startOf(b.value) || a.id - b.id);
}

async function allEntries(): Promise<EntryRecord[]> {
  const out: EntryRecord[] = [];
  for await (const e of db().list<TimetableEntry>({ prefix: [ENTRIES] })) {
    out.push({ id: e.key[1] as number, value: e.value, versionstamp: e.versionstamp });
  }
  return out;
}

async function entriesByIndex(index: string, value: number): Promise<EntryRecord[]> {
  const ids: number[] = [];
  for await (const e of db().list<number>({ prefix: [index, value] })) ids.push(e.value);
  const records = await getManyRecords<TimetableEntry>(ENTRIES, ids);
  return records.filter((r): r is EntryRecord => r !== null);
}

/**
 * The four records an entry names, read with their versionstamps; a missing one → 422 on its field. The write
 * checks them and moves their reference marks (db/records.ts), so a removal racing with it fails and re-checks.
 */
async function loadReferences(input: EntryInput) {
  const [[book], [professor], [group], [auditorium]] = await Promise.all([
    getManyRecords<Book>(BOOKS, [input.bookId]),
    getManyRecords<HrPerson>(HR, [input.professorHrId]),
    getManyRecords(GROUPS, [input.groupId]),
    getManyRecords<Auditorium>(AUDITORIUMS, [input.auditoriumId]),
  ]);
  const fields: Record<string, FieldError> = {};
  if (!book) fields.bookId = { key: "errors.unknownBook" };
  if (!professor) fields.professorHrId = { key: "errors.unknownProfessor" };
  else if (professor.value.kind !== "academic") fields.professorHrId = { key: "errors.notAcademic" };
  if (!group) fields.groupId = { key: "errors.unknownGroup" };
  if (!auditorium) fields.auditoriumId = { key: "errors.unknownAuditorium" };
  if (Object.keys(fields).length) throw invalid(fields);
  const referenced: [string, number, string][] = [
    [BOOKS, input.bookId, book!.versionstamp],
    [HR, input.professorHrId, professor!.versionstamp],
    [GROUPS, input.groupId, group!.versionstamp],
    [AUDITORIUMS, input.auditoriumId, auditorium!.versionstamp],
  ];
  return (atomic: Deno.AtomicOperation) => {
    for (const [collection, id, versionstamp] of referenced) {
      atomic.check({ key: [collection, id], versionstamp }).set(referenceMark(collection, id), nextUlid());
    }
  };
}

interface Clashes {
  professor: TimetableEntry | null;
  auditorium: TimetableEntry | null;
}

/** Lessons of the same semester and weekday that overlap `input`: the professor's and the room's. */
async function findClashes(input: EntryInput, selfId: number | null): Promise<Clashes> {
  const [byProfessor, byRoom] = await Promise.all([
    entriesByIndex("timetable_by_professor", input.professorHrId),
    entriesByIndex("timetable_by_auditorium", input.auditoriumId),
  ]);
  const first = (records: EntryRecord[]) =>
    records.map((r) => r.value).filter((e) => e.id !== selfId && overlaps(e, input))
      .sort((a, b) => startOf(a) - startOf(b))[0] ?? null;
  return { professor: first(byProfessor), auditorium: first(byRoom) };
}

/** 409 `clash` naming the other lesson (course, weekday, time, room) in the request's language. */
async function clashError(clashes: Clashes, lang: Lang): Promise<AppError> {
  const others = [clashes.professor, clashes.auditorium].filter((e): e is TimetableEntry => e !== null);
  const [books, rooms] = await Promise.all([
    getManyRecords<Book>(BOOKS, others.map((e) => e.bookId)),
    getManyRecords<Auditorium>(AUDITORIUMS, others.map((e) => e.auditoriumId)),
  ]);
  const t = translatorFor(lang);
  const describe = (e: TimetableEntry) => {
    const i = others.indexOf(e);
    return {
      course: books[i] ? bookName(books[i]!.value, lang) : `#${e.bookId}`,
      weekday: t(`timetableAdmin.weekday.${e.weekday}`),
      time: lessonTime(e),
      auditorium: rooms[i]?.value.name ?? `#${e.auditoriumId}`,
    };
  };
  const fields: Record<string, FieldError> = {};
  if (clashes.professor) {
    fields.professorHrId = { key: "errors.professorBusy", params: describe(clashes.professor) };
  }
  if (clashes.auditorium) {
    fields.auditoriumId = { key: "errors.auditoriumBusy", params: describe(clashes.auditorium) };
  }
  return new AppError(409, "clash", "errors.timetableClash", { params: describe(others[0]), fields });
}

/**
 * Everything a create or an edit checks before its commit, and the mutations that make the check stick: the
 * slot keys as read (checked, then bumped) and the referenced records (checked, their marks moved).
 */
async function prepareWrite(input: EntryInput, selfId: number | null, lang: Lang) {
  const slotKeys = [
    professorSlotKey(input.groupId, input.professorHrId, input.weekday),
    auditoriumSlotKey(input.groupId, input.auditoriumId, input.weekday),
  ];
  // Slots first: a lesson committed after this read changes them, so the commit below fails and retries.
  const slots = await db().getMany<number[]>(slotKeys);
  const markReferences = await loadReferences(input);
  const clashes = await findClashes(input, selfId);
  if (clashes.professor || clashes.auditorium) throw await clashError(clashes, lang);
  return (atomic: Deno.AtomicOperation) => {
    markReferences(atomic);
    for (const slot of slots) moveCounter(atomic, slot, 1);
  };
}

/** Creates a lesson; an overlap → 409 `clash`, a missing reference → 422 on its field. */
export async function createEntry(
  raw: EntryInput,
  actor: number | null,
  lang: Lang = "ka",
): Promise<EntryRecord> {
  const input = normalizeEntryInput(raw);
  validateEntryShape(input);
  // The id is taken up front (a refused create leaves a gap, which ids may have).
  await loadReferences(input);
  const id = await reserveIds(ENTRIES, 1);
  const value: TimetableEntry = { id, ...input };
  return await untilCommitted(async () => {
    if ((await db().get([ENTRIES, id])).versionstamp !== null) {
      // Demo data written in bulk must advance the counter (reserveIds); retrying would never help.
      throw new Error(`counter ${ENTRIES} is behind: entry ${id} exists (seeded without reserveIds?)`);
    }
    const apply = await prepareWrite(input, null, lang);
    const atomic = db().atomic().check({ key: [ENTRIES, id], versionstamp: null });
    atomic.set(LESSONS_VERSION_KEY, Date.now());
    apply(atomic);
    for (const [key, v] of recordEntries(ENTRIES, id, value, timetableIndexes(value))) atomic.set(key, v);
    addAudit(atomic, audit(actor, id, "create", null, value));
    const result = await atomic.commit();
    return result.ok ? { id, value, versionstamp: result.versionstamp } : RETRY;
  });
}

/** Replaces a lesson's fields; `expectedVersionstamp` guards against overwriting someone else's edit. */
export async function updateEntry(
  id: number,
  raw: EntryInput,
  actor: number | null,
  expectedVersionstamp?: string,
  lang: Lang = "ka",
): Promise<EntryRecord> {
  const input = normalizeEntryInput(raw);
  validateEntryShape(input);
  const value: TimetableEntry = { id, ...input };
  return await untilCommitted(async () => {
    const current = await loadForWrite(id, expectedVersionstamp);
    const apply = await prepareWrite(input, id, lang);
    const atomic = db().atomic().check(current).set(LESSONS_VERSION_KEY, Date.now());
    apply(atomic);
    const fresh = recordEntries(ENTRIES, id, value, timetableIndexes(value));
    const keep = new Set(fresh.map(([key]) => keyId(key)));
    for (const [key] of recordEntries(ENTRIES, id, current.value, timetableIndexes(current.value))) {
      if (!keep.has(keyId(key))) atomic.delete(key);
    }
    for (const [key, v] of fresh) atomic.set(key, v);
    addAudit(atomic, audit(actor, id, "update", current.value, value));
    const result = await atomic.commit();
    return result.ok ? { id, value, versionstamp: result.versionstamp } : RETRY;
  });
}

/** Removes a lesson (freeing a slot needs no slot check). Returns what it was. */
export async function removeEntry(
  id: number,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<TimetableEntry> {
  return await untilCommitted(async () => {
    const current = await loadForWrite(id, expectedVersionstamp);
    const atomic = db().atomic().check(current).set(LESSONS_VERSION_KEY, Date.now());
    for (const [key] of recordEntries(ENTRIES, id, current.value, timetableIndexes(current.value))) {
      atomic.delete(key);
    }
    addAudit(atomic, audit(actor, id, "remove", current.value, null));
    return (await atomic.commit()).ok ? current.value : RETRY;
  });
}

async function loadForWrite(id: number, expectedVersionstamp?: string) {
  const current = await db().get<TimetableEntry>([ENTRIES, id]);
  if (current.versionstamp === null) throw notFound(ENTRIES);
  if (expectedVersionstamp !== undefined && current.versionstamp !== expectedVersionstamp) {
    throw conflict("errors.editConflict");
  }
  return current as Deno.KvEntry<TimetableEntry>;
}

/** The audit entry of a lesson write, as db/records.ts writes for its records (the "view log" reads both). */
const audit = (
  actor: number | null,
  id: number,
  action: "create" | "update" | "remove",
  before: TimetableEntry | null,
  after: TimetableEntry | null,
) => ({ entity: ENTRIES, entityId: id, actor, action, before, after });

/**
 * Set (blindly: lesson writes never conflict on it) in the atomic of every lesson write: readers that keep
 * lessons in a process (scope_view.ts, clashes.ts, registration/sections.ts) compare its versionstamp, so a
 * lesson written through any process sharing the KV shows at their next read.
 */
export const LESSONS_VERSION_KEY: Deno.KvKey = ["meta", "lessons_version"];
