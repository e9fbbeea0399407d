/**
 * bookEligibility: reads what books/eligibility.ts needs for one course and one student (the course's
 * conditions, the student's program and transcript, the rule-students list, names in both languages) and
 * evaluates it.
 */
import type { Program, Student } from "../academic/model.ts";
import { readConditions } from "./conditions.ts";
import { type Bilingual, type EligibilityResult, evaluateEligibility } from "./eligibility.ts";
import { getBooks } from "./mod.ts";
import { getRecord } from "../db/reads.ts";
import { isRuleStudent } from "./rule_students.ts";
import { listAllPrograms } from "../structure/mod.ts";
import { listTranscript } from "../students/transcripts.ts";
import { invalid } from "../../utils/errors.ts";

export interface EligibilityReport extends EligibilityResult {
  student: { id: number; name: Bilingual; program: Bilingual };
}

export async function bookEligibility(bookId: number, studentId: number): Promise<EligibilityReport> {
  const [conditions, student, transcript, listed, programs] = await Promise.all([
    readConditions(bookId), // 404 when the course does not exist
    getRecord<Student>("students", studentId),
    listTranscript(studentId),
    isRuleStudent(bookId, studentId),
    listAllPrograms(),
  ]);
  if (!student) throw invalid({ studentId: { key: "bookDialogs.errors.unknownStudent" } });
  const memberIds = conditions.groups.flatMap((g) => g.conditions.map((m) => m.bookId));
  const books = await getBooks(memberIds);
  const courseNames = new Map<number, Bilingual>(
    [...books].map(([id, b]) => [id, { ka: b.name, en: b.nameEng || b.name }]),
  );
  const programNames = new Map<number, Bilingual>(
    programs.map((p: Program) => [p.id, { ka: p.nameKa, en: p.nameEn || p.nameKa }]),
  );
  const s = student.value;
  const result = evaluateEligibility({
    conditions,
    transcript,
    programId: s.programId,
    listed,
    courseNames,
    programNames,
  });
  return {
    ...result,
    student: {
      id: s.id,
      name: { ka: `${s.firstNameKa} ${s.lastNameKa}`, en: `${s.firstNameEn} ${s.lastNameEn}` },
      program: programNames.get(s.programId) ?? { ka: `#${s.programId}`, en: `#${s.programId}` },
    },
  };
}
