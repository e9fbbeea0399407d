/**
 * A course's registration conditions (SPEC §3 Condition group, Condition, Program restriction; §7.2): groups of
 * type `condition` (equal conditions: courses to have passed) and `nonCondition` (anti-conditions: courses that
 * must not have been passed), each with a name, a numeric limit and member courses; a GPA limit; and the
 * programs the course is restricted to. All of one course's conditions are one value, `["book_conditions",
 * bookId]` (books/dialog_store.ts), so that `conditionStatus` (books/flags.ts) follows them in the same atomic.
 *
 * The GPA limit lives here and not on the course record: a change in this dialog must not conflict with someone
 * editing the course form. What the rules mean for a student is decided in book_eligibility.ts.
 */
import { changeBookDoc, nowIso, readBookDoc } from "./dialog_store.ts";
import { getBook } from "./mod.ts";
import { listAllPrograms } from "../structure/mod.ts";
import { AppError, type FieldError, forbidden, invalid, notFound } from "../../utils/errors.ts";

export type ConditionGroupType = "condition" | "nonCondition";
export const CONDITION_GROUP_TYPES: readonly ConditionGroupType[] = ["condition", "nonCondition"];
export type GroupAction = "addGroup" | "editGroup" | "removeGroup" | "addBook" | "removeBook" | "logs";

/** A member course of a group; `name` is the course's name when it was added (the view shows the current one). */
export interface Condition {
  bookId: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ConditionGroup {
  id: number;
  type: ConditionGroupType;
  /** The course the group belongs to. */
  bookId: number;
  name: string;
  /** Equal conditions: how many members must be passed; anti-conditions: how many passed members block.
   * 0 means "all of them" and "any one of them" respectively (see books/eligibility.ts). */
  limit: number;
  conditions: Condition[];
  created_at: string;
  updated_at: string;
}

export interface ProgramRestriction {
  programId: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface BookConditions {
  groups: ConditionGroup[];
  programs: ProgramRestriction[];
  /** 0–4; null: no GPA condition. */
  gpaLimit: number | null;
  /** Group ids are per course. */
  nextGroupId: number;
}

export const EMPTY_CONDITIONS: BookConditions = { groups: [], programs: [], gpaLimit: null, nextGroupId: 1 };
export const GROUP_NAME_MAX = 200;
export const LIMIT_MAX = 999;
export const GPA_MAX = 4;
export const MAX_GROUPS = 50;
export const MAX_MEMBERS = 100;
export const MAX_PROGRAMS = 200;

const ENTITY = "book_conditions";

/** Who may do what: the router answers from the caller's permission keys of the group's type. */
export type ConditionAuthorizer = (type: ConditionGroupType, action: GroupAction) => boolean;

export const conditionStatusOf = (c: BookConditions): 0 | 1 =>
  c.groups.length > 0 || c.programs.length > 0 || c.gpaLimit !== null ? 1 : 0;

export async function readConditions(bookId: number): Promise<BookConditions> {
  return (await readBookDoc<BookConditions>(ENTITY, bookId)) ?? structuredClone(EMPTY_CONDITIONS);
}

// ---- validation (SPEC §5: condition group name required, limit numeric) ----

export interface GroupInput {
  name: unknown;
  limit?: unknown;
}

/** A number written as a number or as text ("2", "3.5"); null when empty; NaN when it is no number. */
function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") return value.trim() === "" ? null : Number(value.trim());
  return Number.NaN;
}

export function normalizeGroupInput(input: GroupInput): { name: string; limit: number } {
  const fields: Record<string, FieldError> = {};
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name) fields.name = { key: "errors.required" };
  else if (name.length > GROUP_NAME_MAX) {
    fields.name = { key: "errors.tooLong", params: { max: GROUP_NAME_MAX } };
  }
  const limit = numberOf(input.limit) ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > LIMIT_MAX) {
    fields.limit = { key: "bookDialogs.errors.limitNumeric", params: { max: LIMIT_MAX } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return { name, limit };
}

/** Empty → null (no GPA condition); otherwise a number 0–4 with at most two decimals. */
export function normalizeGpaLimit(value: unknown): number | null {
  const gpa = numberOf(value);
  if (gpa === null) return null;
  if (!Number.isFinite(gpa) || gpa < 0 || gpa > GPA_MAX || Math.round(gpa * 100) !== gpa * 100) {
    throw invalid({ gpaLimit: { key: "bookDialogs.errors.gpaRange", params: { max: GPA_MAX } } });
  }
  return gpa;
}

// ---- changes ----

function groupOf(conditions: BookConditions, groupId: number): ConditionGroup {
  const group = conditions.groups.find((g) => g.id === groupId);
  if (!group) throw notFound("condition_groups");
  return group;
}

function authorize(allow: ConditionAuthorizer, type: ConditionGroupType, action: GroupAction): void {
  if (!allow(type, action)) throw forbidden();
}

/** Commits `edit` of the course's conditions with its audit entry and the course's `conditionStatus`. */
function changeConditions(
  bookId: number,
  actor: number | null,
  what: string,
  edit: (
    c: BookConditions,
  ) => { before: unknown; after: unknown } | Promise<{ before: unknown; after: unknown }>,
): Promise<void> {
  return changeBookDoc<BookConditions, void>(ENTITY, bookId, actor, async (current) => {
    const conditions = current ?? structuredClone(EMPTY_CONDITIONS);
    const { before, after } = await edit(conditions);
    const empty = conditionStatusOf(conditions) === 0;
    return {
      // An empty value is kept for its group counter, unless nothing was ever added.
      next: empty && conditions.nextGroupId === 1 ? null : conditions,
      audit: {
        action: before === null ? "create" : after === null ? "remove" : "update",
        what,
        before,
        after,
      },
      flags: { conditionStatus: conditionStatusOf(conditions) },
      result: undefined,
    };
  });
}

export async function addConditionGroup(
  bookId: number,
  input: GroupInput & { type: ConditionGroupType },
  actor: number | null,
  allow: ConditionAuthorizer,
): Promise<void> {
  authorize(allow, input.type, "addGroup");
  const fields = normalizeGroupInput(input);
  await changeConditions(bookId, actor, "conditionGroupAdd", (c) => {
    if (c.groups.length >= MAX_GROUPS) throw tooMany(MAX_GROUPS);
    const at = nowIso();
    const group: ConditionGroup = {
      id: c.nextGroupId++,
      type: input.type,
      bookId,
      ...fields,
      conditions: [],
      created_at: at,
      updated_at: at,
    };
    c.groups.push(group);
    return { before: null, after: group };
  });
}

export async function editConditionGroup(
  bookId: number,
  groupId: number,
  input: GroupInput,
  actor: number | null,
  allow: ConditionAuthorizer,
): Promise<void> {
  const fields = normalizeGroupInput(input);
  await changeConditions(bookId, actor, "conditionGroupEdit", (c) => {
    const group = groupOf(c, groupId);
    authorize(allow, group.type, "editGroup");
    const before = structuredClone(group);
    Object.assign(group, fields, { updated_at: nowIso() });
    return { before, after: group };
  });
}

export async function removeConditionGroup(
  bookId: number,
  groupId: number,
  actor: number | null,
  allow: ConditionAuthorizer,
): Promise<void> {
  await changeConditions(bookId, actor, "conditionGroupRemove", (c) => {
    const group = groupOf(c, groupId);
    authorize(allow, group.type, "removeGroup");
    c.groups = c.groups.filter((g) => g !== group);
    return { before: group, after: null };
  });
}

/** Adds a course to a group: it must exist, differ from the group's own course and not be in the group yet. */
export async function addCondition(
  bookId: number,
  groupId: number,
  memberId: number,
  actor: number | null,
  allow: ConditionAuthorizer,
): Promise<void> {
  if (memberId === bookId) throw invalid({ bookId: { key: "bookDialogs.errors.selfCondition" } });
  const member = await getBook(memberId);
  if (!member) throw invalid({ bookId: { key: "errors.unknownBook" } });
  await changeConditions(bookId, actor, "conditionAdd", (c) => {
    const group = groupOf(c, groupId);
    authorize(allow, group.type, "addBook");
    if (group.conditions.some((m) => m.bookId === memberId)) {
      throw new AppError(409, "duplicate", "bookDialogs.errors.alreadyInGroup", {
        fields: { bookId: { key: "bookDialogs.errors.alreadyInGroup" } },
      });
    }
    if (group.conditions.length >= MAX_MEMBERS) throw tooMany(MAX_MEMBERS);
    const at = nowIso();
    const condition: Condition = { bookId: memberId, name: member.name, created_at: at, updated_at: at };
    group.conditions.push(condition);
    group.updated_at = at;
    return { before: null, after: { groupId, groupName: group.name, type: group.type, ...condition } };
  });
}

export async function removeCondition(
  bookId: number,
  groupId: number,
  memberId: number,
  actor: number | null,
  allow: ConditionAuthorizer,
): Promise<void> {
  await changeConditions(bookId, actor, "conditionRemove", (c) => {
    const group = groupOf(c, groupId);
    authorize(allow, group.type, "removeBook");
    const condition = group.conditions.find((m) => m.bookId === memberId);
    if (!condition) throw notFound("conditions");
    group.conditions = group.conditions.filter((m) => m !== condition);
    group.updated_at = nowIso();
    return { before: { groupId, groupName: group.name, type: group.type, ...condition }, after: null };
  });
}

export async function setGpaLimit(bookId: number, value: unknown, actor: number | null): Promise<void> {
  const gpaLimit = normalizeGpaLimit(value);
  await changeConditions(bookId, actor, "gpaLimitSet", (c) => {
    const before = c.gpaLimit;
    c.gpaLimit = gpaLimit;
    return {
      before: before === null ? null : { gpaLimit: before },
      after: gpaLimit === null ? null : { gpaLimit },
    };
  });
}

export async function addProgramRestriction(bookId: number, programId: number, actor: number | null) {
  const program = (await listAllPrograms()).find((p) => p.id === programId);
  if (!program) throw invalid({ programId: { key: "errors.unknownProgram" } });
  await changeConditions(bookId, actor, "programRestrictionAdd", (c) => {
    if (c.programs.some((p) => p.programId === programId)) {
      throw new AppError(409, "duplicate", "bookDialogs.errors.programListed", {
        fields: { programId: { key: "bookDialogs.errors.programListed" } },
      });
    }
    if (c.programs.length >= MAX_PROGRAMS) throw tooMany(MAX_PROGRAMS);
    const at = nowIso();
    const restriction = { programId, name: program.nameKa, created_at: at, updated_at: at };
    c.programs.push(restriction);
    return { before: null, after: restriction };
  });
}

export async function removeProgramRestriction(bookId: number, programId: number, actor: number | null) {
  await changeConditions(bookId, actor, "programRestrictionRemove", (c) => {
    const restriction = c.programs.find((p) => p.programId === programId);
    if (!restriction) throw notFound("program_restrictions");
    c.programs = c.programs.filter((p) => p !== restriction);
    return { before: restriction, after: null };
  });
}

const tooMany = (max: number) =>
  new AppError(409, "too_many", "bookDialogs.errors.tooMany", { params: { max } });
