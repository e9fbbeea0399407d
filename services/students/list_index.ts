/**
 * The students registry's in-process snapshot: every student with their GPA, earned credits and lowercase
 * search text, newest first, so that filtering 20,000 of them costs a fraction of a millisecond instead of a
 * KV scan. A filter scans only the smallest group (program, status or admission year) it names, and text is
 * found with one `indexOf` over all rows' text at once; both are built on the first read after a change.
 *
 * Freshness (db/snapshot.ts), without `kv.watch`: every read first reads the version key `["meta", "students_version"]` (one
 * point read, ~50 µs) and compares its versionstamp with the one the snapshot was built at. Every student and
 * transcript write advances that key (students/version.ts), so a read that starts after a write — in this
 * process or any other — sees the change: the snapshot reloads just the students the change log names, or
 * everything when the log cannot say (a bulk import, a new KV). A watch would add a background stream per
 * process and still leave a window in which a read right after a write answers from the old snapshot.
 *
 * Programs and schools (for the school filter and the names in each row) come from students/structure.ts,
 * checked in the same read as the version.
 */
import { type Student, STUDENT_STATUSES, type StudentStatus } from "../academic/model.ts";
import { db, readMany } from "../db/kv.ts";
import { kvSnapshot } from "../db/snapshot.ts";
import { freshStructure, type Structure, STRUCTURE_VERSION_KEYS } from "./structure.ts";
import { changedStudentIds, STUDENTS_VERSION_KEY } from "./version.ts";
import {
  EMPTY_TOTALS,
  gpaFromTotals,
  rebuildTranscriptTotals,
  TRANSCRIPT_TOTALS,
  type TranscriptTotals,
} from "./transcripts.ts";

const PAGE = 1000;

/**
 * One student as the filter scans it. The fields it compares are copied onto this flat object, built by one
 * literal, so that every row has the same shape and the scan stays monomorphic: the records as KV hands them
 * back are slow to read in a hot loop (a status filter over 20,000 of them took 3 ms).
 */
export interface IndexedStudent {
  id: number;
  programId: number;
  /** Index in STUDENT_STATUSES: numbers compare faster than the strings KV hands back. */
  statusCode: number;
  admissionYear: number;
  /** Id, personal number and the Latin names in both orders, lowercase, fields apart (one-byte text). */
  searchLatin: string;
  /** The Georgian names in both orders, lowercase (two-byte text, searched only for Georgian input). */
  searchKa: string;
  gpa: number | null;
  /** Credits of passed courses. */
  credits: number;
  /** Transcript entries per grade in GRADE_SCALE's order (for the analytics); null when not counted yet. */
  grades: readonly number[] | null;
  student: Student;
}

export interface StudentFilter {
  text?: string;
  schoolId?: number;
  programId?: number;
  status?: StudentStatus;
  admissionYear?: number;
}

interface Snapshot {
  /** Id descending: newest first, the list's order. */
  ordered: IndexedStudent[];
  /** Distinct admission years, newest first; null after a change until asked for again. */
  years: number[] | null;
  /** The rows of each program (`p12`), status (`s0`) and admission year (`y2024`), newest first; built on the
   * first filtered read after a change, so a filter scans its smallest group instead of every student. */
  groups: Map<string, IndexedStudent[]> | null;
  /** Every row's search text joined into one string per script, built like `groups`; see `textMatches`. */
  text: TextIndex | null;
}

interface TextIndex {
  latin: string;
  ka: string;
  /** Where row i (in `ordered`) starts in each string. */
  latinStarts: Int32Array;
  kaStarts: Int32Array;
}

const FIELD = "\u0001";
const ROW = "\u0002";

/** Lowercase, single-spaced; what the search string is matched against. */
export function normalizeSearch(text: string): string {
  return text.replaceAll(FIELD, "").replaceAll(ROW, "").trim().replace(/\s+/g, " ").toLowerCase();
}

function indexed(student: Student, totals: TranscriptTotals | null): IndexedStudent {
  const s = student;
  const t = totals ?? EMPTY_TOTALS;
  return {
    id: s.id,
    programId: s.programId,
    statusCode: STUDENT_STATUSES.indexOf(s.status),
    admissionYear: s.admissionYear,
    searchLatin: [
      s.id,
      s.personalNumber,
      `${s.firstNameEn} ${s.lastNameEn}`,
      `${s.lastNameEn} ${s.firstNameEn}`,
    ]
      .join(FIELD).toLowerCase(),
    searchKa: `${s.firstNameKa} ${s.lastNameKa}${FIELD}${s.lastNameKa} ${s.firstNameKa}`.toLowerCase(),
    gpa: gpaFromTotals(t),
    credits: t.earned,
    grades: t.grades ?? null,
    student,
  };
}

// Text without Georgian letters can only match the id, the personal number or the Latin names.
const NOT_GEORGIAN = /^[^\u10A0-\u10FF\u1C90-\u1CBF\u2D00-\u2D2F]*$/;

async function listAll<T>(prefix: Deno.KvKey): Promise<Deno.KvEntry<T>[]> {
  const entries: Deno.KvEntry<T>[] = [];
  for await (const entry of db().list<T>({ prefix }, { batchSize: PAGE })) entries.push(entry);
  return entries;
}

async function fullLoad(): Promise<Snapshot> {
  const [students, totalEntries] = await Promise.all([
    listAll<Student>(["students"]),
    listAll<TranscriptTotals>([TRANSCRIPT_TOTALS]),
  ]);
  let totals = new Map(totalEntries.map((e) => [e.key[1] as number, e.value]));
  if (totals.size === 0 && students.length > 0 && await anyTranscript()) {
    totals = await rebuildTranscriptTotals();
  }
  const ordered = students.map((e) => indexed(e.value, totals.get(e.value.id) ?? null))
    .sort((a, b) => b.id - a.id);
  return { ordered, years: null, groups: null, text: null };
}

async function anyTranscript(): Promise<boolean> {
  for await (const _ of db().list({ prefix: ["transcripts"] }, { limit: 1 })) return true;
  return false;
}

/** Where `id` is, or would go, in the id-descending list. */
function position(ordered: IndexedStudent[], id: number): number {
  let low = 0, high = ordered.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ordered[mid].id > id) low = mid + 1;
    else high = mid;
  }
  return low;
}

async function applyChanges(target: Snapshot, ids: number[]): Promise<void> {
  const [students, totals] = await Promise.all([
    readMany<Student>(ids.map((id) => ["students", id])),
    readMany<TranscriptTotals>(ids.map((id) => [TRANSCRIPT_TOTALS, id])),
  ]);
  target.years = null;
  target.groups = null;
  target.text = null;
  ids.forEach((id, i) => {
    const at = position(target.ordered, id);
    const present = target.ordered[at]?.id === id;
    const student = students[i].value;
    if (!student) {
      if (present) target.ordered.splice(at, 1);
      return;
    }
    const row = indexed(student, totals[i].value);
    if (present) target.ordered[at] = row;
    else target.ordered.splice(at, 0, row);
  });
}

/** The students the change log names since the snapshot's version are re-read; a broken log reloads all. */
const snapshot = kvSnapshot({
  versionKeys: [STUDENTS_VERSION_KEY],
  load: fullLoad,
  async update(held: Snapshot, [from], [to]) {
    const ids = await changedStudentIds(from, to);
    if (!ids) return null;
    await applyChanges(held, ids);
    return held;
  },
});

/** One read of every version key, then the snapshot and the structure as of those versions. */
async function fresh(): Promise<{ students: Snapshot; structure: Structure }> {
  const [version, ...structureVersions] = await db().getMany([
    STUDENTS_VERSION_KEY,
    ...STRUCTURE_VERSION_KEYS,
  ]);
  const [students, cache] = await Promise.all([snapshot.at([version]), freshStructure(structureVersions)]);
  return { students, structure: cache };
}

/** Loads the snapshot ahead of the first request (it takes about a second with 20,000 students). */
export async function warmStudentIndex(): Promise<void> {
  await fresh();
}

/** Programs and schools as the list uses them. */
export async function studentStructure(): Promise<Structure> {
  return (await fresh()).structure;
}

export interface FoundStudents {
  rows: IndexedStudent[];
  total: number;
  structure: Structure;
  /** Every admission year in the registry, newest first (for the filter). */
  admissionYears: number[];
}

function yearsOf(target: Snapshot): number[] {
  target.years ??= [...new Set(target.ordered.map((row) => row.admissionYear))].sort((a, b) => b - a);
  return target.years;
}

function groupsOf(target: Snapshot): Map<string, IndexedStudent[]> {
  if (target.groups) return target.groups;
  const groups = new Map<string, IndexedStudent[]>();
  const add = (key: string, row: IndexedStudent) => {
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  };
  for (const row of target.ordered) {
    add(`p${row.programId}`, row);
    add(`s${row.statusCode}`, row);
    add(`y${row.admissionYear}`, row);
  }
  return (target.groups = groups);
}

function textIndexOf(target: Snapshot): TextIndex {
  if (target.text) return target.text;
  const join = (texts: string[]) => {
    const starts = new Int32Array(texts.length);
    let at = 0;
    texts.forEach((text, i) => {
      starts[i] = at;
      at += text.length + 1;
    });
    return { text: texts.join(ROW), starts };
  };
  const latin = join(target.ordered.map((row) => row.searchLatin));
  const ka = join(target.ordered.map((row) => row.searchKa));
  return (target.text = { latin: latin.text, ka: ka.text, latinStarts: latin.starts, kaStarts: ka.starts });
}

/**
 * Positions in `ordered` of the rows whose text holds `needle`, in order. One `indexOf` over a string of all
 * rows (V8 searches long strings with Boyer-Moore-Horspool) skips the rows without a match in bulk, where
 * `includes` on each row would look at every one.
 */
function textMatches(target: Snapshot, needle: string): number[] {
  const index = textIndexOf(target);
  const [text, starts] = NOT_GEORGIAN.test(needle)
    ? [index.latin, index.latinStarts]
    : [index.ka, index.kaStarts];
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1;) {
    let low = 0, high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    found.push(low);
    at = low + 1 < starts.length ? text.indexOf(needle, starts[low + 1]) : -1;
  }
  return found;
}

/** The fewest rows that certainly hold every match: the smallest group a criterion names, else all. */
function candidates(target: Snapshot, keys: string[]): readonly IndexedStudent[] {
  if (keys.length === 0) return target.ordered;
  const groups = groupsOf(target);
  return keys.map((key) => groups.get(key) ?? []).reduce((a, b) => (b.length < a.length ? b : a));
}

/**
 * Students matching every given criterion, newest first: one page (`page` 1-based, `limit` rows), or all of
 * them when `limit` is omitted (the export). Text matches inside the id, personal number and names.
 */
export async function findStudents(
  filter: StudentFilter,
  paging: { page: number; limit: number } | null = null,
): Promise<FoundStudents> {
  const { students, structure: cache } = await fresh();
  const needle = filter.text ? normalizeSearch(filter.text) : "";
  const inSchool = filter.schoolId === undefined
    ? null
    : new Set(cache.programList.filter((p) => p.schoolId === filter.schoolId).map((p) => p.id));
  const { programId, status, admissionYear } = filter;
  const from = paging ? (paging.page - 1) * paging.limit : 0;
  const to = paging ? from + paging.limit : Infinity;
  const admissionYears = yearsOf(students);
  if (
    !needle && !inSchool && programId === undefined && status === undefined && admissionYear === undefined
  ) {
    const rows = students.ordered.slice(from, to === Infinity ? undefined : to);
    return { rows, total: students.ordered.length, structure: cache, admissionYears };
  }
  const rows: IndexedStudent[] = [];
  const statusCode = status === undefined ? -2 : STUDENT_STATUSES.indexOf(status);
  const keys = [
    programId !== undefined ? `p${programId}` : "",
    statusCode !== -2 ? `s${statusCode}` : "",
    admissionYear !== undefined ? `y${admissionYear}` : "",
  ].filter(Boolean);
  const scanned = needle
    ? textMatches(students, needle).map((i) => students.ordered[i])
    : candidates(students, keys);
  let total = 0;
  for (const row of scanned) {
    if (
      (programId !== undefined && row.programId !== programId) ||
      (statusCode !== -2 && row.statusCode !== statusCode) ||
      (admissionYear !== undefined && row.admissionYear !== admissionYear) ||
      (inSchool !== null && !inSchool.has(row.programId))
    ) continue;
    if (total >= from && total < to) rows.push(row);
    total++;
  }
  return { rows, total, structure: cache, admissionYears };
}
