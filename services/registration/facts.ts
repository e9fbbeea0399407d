/**
 * What a registration decision relies on, read with the versionstamps its atomic checks: the student, their
 * registrations in the semester (and the version key those move), their holds (and the holds version), their
 * transcript (whose totals key every transcript write moves), and the course's conditions and rule students.
 */
import type { Program, Student, TranscriptEntry } from "../academic/model.ts";
import type { BookConditions } from "../books/conditions.ts";
import { type Bilingual, type EligibilityResult, evaluateEligibility } from "../books/eligibility.ts";
import type { RuleStudents } from "../books/rule_students.ts";
import { getBooks } from "../books/mod.ts";
import { db, keyId, readMany } from "../db/kv.ts";
import { ttlCache } from "./display_cache.ts";
import { BOOKS_VERSION_KEY } from "../books/version.ts";
import { BOOK_DIALOGS_VERSION_KEY } from "../books/dialog_store.ts";
import { listAllPrograms } from "../structure/mod.ts";
import { TRANSCRIPT_TOTALS, TRANSCRIPTS } from "../students/transcripts.ts";
import { type Hold, keys, type Registration } from "./model.ts";

export interface StudentFacts {
  student: Deno.KvEntryMaybe<Student>;
  version: Deno.KvEntryMaybe<number>;
  holdsVersion: Deno.KvEntryMaybe<number>;
  totals: Deno.KvEntryMaybe<unknown>;
  holds: Hold[];
  registrations: Registration[];
  transcript: TranscriptEntry[];
}

export interface CourseFacts {
  conditions: Deno.KvEntryMaybe<BookConditions>;
  ruleStudents: Deno.KvEntryMaybe<RuleStudents>;
}

async function listValues<T>(prefix: Deno.KvKey): Promise<T[]> {
  const out: T[] = [];
  for await (const e of db().list<T>({ prefix })) out.push(e.value);
  return out;
}

/** The keys of a student's facts that a decision reads in one getMany (with its own) and checks. */
export const studentFactKeys = (studentId: number, groupId: number): Deno.KvKey[] => [
  ["students", studentId],
  keys.studentVersion(studentId, groupId),
  keys.holdsVersion(studentId),
  [TRANSCRIPT_TOTALS, studentId],
];

/**
 * The rest of a student's facts, after their keys (`studentFactKeys`) were read: their registrations, their
 * holds (listed only when the holds count says there are any) and, when `transcript` is asked for (a course
 * with conditions), their transcript — each from what this process holds when it is current (keptList).
 */
export async function completeStudentFacts(
  studentId: number,
  groupId: number,
  entries: Deno.KvEntryMaybe<unknown>[],
  opts: { transcript: boolean },
): Promise<StudentFacts> {
  const [student, version, holdsVersion, totals] = entries as [
    Deno.KvEntryMaybe<Student>,
    Deno.KvEntryMaybe<number>,
    Deno.KvEntryMaybe<number>,
    Deno.KvEntryMaybe<unknown>,
  ];
  const [holds, registrations, transcript] = await Promise.all([
    (holdsVersion.value ?? 0) > 0 ? keptList<Hold>("holds", keys.holds(studentId), holdsVersion) : [],
    keptList<Registration>("registrations", keys.studentRegistrations(studentId, groupId), version),
    opts.transcript ? keptList<TranscriptEntry>("transcripts", [TRANSCRIPTS, studentId], totals) : [],
  ]);
  return { student, version, holdsVersion, totals, holds, registrations, transcript };
}

/**
 * A student's lists — registrations in a semester, holds, transcript — as this process last listed or wrote
 * them, each under the versionstamp of the key that every change of the list moves in the same commit
 * (the student's semester version, holds_version, transcript_totals). A matching versionstamp means the list is
 * current, so a page or a decision skips listing it. A list is read after its version key, so what is kept is
 * never older than the versionstamp it is kept under; a decision checks that versionstamp in its atomic anyway.
 * Bounded per kind (transcripts are the large ones): a full table starts again.
 */
const KEPT_MAX = { registrations: 20_000, holds: 20_000, transcripts: 5_000 };
type KeptKind = keyof typeof KEPT_MAX;
const kept = new WeakMap<Deno.Kv, Map<KeptKind, Map<string, { versionstamp: string; values: unknown[] }>>>();

function keptTable(kind: KeptKind) {
  let tables = kept.get(db());
  if (!tables) kept.set(db(), tables = new Map());
  let table = tables.get(kind);
  if (!table) tables.set(kind, table = new Map());
  return table;
}

function keep(kind: KeptKind, prefix: Deno.KvKey, versionstamp: string, values: unknown[]) {
  const table = keptTable(kind);
  if (table.size >= KEPT_MAX[kind]) table.clear();
  table.set(keyId(prefix), { versionstamp, values });
}

async function keptList<T>(
  kind: KeptKind,
  prefix: Deno.KvKey,
  version: Deno.KvEntryMaybe<unknown>,
): Promise<T[]> {
  const held = keptTable(kind).get(keyId(prefix));
  // A copy of the list: callers add to theirs (a decision appends the registration it made).
  if (held && version.versionstamp !== null && held.versionstamp === version.versionstamp) {
    return [...held.values] as T[];
  }
  const values = await listValues<T>(prefix);
  if (version.versionstamp !== null) keep(kind, prefix, version.versionstamp, values);
  return [...values];
}

/** After a decision committed: the student's registrations in the semester under the versionstamp it gave. */
export function rememberRegistrations(
  studentId: number,
  groupId: number,
  versionstamp: string,
  registrations: Registration[],
) {
  keep("registrations", keys.studentRegistrations(studentId, groupId), versionstamp, registrations);
}

export async function readStudentFacts(studentId: number, groupId: number): Promise<StudentFacts> {
  const entries = await db().getMany<unknown[]>(studentFactKeys(studentId, groupId));
  return await completeStudentFacts(studentId, groupId, entries, { transcript: true });
}

/** Whether a course's eligibility depends on the transcript (condition groups or a GPA limit). */
export function needsTranscript(course: CourseFacts): boolean {
  const c = course.conditions.value;
  return c !== null && (c.groups.length > 0 || c.gpaLimit !== null);
}

export async function readCourseFacts(bookIds: readonly number[]): Promise<Map<number, CourseFacts>> {
  const unique = [...new Set(bookIds)];
  const entries = await readMany<unknown>(
    unique.flatMap((id) => [["book_conditions", id], ["rule_students", id]]),
  );
  return new Map(unique.map((id, i) => [id, {
    conditions: entries[2 * i] as Deno.KvEntryMaybe<BookConditions>,
    ruleStudents: entries[2 * i + 1] as Deno.KvEntryMaybe<RuleStudents>,
  }]));
}

// Kept while the courses' (names) and the course dialogs' (conditions) versions stay put (display_cache.ts).
const courseNameCache = ttlCache<number, Bilingual>(60_000, [BOOKS_VERSION_KEY]);
const displayedFacts = ttlCache<number, CourseFacts>(60_000, [BOOK_DIALOGS_VERSION_KEY]);

/** The version reads of the two display caches, started before the page knows its courses. */
export interface DisplayVersions {
  facts: ReturnType<typeof displayedFacts.current>;
  names: ReturnType<typeof courseNameCache.current>;
}

/** Reads the display caches' version keys now: a page starts this with its first reads (one round trip less). */
export function readDisplayVersions(): DisplayVersions {
  return { facts: displayedFacts.current(), names: courseNameCache.current() };
}

/** Course facts for display (the page's rows), kept while current (display_cache.ts); never for decisions. */
export function readCourseFactsForDisplay(
  bookIds: readonly number[],
  versions?: DisplayVersions,
): Promise<Map<number, CourseFacts>> {
  return displayedFacts.many(bookIds, async (ids) => {
    const read = await readCourseFacts(ids);
    return ids.map((id) => read.get(id)!);
  }, versions?.facts);
}

/** The names the eligibility reasons mention, for the given courses' conditions. */
export async function namesFor(courses: Iterable<CourseFacts>, versions?: DisplayVersions) {
  const conditions = [...courses].flatMap((c) => c.conditions.value ?? []);
  const members = conditions.flatMap((c) => c.groups.flatMap((g) => g.conditions.map((m) => m.bookId)));
  // Read only what some reason can mention: most courses have no conditions, and a decision's reads all
  // queue on the one KV.
  const [courseNames, programs] = await Promise.all([
    members.length
      ? courseNameCache.many(members, async (ids) => {
        const books = await getBooks(ids);
        return ids.map((id) => {
          const b = books.get(id);
          return b ? { ka: b.name, en: b.nameEng || b.name } : { ka: `#${id}`, en: `#${id}` };
        });
      }, versions?.names)
      : new Map<number, Bilingual>(),
    conditions.some((c) => c.programs.length) ? listAllPrograms() : [],
  ]);
  return {
    courseNames,
    programNames: new Map<number, Bilingual>(
      programs.map((p: Program) => [p.id, { ka: p.nameKa, en: p.nameEn || p.nameKa }]),
    ),
  };
}

export function eligibilityOf(
  course: CourseFacts,
  student: StudentFacts,
  names: Awaited<ReturnType<typeof namesFor>>,
): EligibilityResult {
  const conditions = course.conditions.value ?? { groups: [], programs: [], gpaLimit: null };
  return evaluateEligibility({
    conditions,
    transcript: student.transcript,
    programId: student.student.value?.programId ?? 0,
    listed: course.ruleStudents.value?.ids.includes(student.student.value?.id ?? 0) ?? false,
    ...names,
  });
}

/** The sections a student is enrolled in for a semester (their "my timetable"; waitlist places excluded). */
export async function enrolledSectionIds(studentId: number, groupId: number): Promise<Set<string>> {
  const registrations = await listValues<Registration>(keys.studentRegistrations(studentId, groupId));
  return new Set(registrations.filter((r) => r.status === "enrolled").map((r) => r.sectionId));
}
