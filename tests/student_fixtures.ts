/**
 * A tiny university for the students registry's tests, written straight into KV (the structure and course
 * screens have their own tests): two schools, three programs (one closed), two courses and two semesters.
 * Ids come from the collections' counters, so on an empty KV they are 1, 2, 3 as listed, and beside the
 * demo data they are whatever comes next (the codes are unusual enough not to clash with it).
 */
import type { Book, Program, RegistrationGroup, School } from "../services/academic/model.ts";
import { bookIndexes, programIndexes, schoolIndexes } from "../services/academic/indexes.ts";
import { bulkSet } from "../services/db/kv.ts";
import { type IndexSpec, recordEntries, reserveIds } from "../services/db/records.ts";
import type { StudentInput } from "../services/students/rules.ts";

async function put<T extends { id: number }>(
  collection: string,
  values: T[],
  indexes: (v: T) => IndexSpec[],
  links: (v: T, ids: Map<number, number>) => T = (v) => v,
  linked = new Map<number, number>(),
): Promise<{ rows: T[]; ids: Map<number, number> }> {
  const first = await reserveIds(collection, values.length);
  const ids = new Map(values.map((v, i) => [v.id, first + i]));
  const rows = values.map((v) => ({ ...links(v, linked), id: ids.get(v.id)! }));
  await bulkSet(rows.flatMap((v) => recordEntries(collection, v.id, v, indexes(v))));
  return { rows, ids };
}

export const SCHOOLS: School[] = [
  { id: 1, nameKa: "ბიზნესის სკოლა", nameEn: "Business School", code: "T-BUS", deanHrId: null },
  { id: 2, nameKa: "ინჟინერიის სკოლა", nameEn: "School of Engineering", code: "T-ENG", deanHrId: null },
];

const program = (
  id: number,
  code: string,
  schoolId: number,
  status: Program["status"] = "active",
): Program => ({
  id,
  nameKa: `პროგრამა ${code}`,
  nameEn: `Program ${code}`,
  code,
  schoolId,
  level: 1,
  credits: 240,
  language: "ka",
  status,
});

export const PROGRAMS: Program[] = [
  program(1, "T-BBA", 1),
  program(2, "T-CS", 2),
  program(3, "T-OLD", 2, "closed"),
];

const course = (id: number, code: string, credit: number): Book => ({
  id,
  name: `კურსი ${code}`,
  nameEng: `Course ${code}`,
  code,
  description: "",
  credit,
  type: 1,
  status: "active",
  lang: null,
  langCode: "geo",
  nashromi_praqtika_type: "",
  medic: false,
  level: 1,
  gpaLimit: null,
});

export const BOOKS: Book[] = [course(1, "T-MATH101", 6), course(2, "T-ECON101", 5)];

export const GROUPS: RegistrationGroup[] = [
  { id: 1, seasonYear: "2024-2025 autumn", comment: "", startDate: "2024-09-16", endDate: "2025-01-31" },
  { id: 2, seasonYear: "2024-2025 spring", comment: "", startDate: "2025-02-17", endDate: "2025-06-30" },
];

export interface Fixture {
  schools: School[];
  programs: Program[];
  books: Book[];
  groups: RegistrationGroup[];
}

/** Writes the schools, programs, courses and semesters above into the open KV; returns them as stored. */
export async function writeStructure(): Promise<Fixture> {
  const schools = await put("schools", SCHOOLS, schoolIndexes);
  const programs = await put(
    "programs",
    PROGRAMS,
    programIndexes,
    (p, ids) => ({ ...p, schoolId: ids.get(p.schoolId)! }),
    schools.ids,
  );
  const books = await put("books", BOOKS, bookIndexes);
  const groups = await put("registration_groups", GROUPS, () => []);
  return { schools: schools.rows, programs: programs.rows, books: books.rows, groups: groups.rows };
}

/** A valid student; `more` overrides fields. */
export function studentInput(more: Partial<StudentInput> = {}): StudentInput {
  return {
    personalNumber: "01001012345",
    firstNameKa: "ნინო",
    lastNameKa: "ბერიძე",
    firstNameEn: "Nino",
    lastNameEn: "Beridze",
    birthDate: "2004-05-17",
    email: "nino.beridze@student.uni.test",
    phone: "+995555123456",
    programId: 1,
    status: "active",
    admissionYear: 2022,
    ...more,
  };
}
