/**
 * Transcripts: a student's completed courses, `["transcripts", studentId, entryId]`, with the course index
 * `["transcripts_by_book", bookId, studentId, entryId]` and a running total per student
 * `["transcript_totals", studentId]` (credits and grade points), so that lists show every student's GPA without
 * reading 600,000 entries. Grades follow the Georgian scale (Ministry of Education order №3, 2007).
 */
import type { Grade, RegistrationGroup, TranscriptEntry } from "../academic/model.ts";
import { transcriptByBookKey } from "../academic/indexes.ts";
import { bookName, getBook, getBooks } from "../books/mod.ts";
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { bulkSet, db } from "../db/kv.ts";
import { referenceMark } from "../db/records.ts";
import { getManyRecords, getRecord } from "../db/reads.ts";
import { addStudentsBump, withStudentsVersion } from "./version.ts";
import { AppError, conflict, invalid, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export const TRANSCRIPTS = "transcripts";
export const TRANSCRIPT_TOTALS = "transcript_totals";
const GROUPS = "registration_groups";

/** Lowest points of each grade and its grade point ×10 (integers, so sums of many entries stay exact). */
export const GRADE_SCALE: readonly { grade: Grade; minPoints: number; points10: number }[] = [
  { grade: "A", minPoints: 91, points10: 40 },
  { grade: "B", minPoints: 81, points10: 32 },
  { grade: "C", minPoints: 71, points10: 24 },
  { grade: "D", minPoints: 61, points10: 16 },
  { grade: "E", minPoints: 51, points10: 8 },
  { grade: "FX", minPoints: 41, points10: 0 },
  { grade: "F", minPoints: 0, points10: 0 },
];
const POINTS10 = new Map(GRADE_SCALE.map((g) => [g.grade, g.points10]));
/** FX (may resit) and F (must retake) earn no credits. */
const PASSING: ReadonlySet<Grade> = new Set(["A", "B", "C", "D", "E"]);

/** The grade for 0–100 points. */
export function gradeOf(points: number): Grade {
  return GRADE_SCALE.find((g) => points >= g.minPoints)?.grade ?? "F";
}

export function gradePoint(grade: Grade): number {
  return (POINTS10.get(grade) ?? 0) / 10;
}

/** What the list needs of a transcript: attempted credits, earned (passed) credits and Σ gradePoint×10×credits. */
export interface TranscriptTotals {
  credits: number;
  earned: number;
  weighted10: number;
  /**
   * Entries per grade, in GRADE_SCALE's order (the analytics' grade distributions add these up instead of
   * reading every entry). Absent in totals written before it existed until migration 3 fills it in; a writer
   * never starts counting on such totals, since the count would leave out the older entries.
   */
  grades?: number[];
}

const GRADE_INDEX = new Map(GRADE_SCALE.map((g, i) => [g.grade, i]));

export const EMPTY_TOTALS: TranscriptTotals = { credits: 0, earned: 0, weighted10: 0 };

type Graded = Pick<TranscriptEntry, "grade" | "credits">;

export function totalsOf(entries: readonly Graded[]): TranscriptTotals {
  const totals: TranscriptTotals = { ...EMPTY_TOTALS, grades: GRADE_SCALE.map(() => 0) };
  for (const entry of entries) addTo(totals, entry);
  return totals;
}

function addTo(totals: TranscriptTotals, entry: Graded): TranscriptTotals {
  totals.credits += entry.credits;
  if (PASSING.has(entry.grade)) totals.earned += entry.credits;
  totals.weighted10 += (POINTS10.get(entry.grade) ?? 0) * entry.credits;
  countGrade(totals, entry.grade, 1);
  return totals;
}

/** Moves the grade's count (on a copy of the array: totals are often shallow copies of a stored value). */
function countGrade(totals: TranscriptTotals, grade: Grade, by: number) {
  if (!totals.grades) return;
  const grades = [...totals.grades];
  grades[GRADE_INDEX.get(grade) ?? grades.length - 1] += by;
  totals.grades = grades;
}

/** GPA = Σ(gradePoint × credits) / Σ credits, to 2 decimals; null without credits. */
export function gpaFromTotals(totals: TranscriptTotals): number | null {
  return totals.credits > 0 ? Math.round((totals.weighted10 * 10) / totals.credits) / 100 : null;
}

export function gpaOf(entries: readonly Graded[]): number | null {
  return gpaFromTotals(totalsOf(entries));
}

/** The totals entry of one student, for bulk writers (the demo generator) that write transcripts directly. */
export function transcriptTotalsEntry(
  studentId: number,
  entries: readonly Graded[],
): [Deno.KvKey, TranscriptTotals] {
  return [[TRANSCRIPT_TOTALS, studentId], totalsOf(entries)];
}

export async function listTranscript(studentId: number): Promise<TranscriptEntry[]> {
  const entries: TranscriptEntry[] = [];
  for await (const e of db().list<TranscriptEntry>({ prefix: [TRANSCRIPTS, studentId] })) {
    entries.push(e.value);
  }
  return entries;
}

export interface TranscriptLine extends TranscriptEntry {
  courseCode: string;
  courseName: string;
}

export interface Semester {
  groupId: number;
  /** e.g. "2025-2026 autumn"; "" when the group no longer exists. */
  seasonYear: string;
  startDate: string;
  entries: TranscriptLine[];
  gpa: number | null;
  credits: number;
  earned: number;
}

/** The transcript by semester (registration group), oldest first, with course names in `lang`. */
export async function transcriptBySemester(studentId: number, lang: Lang): Promise<Semester[]> {
  const entries = await listTranscript(studentId);
  const groupIds = [...new Set(entries.map((e) => e.groupId))];
  const [books, groups] = await Promise.all([
    getBooks(entries.map((e) => e.bookId)),
    getManyRecords<RegistrationGroup>(GROUPS, groupIds),
  ]);
  const groupById = new Map(groups.flatMap((g) => (g ? [[g.value.id, g.value] as const] : [])));
  const semesters = groupIds.map((groupId): Semester => {
    const lines = entries.filter((e) => e.groupId === groupId).map((e): TranscriptLine => {
      const book = books.get(e.bookId);
      return { ...e, courseCode: book?.code ?? "", courseName: book ? bookName(book, lang) : `#${e.bookId}` };
    }).sort((a, b) => a.courseCode.localeCompare(b.courseCode));
    const totals = totalsOf(lines);
    const group = groupById.get(groupId);
    return {
      groupId,
      seasonYear: group?.seasonYear ?? "",
      startDate: group?.startDate ?? "",
      entries: lines,
      gpa: gpaFromTotals(totals),
      credits: totals.credits,
      earned: totals.earned,
    };
  });
  return semesters.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.groupId - b.groupId);
}

export interface NewTranscriptEntry {
  studentId: number;
  bookId: number;
  groupId: number;
  points: number;
  /** Defaults to the course's credits. */
  credits?: number;
}

/**
 * Adds a completed course: the entry, its course index, the student's new totals, the audit entry (entity
 * `transcripts`, id = student id, so the student's history shows it) and the students' version, in one atomic.
 * The same course twice in one semester → 409 `duplicate`; a retake in a later semester is a new entry.
 */
export async function addTranscriptEntry(
  input: NewTranscriptEntry,
  actor: number | null,
): Promise<TranscriptEntry> {
  const fields: Record<string, { key: string; params?: Record<string, number> }> = {};
  if (!Number.isInteger(input.points) || input.points < 0 || input.points > 100) {
    fields.points = { key: "errors.range", params: { min: 0, max: 100 } };
  }
  if (
    input.credits !== undefined &&
    (!Number.isInteger(input.credits) || input.credits < 1 || input.credits > 60)
  ) {
    fields.credits = { key: "errors.range", params: { min: 1, max: 60 } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  const [student, book, group] = await Promise.all([
    getRecord("students", input.studentId),
    getBook(input.bookId),
    getRecord(GROUPS, input.groupId),
  ]);
  if (!student) throw notFound("students");
  if (!book) throw invalid({ bookId: { key: "errors.unknownBook" } });
  if (!group) throw invalid({ groupId: { key: "errors.unknownGroup" } });
  // The student, course and semester an entry refers to, as db/records.ts claims references: they must still
  // exist when it commits, and it moves their marks so that a racing removal of any of them fails.
  const referred: Deno.KvKey[] = [["students", input.studentId], ["books", input.bookId], [
    GROUPS,
    input.groupId,
  ]];
  const id = nextUlid();
  const entry: TranscriptEntry = {
    id,
    studentId: input.studentId,
    bookId: input.bookId,
    groupId: input.groupId,
    points: input.points,
    grade: gradeOf(input.points),
    credits: input.credits ?? book.credit,
  };
  const totalsKey = [TRANSCRIPT_TOTALS, entry.studentId];
  return await withStudentsVersion(async (version) => {
    const kv = db();
    const [totals, sameCourse, references] = await Promise.all([
      kv.get<TranscriptTotals>(totalsKey),
      entriesOfCourse(entry.studentId, entry.bookId),
      kv.getMany(referred),
    ]);
    if (references.some((r) => r.versionstamp === null)) throw conflict("errors.editConflict");
    if (sameCourse.some((e) => e.groupId === entry.groupId)) {
      throw new AppError(409, "duplicate", "errors.transcriptDuplicate", {
        fields: { bookId: { key: "errors.transcriptDuplicate" } },
      });
    }
    // Totals were written by everyone who added an entry; a student without them predates the totals.
    const base = totals.value ?? totalsOf(await listTranscript(entry.studentId));
    const atomic = kv.atomic()
      .check({ key: [TRANSCRIPTS, entry.studentId, id], versionstamp: null })
      .check(totals)
      .set([TRANSCRIPTS, entry.studentId, id], entry)
      .set(transcriptByBookKey(entry.bookId, entry.studentId, id), id)
      .set(totalsKey, addTo({ ...base }, entry));
    addAudit(atomic, {
      entity: TRANSCRIPTS,
      entityId: entry.studentId,
      actor,
      action: "create",
      before: null,
      after: entry,
    });
    // The course index must not have changed either, or a concurrent duplicate could slip in.
    for (const e of sameCourse) atomic.check({ key: e.key, versionstamp: e.versionstamp });
    for (const ref of references) {
      atomic.check(ref).set(referenceMark(ref.key[0] as string, ref.key[1] as number), nextUlid());
    }
    addStudentsBump(atomic, version, [entry.studentId]);
    return { atomic, result: entry };
  });
}

async function entriesOfCourse(studentId: number, bookId: number) {
  const found: { key: Deno.KvKey; versionstamp: string; groupId: number }[] = [];
  for await (const ref of db().list<string>({ prefix: ["transcripts_by_book", bookId, studentId] })) {
    const entry = await db().get<TranscriptEntry>([TRANSCRIPTS, studentId, ref.value]);
    if (entry.value) {
      found.push({ key: ref.key, versionstamp: ref.versionstamp, groupId: entry.value.groupId });
    }
  }
  return found;
}

/**
 * Recomputes every student's totals from the entries and stores them: for transcripts written in bulk without
 * totals. Slow with a large data set (it reads every entry), so the snapshot runs it only when no totals exist.
 */
export async function rebuildTranscriptTotals(): Promise<Map<number, TranscriptTotals>> {
  const totals = new Map<number, TranscriptTotals>();
  for await (const e of db().list<TranscriptEntry>({ prefix: [TRANSCRIPTS] }, { batchSize: 1000 })) {
    const studentId = e.key[1] as number;
    addTo(totals.get(studentId) ?? totals.set(studentId, totalsOf([])).get(studentId)!, e.value);
  }
  await bulkSet([...totals].map(([id, t]) => [[TRANSCRIPT_TOTALS, id], t] as const));
  return totals;
}

/** The student's entry of a course in one semester, with its course index entry (null when there is none). */
export async function transcriptEntryOf(
  studentId: number,
  bookId: number,
  groupId: number,
): Promise<{ entry: Deno.KvEntry<TranscriptEntry>; index: Deno.KvEntry<string> } | null> {
  for await (const ref of db().list<string>({ prefix: ["transcripts_by_book", bookId, studentId] })) {
    const entry = await db().get<TranscriptEntry>([TRANSCRIPTS, studentId, ref.value]);
    if (entry.versionstamp !== null && entry.value.groupId === groupId) {
      return { entry: entry as Deno.KvEntry<TranscriptEntry>, index: ref };
    }
  }
  return null;
}

/**
 * Adds to `atomic` the publication of a grade: `entry` written into the transcript, replacing `previous` (the
 * same course and semester, whose id it must keep) if there is one, with the student's totals (read as
 * `totals`, checked) moved by the difference, and the audit entry — so that a writer whose own keys must commit
 * with the grade (a course list's submit, lists/submit.ts) publishes it in its one atomic. The caller checks
 * what it read of `previous` and adds the students' version bump (withStudentsVersion).
 */
export async function addPublishedEntry(
  atomic: Deno.AtomicOperation,
  entry: TranscriptEntry,
  previous: TranscriptEntry | null,
  totals: Deno.KvEntryMaybe<TranscriptTotals>,
  actor: number | null,
): Promise<TranscriptTotals> {
  const base = { ...(totals.value ?? totalsOf(await listTranscript(entry.studentId))) };
  if (previous) {
    base.credits -= previous.credits;
    if (PASSING.has(previous.grade)) base.earned -= previous.credits;
    base.weighted10 -= (POINTS10.get(previous.grade) ?? 0) * previous.credits;
    countGrade(base, previous.grade, -1);
  }
  const next = addTo(base, entry);
  atomic.check(totals)
    .set([TRANSCRIPTS, entry.studentId, entry.id], entry)
    .set(transcriptByBookKey(entry.bookId, entry.studentId, entry.id), entry.id)
    .set([TRANSCRIPT_TOTALS, entry.studentId], next);
  addAudit(atomic, {
    entity: TRANSCRIPTS,
    entityId: entry.studentId,
    actor,
    action: previous ? "update" : "create",
    before: previous,
    after: entry,
  });
  return next;
}
