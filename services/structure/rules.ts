/**
 * The rules of a school's and a program's fields, shared by the structure service (which is the last word,
 * whoever calls it) and the API's zod schemas (which report the same limits before any read).
 */
import { LEVELS, PROGRAM_STATUSES, TEACHING_LANGUAGES } from "../../utils/structure_values.ts";
import type { Program, School } from "../academic/model.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";

export const NAME_MAX = 200;
export const CODE_MAX = 20;
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const CREDITS_MIN = 1;
export const CREDITS_MAX = 600;
export { PROGRAM_STATUSES, TEACHING_LANGUAGES } from "../../utils/structure_values.ts";

export type SchoolInput = Omit<School, "id">;
export type ProgramInput = Omit<Program, "id">;

type Fields = Record<string, FieldError>;

function text(fields: Fields, name: string, value: unknown, max: number): string {
  const trimmed = typeof value === "string" ? value.trim() : "";
  if (typeof value !== "string" && value !== undefined) fields[name] = { key: "errors.invalidType" };
  else if (!trimmed) fields[name] = { key: "errors.required" };
  else if (trimmed.length > max) fields[name] = { key: "errors.tooLong", params: { max } };
  return trimmed;
}

function code(fields: Fields, value: unknown): string {
  const trimmed = text(fields, "code", value, CODE_MAX);
  if (!fields.code && !CODE_PATTERN.test(trimmed)) fields.code = { key: "errors.invalidFormat" };
  return trimmed;
}

function wholeNumber(fields: Fields, name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    fields[name] = { key: value === undefined ? "errors.required" : "errors.invalidType" };
  } else if (value < min) fields[name] = { key: "errors.tooSmall", params: { min } };
  else if (value > max) fields[name] = { key: "errors.tooBig", params: { max } };
  return value as number;
}

function choice<T extends string | number>(
  fields: Fields,
  name: string,
  value: unknown,
  allowed: readonly T[],
) {
  if (!allowed.includes(value as T)) {
    fields[name] = { key: value === undefined ? "errors.required" : "errors.invalidChoice" };
  }
  return value as T;
}

/** A school's fields trimmed and checked (references are checked by the service); 422 naming each bad field. */
export function normalizeSchool(input: SchoolInput): SchoolInput {
  const fields: Fields = {};
  const school: SchoolInput = {
    nameKa: text(fields, "nameKa", input.nameKa, NAME_MAX),
    nameEn: text(fields, "nameEn", input.nameEn, NAME_MAX),
    code: code(fields, input.code),
    deanHrId: input.deanHrId ?? null,
  };
  if (school.deanHrId !== null) wholeNumber(fields, "deanHrId", school.deanHrId, 1, Number.MAX_SAFE_INTEGER);
  if (Object.keys(fields).length) throw invalid(fields);
  return school;
}

/** A program's fields trimmed and checked (the school's existence is checked by the service). */
export function normalizeProgram(input: ProgramInput): ProgramInput {
  const fields: Fields = {};
  const program: ProgramInput = {
    nameKa: text(fields, "nameKa", input.nameKa, NAME_MAX),
    nameEn: text(fields, "nameEn", input.nameEn, NAME_MAX),
    code: code(fields, input.code),
    schoolId: wholeNumber(fields, "schoolId", input.schoolId, 1, Number.MAX_SAFE_INTEGER),
    level: choice(fields, "level", input.level, LEVELS),
    credits: wholeNumber(fields, "credits", input.credits, CREDITS_MIN, CREDITS_MAX),
    language: choice(fields, "language", input.language, TEACHING_LANGUAGES),
    status: choice(fields, "status", input.status, PROGRAM_STATUSES),
  };
  if (Object.keys(fields).length) throw invalid(fields);
  return program;
}
