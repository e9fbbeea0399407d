/**
 * A course's rule students ("students with prerequisite", SPEC §2.5, §7.2): the students listed for a course,
 * who are exempt from its prerequisites (see books/eligibility.ts). Staff paste ids separated by spaces, commas
 * or new lines; known students are added, unknown ids are reported back. One value per course,
 * `["rule_students", bookId] → { ids }` (books/dialog_store.ts), so adding and clearing are each one atomic.
 */
import type { Student } from "../academic/model.ts";
import { changeBookDoc, readBookDoc } from "./dialog_store.ts";
import { getManyRecords } from "../db/reads.ts";
import { AppError, invalid } from "../../utils/errors.ts";

export interface RuleStudents {
  /** Student ids, ascending. */
  ids: number[];
}

const ENTITY = "rule_students";
/** Ids one request may name (the text field's cap). */
export const MAX_IDS_PER_ADD = 1000;
/** Students one course may list (keeps the value well under KV's 64 KiB). */
export const MAX_RULE_STUDENTS = 5000;
export const STUDENT_IDS_TEXT_MAX = 20_000;

export interface ParsedIds {
  ids: number[];
  /** Tokens that are no student id at all (letters, zero, huge numbers). */
  invalid: string[];
}

/** Splits the text at spaces, commas, semicolons and line breaks; repeated ids count once. */
export function parseStudentIds(text: string): ParsedIds {
  const ids = new Set<number>();
  const bad: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const id = /^\d{1,15}$/.test(token) ? Number(token) : 0;
    if (id >= 1 && Number.isSafeInteger(id)) ids.add(id);
    else if (!bad.includes(token)) bad.push(token);
  }
  return { ids: [...ids], invalid: bad };
}

export async function isRuleStudent(bookId: number, studentId: number): Promise<boolean> {
  const doc = await readBookDoc<RuleStudents>(ENTITY, bookId);
  return doc?.ids.includes(studentId) ?? false;
}

export interface RuleStudentRow {
  studentId: number;
  name: string;
  nameEn: string;
  programId: number | null;
}

/** One page of the course's rule students (by id), with their names. */
export async function listRuleStudents(
  bookId: number,
  page = 1,
  limit = 50,
): Promise<{ data: RuleStudentRow[]; total: number }> {
  const ids = (await readBookDoc<RuleStudents>(ENTITY, bookId))?.ids ?? [];
  const slice = ids.slice((page - 1) * limit, page * limit);
  const students = await getManyRecords<Student>("students", slice);
  return {
    data: slice.map((studentId, i) => {
      const s = students[i]?.value;
      return {
        studentId,
        name: s ? `${s.firstNameKa} ${s.lastNameKa}` : "",
        nameEn: s ? `${s.firstNameEn} ${s.lastNameEn}` : "",
        programId: s?.programId ?? null,
      };
    }),
    total: ids.length,
  };
}

export interface AddRuleStudentsResult {
  result: "yes";
  added: number[];
  alreadyListed: number[];
  /** Ids of no student, and tokens that are no id. */
  unknown: string[];
}

/**
 * Adds the known students of `text`. Refused (422 on `studentIds`) when the text names no known student at all;
 * otherwise the unknown ids are reported and the known ones added.
 */
export async function addRuleStudents(
  bookId: number,
  text: string,
  actor: number | null,
): Promise<AddRuleStudentsResult> {
  const parsed = parseStudentIds(text);
  if (parsed.ids.length === 0 && parsed.invalid.length === 0) {
    throw invalid({ studentIds: { key: "errors.required" } });
  }
  if (parsed.ids.length + parsed.invalid.length > MAX_IDS_PER_ADD) {
    throw invalid({ studentIds: { key: "bookDialogs.errors.tooManyIds", params: { max: MAX_IDS_PER_ADD } } });
  }
  const records = await getManyRecords<Student>("students", parsed.ids);
  const known = parsed.ids.filter((_, i) => records[i] !== null);
  const unknown = [...parsed.ids.filter((_, i) => records[i] === null).map(String), ...parsed.invalid];
  if (known.length === 0) {
    throw invalid({
      studentIds: { key: "bookDialogs.errors.noKnownStudents", params: { ids: abbreviated(unknown) } },
    });
  }
  // Nothing new to add: answer without writing (and without an empty entry in the course's log).
  const listedNow = new Set((await readBookDoc<RuleStudents>(ENTITY, bookId))?.ids ?? []);
  if (known.every((id) => listedNow.has(id))) {
    return { result: "yes", added: [], alreadyListed: known, unknown };
  }
  return await changeBookDoc<RuleStudents, AddRuleStudentsResult>(ENTITY, bookId, actor, (current) => {
    const listed = new Set(current?.ids ?? []);
    const added = known.filter((id) => !listed.has(id)).sort((a, b) => a - b);
    const alreadyListed = known.filter((id) => listed.has(id));
    if (listed.size + added.length > MAX_RULE_STUDENTS) {
      throw new AppError(409, "too_many", "bookDialogs.errors.tooMany", {
        params: { max: MAX_RULE_STUDENTS },
      });
    }
    for (const id of added) listed.add(id);
    return {
      next: { ids: [...listed].sort((a, b) => a - b) },
      audit: {
        action: current ? "update" : "create",
        what: "ruleStudentsAdd",
        before: null,
        after: { added },
      },
      result: { result: "yes", added, alreadyListed, unknown },
    };
  });
}

/** Empties the list; returns how many students it held. */
export function clearRuleStudents(
  bookId: number,
  actor: number | null,
): Promise<{ result: "yes"; removed: number }> {
  return changeBookDoc<RuleStudents, { result: "yes"; removed: number }>(
    ENTITY,
    bookId,
    actor,
    (current) => ({
      next: null,
      audit: {
        action: "remove",
        what: "ruleStudentsClear",
        before: { ids: current?.ids ?? [] },
        after: null,
      },
      result: { result: "yes", removed: current?.ids.length ?? 0 },
    }),
  );
}

const abbreviated = (items: string[]) =>
  items.length > 20 ? `${items.slice(0, 20).join(", ")}, …` : items.join(", ");
