/**
 * Enrolment: an accepted application becomes a student of the registry (its program, the admission year,
 * status active) in the same atomic that marks the application enrolled — with the student's indexes, the
 * students' version advance and both audit entries — so there is never a student without an enrolled
 * application, nor an enrolled application without its student. A personal number the registry holds already
 * is refused (409 `duplicate` on personalNumber) and changes nothing.
 */
import type { Program, Student } from "../academic/model.ts";
import { studentIndexes } from "../academic/indexes.ts";
import { addAudit } from "../db/audit_log.ts";
import { counterValue, moveCounter } from "../db/counters.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { recordEntries, referenceMark } from "../db/records.ts";
import { normalizeStudent } from "../students/rules.ts";
import { addStudentsBump, withStudentsVersion } from "../students/version.ts";
import { AppError, invalid, notFound } from "../../utils/errors.ts";
import { moveState, wrongState } from "./applications.ts";
import { type Application, APPLICATIONS } from "./model.ts";

const STUDENTS = "students";

export function enrolApplication(
  id: number,
  input: { admissionYear: number; versionstamp?: string },
  actor: number,
): Promise<{ application: Application; student: Student }> {
  return withStudentsVersion(async (version) => {
    const [entry, counter] = await db().getMany<[Application, number]>([[APPLICATIONS, id], [
      "counters",
      STUDENTS,
    ]]);
    if (entry.versionstamp === null) throw notFound(APPLICATIONS);
    if (input.versionstamp && input.versionstamp !== entry.versionstamp) {
      throw new AppError(409, "conflict", "errors.editConflict");
    }
    const before = entry.value;
    if (before.state !== "accepted") throw wrongState(before.state);
    const fields = normalizeStudent({
      personalNumber: before.personalNumber,
      firstNameKa: before.firstNameKa,
      lastNameKa: before.lastNameKa,
      firstNameEn: before.firstNameEn,
      lastNameEn: before.lastNameEn,
      birthDate: before.birthDate,
      email: before.email,
      phone: before.phone,
      programId: before.programId,
      status: "active",
      admissionYear: input.admissionYear,
      citizenship: before.citizenship,
    });
    const studentId = counterValue(counter) + 1;
    const [program, taken, slot] = await db().getMany<[Program, number, unknown]>([
      ["programs", fields.programId],
      ["students_by_personal_number", fields.personalNumber],
      [STUDENTS, studentId],
    ]);
    if (program.versionstamp === null) throw invalid({ programId: { key: "errors.unknownProgram" } });
    if (taken.versionstamp !== null) {
      throw new AppError(409, "duplicate", "admissions.errors.studentExists", {
        fields: { personalNumber: { key: "errors.duplicate" } },
      });
    }
    if (slot.versionstamp !== null) throw new Error(`counter students is behind: record ${studentId} exists`);
    const student: Student = { id: studentId, ...fields, userId: null };
    const at = new Date().toISOString();
    const after: Application = {
      ...before,
      state: "enrolled",
      studentId,
      updatedAt: at,
      history: [...before.history, { state: "enrolled", at, by: actor, reason: null }],
    };
    const atomic = db().atomic().check(entry, program, taken, slot);
    moveCounter(atomic, counter, 1);
    for (const [key, value] of recordEntries(STUDENTS, studentId, student, studentIndexes(student))) {
      atomic.set(key, value);
    }
    atomic.set(referenceMark("programs", fields.programId), nextUlid());
    atomic.set(entry.key, after);
    moveState(atomic, before, after);
    addAudit(atomic, {
      entity: STUDENTS,
      entityId: studentId,
      actor,
      action: "create",
      before: null,
      after: student,
    });
    addAudit(atomic, { entity: APPLICATIONS, entityId: id, actor, action: "update", before, after });
    addStudentsBump(atomic, version, [studentId]);
    return { atomic, result: { application: after, student } };
  });
}
