/**
 * The structure domain (services/structure/) owns schools and programs: their rules, writes and views. This
 * file: structure: schools (educational units) and their educational programs. Writes go through
 * db/records.ts, so each one carries its index keys, the unique code, the concurrency check and its audit
 * entry in one atomic; a removal is refused while anything still refers to the record.
 */
import type { Program, School } from "../academic/model.ts";
import { programIndexes, schoolIndexes } from "../academic/indexes.ts";
import { db } from "../db/kv.ts";
import { cachedValue } from "../db/cached_value.ts";
import {
  createRecord,
  type Reference,
  removeRecord,
  type StoredRecord,
  updateRecord,
} from "../db/records.ts";
import { STRUCTURE_VERSION_KEY } from "../students/structure.ts";
import { getManyRecords, getRecord, listIdsByIndex } from "../db/reads.ts";
import { normalizeProgram, normalizeSchool, type ProgramInput, type SchoolInput } from "./rules.ts";
import { AppError, invalid } from "../../utils/errors.ts";

export type { ProgramInput, SchoolInput } from "./rules.ts";

export const SCHOOLS = "schools";
export const PROGRAMS = "programs";
export const HR = "hr";
const STUDENTS = "students";

// ---- reading (also for other screens: filters and forms) ----

/** Every record of a collection (the structure collections are small: tens of records). */
export async function readAll<T>(collection: string): Promise<StoredRecord<T, number>[]> {
  const rows: StoredRecord<T, number>[] = [];
  for await (const entry of db().list<T>({ prefix: [collection] })) {
    rows.push({ id: entry.key[1] as number, value: entry.value, versionstamp: entry.versionstamp });
  }
  return rows;
}

export const byCode = <T extends { code: string }>(a: T, b: T) => a.code.localeCompare(b.code);

// Filters and forms of many screens list these on every request; kept for a few seconds (db/cached_value.ts).
const allSchools = cachedValue({
  name: "schools",
  versionKeys: [STRUCTURE_VERSION_KEY],
  maxAgeMs: 60_000,
  load: async () => (await readAll<School>(SCHOOLS)).map((r) => r.value).sort(byCode),
});
const allPrograms = cachedValue({
  name: "programs",
  versionKeys: [STRUCTURE_VERSION_KEY],
  maxAgeMs: 60_000,
  load: async () => (await readAll<Program>(PROGRAMS)).map((r) => r.value).sort(byCode),
});

/** Every school, by code: for filters and forms of other screens. */
export function listAllSchools(): Promise<School[]> {
  return allSchools.get();
}

/** Every program, by code: for filters and forms of other screens. */
export function listAllPrograms(): Promise<Program[]> {
  return allPrograms.get();
}

/** The programs of one school, by code. */
export async function programsBySchool(schoolId: number): Promise<Program[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await listIdsByIndex("programs_by_school", schoolId, { limit: 1000, cursor });
    ids.push(...page.items as number[]);
    cursor = page.cursor;
  } while (cursor);
  const records = await getManyRecords<Program>(PROGRAMS, ids);
  return records.flatMap((r) => r ? [r.value] : []).sort(byCode);
}

export async function getSchool(id: number): Promise<StoredRecord<School> | null> {
  return await getRecord<School>(SCHOOLS, id);
}

export async function getProgram(id: number): Promise<StoredRecord<Program> | null> {
  return await getRecord<Program>(PROGRAMS, id);
}

// ---- writing ----

async function checkedSchool(input: SchoolInput): Promise<SchoolInput> {
  const school = normalizeSchool(input);
  if (school.deanHrId !== null && !(await getRecord(HR, school.deanHrId))) {
    throw invalid({ deanHrId: { key: "errors.unknownDean" } });
  }
  return school;
}

/** A program refers to its school: checked and marked in the write's own atomic (see db/records.ts `Reference`). */
const programReferences = (p: Program): Reference[] => [
  { collection: SCHOOLS, id: p.schoolId, field: "schoolId", messageKey: "errors.unknownSchool" },
];

/** Students keep a snapshot of the structure for their lists; it reloads when this key moves. */
async function structureChanged<R>(write: Promise<R>): Promise<R> {
  // allSchools and allPrograms compare the same key (db/cached_value.ts).
  return await allSchools.after(write);
}

export async function createSchool(input: SchoolInput, actor: number): Promise<StoredRecord<School, number>> {
  const school = await checkedSchool(input);
  return await structureChanged(createRecord<School>({
    collection: SCHOOLS,
    build: (id) => ({ id, ...school }),
    indexes: schoolIndexes,
    audit: { actor },
  }));
}

/** Replaces a school's fields; `expectedVersionstamp` is what the form was based on (newer → 409 conflict). */
export async function updateSchool(
  id: number,
  input: SchoolInput,
  actor: number,
  expectedVersionstamp?: string,
): Promise<StoredRecord<School>> {
  const school = await checkedSchool(input);
  return await structureChanged(updateRecord<School>({
    collection: SCHOOLS,
    id,
    change: () => ({ id, ...school }),
    indexes: schoolIndexes,
    audit: { actor },
    expectedVersionstamp,
  }));
}

export async function createProgram(
  input: ProgramInput,
  actor: number,
): Promise<StoredRecord<Program, number>> {
  const program = normalizeProgram(input);
  return await structureChanged(createRecord<Program>({
    collection: PROGRAMS,
    build: (id) => ({ id, ...program }),
    indexes: programIndexes,
    references: programReferences,
    audit: { actor },
  }));
}

export async function updateProgram(
  id: number,
  input: ProgramInput,
  actor: number,
  expectedVersionstamp?: string,
): Promise<StoredRecord<Program>> {
  const program = normalizeProgram(input);
  return await structureChanged(updateRecord<Program>({
    collection: PROGRAMS,
    id,
    change: () => ({ id, ...program }),
    indexes: programIndexes,
    references: programReferences,
    audit: { actor },
    expectedVersionstamp,
  }));
}

/** Refused (409 `in_use`) while programs or personnel belong to the school. */
export async function removeSchool(
  id: number,
  actor: number,
  expectedVersionstamp?: string,
): Promise<School> {
  return await structureChanged(
    removeRecord<School>({
      collection: SCHOOLS,
      id,
      indexes: schoolIndexes,
      audit: { actor },
      expectedVersionstamp,
      async guard() {
        const [programs, staff] = await Promise.all([
          referencesOf("programs_by_school", id, PROGRAMS),
          referencesOf("hr_by_school", id, HR),
        ]);
        if (programs.count && staff.count) {
          throw inUse("errors.schoolInUseBoth", { programs: programs.count, staff: staff.count });
        }
        if (programs.count) throw inUse("errors.schoolInUsePrograms", { count: programs.count });
        if (staff.count) throw inUse("errors.schoolInUseStaff", { count: staff.count });
        return [programs.check, staff.check];
      },
    }),
  );
}

/** Refused (409 `in_use`) while students study in the program. */
export async function removeProgram(
  id: number,
  actor: number,
  expectedVersionstamp?: string,
): Promise<Program> {
  return await structureChanged(
    removeRecord<Program>({
      collection: PROGRAMS,
      id,
      indexes: programIndexes,
      audit: { actor },
      expectedVersionstamp,
      async guard() {
        const students = await referencesOf("students_by_program", id, STUDENTS);
        if (students.count) throw inUse("errors.programInUseStudents", { count: students.count });
        return [students.check];
      },
    }),
  );
}

const inUse = (messageKey: string, params: Record<string, number>) =>
  new AppError(409, "in_use", messageKey, { params });

const COUNT_CAP = 100_000;

/** How many ids a non-unique index holds for `value`. */
export async function countIndex(name: string, value: Deno.KvKeyPart): Promise<number> {
  let count = 0;
  for await (const _ of db().list({ prefix: [name, value] }, { limit: COUNT_CAP, batchSize: 1000 })) count++;
  return count;
}

/**
 * How many records an index lists for `value`, with a check of the referring collection's id counter.
 * A record created after this read advances that counter, so the removal's atomic fails and its retry sees
 * the newcomer: the counter is read before the index for that reason.
 */
async function referencesOf(index: string, value: number, collection: string) {
  const counter = await db().get(["counters", collection]);
  const count = await countIndex(index, value);
  return { count, check: { key: counter.key, versionstamp: counter.versionstamp } as Deno.AtomicCheck };
}
