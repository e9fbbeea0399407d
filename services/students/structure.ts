/**
 * Programs and schools as the students registry shows them: cached per process (a few dozen records, read on
 * every list request), reloaded when the collections' id counters or `["meta", "structure_version"]` change —
 * which structure writers may set to anything so that the list shows their edit at once — and at least every
 * few seconds, so an edit made without touching either shows after that at the latest.
 */
import type { Program, School, StudentStatus } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { kvSnapshot } from "../db/snapshot.ts";
import type { IndexedStudent } from "./list_index.ts";

export const STRUCTURE_VERSION_KEY: Deno.KvKey = ["meta", "structure_version"];
/** What a list request reads (with the students' version, in one `getMany`) to tell whether to reload. */
export const STRUCTURE_VERSION_KEYS: Deno.KvKey[] = [
  STRUCTURE_VERSION_KEY,
  ["counters", "programs"],
  ["counters", "schools"],
];
const STRUCTURE_TTL_MS = 5_000;

export interface Structure {
  programs: Map<number, Program>;
  schools: Map<number, School>;
  /** By code, for filters and forms. */
  programList: Program[];
  schoolList: School[];
}

async function listAll<T>(prefix: Deno.KvKey): Promise<T[]> {
  const values: T[] = [];
  for await (const entry of db().list<T>({ prefix }, { batchSize: 1000 })) values.push(entry.value);
  return values;
}

async function loadStructure(): Promise<Structure> {
  // Read directly (a few dozen records): the structure module's own reads are for its screens.
  const byCode = <T extends { code: string }>(a: T, b: T) => a.code.localeCompare(b.code);
  const [programList, schoolList] = await Promise.all([
    listAll<Program>(["programs"]).then((values) => values.sort(byCode)),
    listAll<School>(["schools"]).then((values) => values.sort(byCode)),
  ]);
  return {
    programList,
    schoolList,
    programs: new Map(programList.map((p) => [p.id, p])),
    schools: new Map(schoolList.map((s) => [s.id, s])),
  };
}

const structure = kvSnapshot({
  versionKeys: STRUCTURE_VERSION_KEYS,
  load: loadStructure,
  maxAgeMs: STRUCTURE_TTL_MS,
});

/** The programs and schools as of `versions` (the entries of STRUCTURE_VERSION_KEYS, just read). */
export function freshStructure(versions: Deno.KvEntryMaybe<unknown>[]): Promise<Structure> {
  return structure.at(versions);
}

/** A list row: the student with program, school, GPA and earned credits. */
export interface StudentListRow {
  id: number;
  /** Absent when the viewer may not see it (personal.ts). */
  personalNumber?: string;
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
  programId: number;
  programCode: string;
  programNameKa: string;
  programNameEn: string;
  schoolId: number | null;
  schoolNameKa: string;
  schoolNameEn: string;
  status: StudentStatus;
  admissionYear: number;
  gpa: number | null;
  credits: number;
}

export function listRow({ student: s, gpa, credits }: IndexedStudent, lookup: Structure): StudentListRow {
  const program = lookup.programs.get(s.programId);
  const school = program ? lookup.schools.get(program.schoolId) : undefined;
  return {
    id: s.id,
    personalNumber: s.personalNumber,
    firstNameKa: s.firstNameKa,
    lastNameKa: s.lastNameKa,
    firstNameEn: s.firstNameEn,
    lastNameEn: s.lastNameEn,
    programId: s.programId,
    programCode: program?.code ?? "",
    programNameKa: program?.nameKa ?? "",
    programNameEn: program?.nameEn ?? "",
    schoolId: school?.id ?? null,
    schoolNameKa: school?.nameKa ?? "",
    schoolNameEn: school?.nameEn ?? "",
    status: s.status,
    admissionYear: s.admissionYear,
    gpa,
    credits,
  };
}
