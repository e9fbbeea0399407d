/**
 * The students domain (services/students/) owns the registry: students, transcripts and GPA, the list
 * snapshot, export and the public QR card. This file: the students registry: creating and editing students
 * (validated, unique personal number, audited, with the optimistic concurrency check of db/records.ts), one
 * student's profile with transcript and GPA, and the change history. Listing and filtering are served by the
 * in-process snapshot (students/list_index.ts).
 */
import type { Program, School, Student } from "../academic/model.ts";
import { studentIndexes } from "../academic/indexes.ts";
import { createRecord, type Reference, type StoredRecord, updateRecord } from "../db/records.ts";
import { getRecord, listAudit } from "../db/reads.ts";
import { normalizeStudent, type StudentInput } from "./rules.ts";
import { bumpStudentsVersion } from "./version.ts";
import { gpaFromTotals, type Semester, totalsOf, transcriptBySemester, TRANSCRIPTS } from "./transcripts.ts";
import { getUser } from "../identity/users.ts";
import { invalid, notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export type { StudentInput } from "./rules.ts";

export const STUDENTS = "students";

/** The program must exist; a closed one takes no new students (those already in it may stay). */
async function checkedProgram(programId: number, previous: number | null): Promise<void> {
  const program = await getRecord<Program>("programs", programId);
  if (!program) throw invalid({ programId: { key: "errors.unknownProgram" } });
  if (program.value.status === "closed" && programId !== previous) {
    throw invalid({ programId: { key: "errors.programClosed" } });
  }
}

/** The program must still exist when the write commits (and a racing removal of it then fails). */
const references = (s: Student): Reference[] => [
  { collection: "programs", id: s.programId, field: "programId", messageKey: "errors.unknownProgram" },
];

/** A new student (no sign-in account yet); duplicate personal number → 409 `duplicate` on `personalNumber`. */
export async function createStudent(
  input: StudentInput,
  actor: number | null,
): Promise<StoredRecord<Student, number>> {
  const fields = normalizeStudent(input);
  await checkedProgram(fields.programId, null);
  const created = await createRecord<Student>({
    collection: STUDENTS,
    build: (id) => ({ id, ...fields, userId: null }),
    indexes: studentIndexes,
    references,
    audit: { actor },
  });
  await bumpStudentsVersion([created.id]);
  return created;
}

/**
 * Replaces a student's fields (the linked account stays); `expectedVersionstamp` is what the form was based
 * on, and a newer record → 409 `conflict`.
 */
export async function updateStudent(
  id: number,
  input: StudentInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<Student, number>> {
  const fields = normalizeStudent(input);
  const current = await getRecord<Student>(STUDENTS, id);
  if (!current) throw notFound(STUDENTS);
  await checkedProgram(fields.programId, current.value.programId);
  const updated = await updateRecord<Student>({
    collection: STUDENTS,
    id,
    change: (student) => ({ ...student, ...fields, id }),
    indexes: studentIndexes,
    references,
    audit: { actor },
    expectedVersionstamp,
  });
  await bumpStudentsVersion([id]);
  return { ...updated, id };
}

export async function getStudent(id: number): Promise<StoredRecord<Student> | null> {
  return await getRecord<Student>(STUDENTS, id);
}

export interface StudentProfile {
  student: Student;
  versionstamp: string;
  program: Program | null;
  school: School | null;
  semesters: Semester[];
  gpa: number | null;
  /** Credits attempted and credits earned (passed courses). */
  credits: number;
  earned: number;
}

/** A student with program, school and transcript by semester; null when there is no such student. */
export async function studentProfile(id: number, lang: Lang): Promise<StudentProfile | null> {
  const record = await getStudent(id);
  if (!record) return null;
  const program = (await getRecord<Program>("programs", record.value.programId))?.value ?? null;
  const [school, semesters] = await Promise.all([
    program ? getRecord<School>("schools", program.schoolId).then((r) => r?.value ?? null) : null,
    transcriptBySemester(id, lang),
  ]);
  const totals = totalsOf(semesters.flatMap((s) => s.entries));
  return {
    student: record.value,
    versionstamp: record.versionstamp,
    program,
    school,
    semesters,
    gpa: gpaFromTotals(totals),
    credits: totals.credits,
    earned: totals.earned,
  };
}

export interface StudentHistoryEntry {
  id: string;
  at: string;
  actor: number | string | null;
  actorName: string | null;
  /** `transcript` entries record a course added to the transcript. */
  subject: "student" | "transcript";
  action: "create" | "update" | "remove";
  before: unknown;
  after: unknown;
}

const HISTORY_LIMIT = 200;

/** The student's changes and transcript additions, newest first, with each actor's name in `lang`. */
export async function studentHistory(id: number, lang: Lang): Promise<StudentHistoryEntry[]> {
  const [own, transcript] = await Promise.all([
    listAudit(STUDENTS, id, { limit: HISTORY_LIMIT }),
    listAudit(TRANSCRIPTS, id, { limit: HISTORY_LIMIT }),
  ]);
  if (own.items.length === 0 && !(await getStudent(id))) throw notFound(STUDENTS);
  const entries = [
    ...own.items.map((e) => ({ ...e, subject: "student" as const })),
    ...transcript.items.map((e) => ({ ...e, subject: "transcript" as const })),
  ].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, HISTORY_LIMIT);
  const actorIds = [
    ...new Set(entries.map((e) => e.actor).filter((a): a is number => typeof a === "number")),
  ];
  const users = new Map(await Promise.all(actorIds.map(async (a) => [a, await getUser(a)] as const)));
  return entries.map((e) => {
    const user = typeof e.actor === "number" ? users.get(e.actor) : null;
    return {
      id: e.id,
      at: e.at,
      actor: e.actor,
      actorName: user ? (lang === "en" ? user.nameEn : user.name) : null,
      subject: e.subject,
      action: e.action,
      before: e.before,
      after: e.after,
    };
  });
}
