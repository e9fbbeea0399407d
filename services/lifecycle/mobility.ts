/**
 * Mobility (/mobility, /mobility-books): a student's exchange out to a partner institution, or in from one,
 * for a period; and the recognition of a course taken there, mapped to one of our courses with credits and
 * points. A recognized course is written into the transcript in the same atomic as the recognition (with the
 * totals, the audit entries and the students' version), so it counts for the GPA and for prerequisites like
 * any course passed here, and a recognition is never recorded without its transcript entry or the reverse.
 *
 * Keys (the table in services/db/kv.ts):
 * | ["mobility", id]                          | Mobility (numeric id), with its recognitions |
 * | ["mobility_by_student", studentId, id]    | id                                           |
 */
import type { Book, RegistrationGroup, TranscriptEntry } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { createRecord, type StoredRecord } from "../db/records.ts";
import { parseDay } from "../students/rules.ts";
import {
  addPublishedEntry,
  gradeOf,
  TRANSCRIPT_TOTALS,
  transcriptEntryOf,
  type TranscriptTotals,
} from "../students/transcripts.ts";
import { addStudentsBump, withStudentsVersion } from "../students/version.ts";
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";

export type Direction = "out" | "in";
export const DIRECTIONS: readonly Direction[] = ["out", "in"];
export const TEXT_MAX = 200;

export interface Recognition {
  id: string;
  externalCode: string;
  externalName: string;
  externalCredits: number;
  bookId: number;
  /** The semester it is entered in. */
  groupId: number;
  credits: number;
  points: number;
  grade: TranscriptEntry["grade"];
  transcriptEntryId: string;
  at: string;
  by: number | null;
}

export interface Mobility {
  id: number;
  studentId: number;
  direction: Direction;
  partner: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  recognitions: Recognition[];
  createdAt: string;
}

export interface MobilityInput {
  studentId: number;
  direction: Direction;
  partner: string;
  country: string;
  from: string;
  to: string;
}

const MOBILITY = "mobility";
const clean = (text: string) => (text ?? "").trim().replace(/\s+/g, " ");

function text(fields: Record<string, FieldError>, name: string, value: string, max = TEXT_MAX): string {
  const cleaned = clean(value);
  if (!cleaned) fields[name] = { key: "errors.required" };
  else if (cleaned.length > max) fields[name] = { key: "errors.tooLong", params: { max } };
  return cleaned;
}

/** Records an exchange; 422 naming each bad field, the student must exist. */
export async function addMobility(
  input: MobilityInput,
  actor: number | null,
): Promise<StoredRecord<Mobility, number>> {
  const fields: Record<string, FieldError> = {};
  if (!DIRECTIONS.includes(input.direction)) fields.direction = { key: "errors.invalidChoice" };
  const partner = text(fields, "partner", input.partner);
  const country = clean(input.country).toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) {
    fields.country = { key: country ? "errors.invalidChoice" : "errors.required" };
  }
  for (const name of ["from", "to"] as const) {
    if (!input[name]) fields[name] = { key: "errors.required" };
    else if (!parseDay(input[name])) fields[name] = { key: "errors.invalidDate" };
  }
  if (!fields.from && !fields.to && input.to < input.from) {
    fields.to = { key: "lifecycle.errors.periodOrder" };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return await createRecord<Mobility>({
    collection: MOBILITY,
    build: (id) => ({
      id,
      studentId: input.studentId,
      direction: input.direction,
      partner,
      country,
      from: input.from,
      to: input.to,
      recognitions: [],
      createdAt: new Date().toISOString(),
    }),
    indexes: (m) => [{ name: "mobility_by_student", value: m.studentId }],
    references: (m) => [
      {
        collection: "students",
        id: m.studentId,
        field: "studentId",
        messageKey: "registration.errors.unknownStudent",
      },
    ],
    audit: { actor },
  });
}

export async function listMobility(
  filter: { studentId?: number; direction?: Direction } = {},
): Promise<Mobility[]> {
  const out: Mobility[] = [];
  if (filter.studentId !== undefined) {
    for await (const e of db().list<number>({ prefix: ["mobility_by_student", filter.studentId] })) {
      const m = (await db().get<Mobility>([MOBILITY, e.value])).value;
      if (m) out.push(m);
    }
  } else {
    for await (const e of db().list<Mobility>({ prefix: [MOBILITY] })) out.push(e.value);
  }
  return out.filter((m) => !filter.direction || m.direction === filter.direction)
    .sort((a, b) => b.from.localeCompare(a.from) || b.id - a.id);
}

export interface RecognitionInput {
  externalCode: string;
  externalName: string;
  externalCredits: number;
  bookId: number;
  groupId: number;
  points: number;
  /** Our credits; the course's own by default. */
  credits?: number;
}

/**
 * Recognizes a course taken during the exchange as one of ours: the transcript gets the entry (points → grade)
 * and the mobility the recognition, in one atomic. The same course already in that semester's transcript →
 * 409 `duplicate`.
 */
export async function recognizeCourse(
  mobilityId: number,
  input: RecognitionInput,
  actor: number | null,
): Promise<Recognition> {
  const fields: Record<string, FieldError> = {};
  const externalCode = text(fields, "externalCode", input.externalCode, 40);
  const externalName = text(fields, "externalName", input.externalName);
  if (!Number.isFinite(input.externalCredits) || input.externalCredits <= 0 || input.externalCredits > 60) {
    fields.externalCredits = { key: "errors.range", params: { min: 1, max: 60 } };
  }
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
  const [mobility, book, group] = await db().getMany<[Mobility, Book, RegistrationGroup]>([
    [MOBILITY, mobilityId],
    ["books", input.bookId],
    ["registration_groups", input.groupId],
  ]);
  if (mobility.versionstamp === null) throw notFound(MOBILITY);
  if (book.versionstamp === null) throw invalid({ bookId: { key: "errors.unknownBook" } });
  if (group.versionstamp === null) throw invalid({ groupId: { key: "errors.unknownGroup" } });
  const studentId = mobility.value.studentId;
  return await withStudentsVersion(async (version) => {
    const [current, totals, bookNow, groupNow] = await db().getMany<
      [Mobility, TranscriptTotals, Book, RegistrationGroup]
    >([[MOBILITY, mobilityId], [TRANSCRIPT_TOTALS, studentId], book.key, group.key]);
    if (current.versionstamp === null) throw notFound(MOBILITY);
    if (bookNow.versionstamp === null || groupNow.versionstamp === null) {
      throw new AppError(409, "conflict", "errors.editConflict");
    }
    // Any transcript write of the student moves the totals, which this atomic checks: a duplicate added
    // meanwhile makes it fail, and the retry finds it here.
    if (await transcriptEntryOf(studentId, input.bookId, input.groupId)) {
      throw new AppError(409, "duplicate", "errors.transcriptDuplicate", {
        fields: { bookId: { key: "errors.transcriptDuplicate" } },
      });
    }
    const entry: TranscriptEntry = {
      id: nextUlid(),
      studentId,
      bookId: input.bookId,
      groupId: input.groupId,
      points: input.points,
      grade: gradeOf(input.points),
      credits: input.credits ?? bookNow.value.credit,
    };
    const recognition: Recognition = {
      id: nextUlid(),
      externalCode,
      externalName,
      externalCredits: input.externalCredits,
      bookId: entry.bookId,
      groupId: entry.groupId,
      credits: entry.credits,
      points: entry.points,
      grade: entry.grade,
      transcriptEntryId: entry.id,
      at: new Date().toISOString(),
      by: actor,
    };
    const after: Mobility = { ...current.value, recognitions: [...current.value.recognitions, recognition] };
    const atomic = db().atomic().check(current, bookNow, groupNow).set(current.key, after);
    await addPublishedEntry(atomic, entry, null, totals, actor);
    addAudit(atomic, {
      entity: MOBILITY,
      entityId: mobilityId,
      actor,
      action: "update",
      before: current.value,
      after,
    });
    addStudentsBump(atomic, version, [studentId]);
    return { atomic, result: recognition };
  });
}
