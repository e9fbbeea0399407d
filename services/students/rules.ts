/**
 * The rules of a student's fields, shared by the students service (the last word, whoever calls it) and the
 * API's zod schemas (which report the same length limits before any read). Every failure names its field with
 * an i18n key, so the form shows it in the person's language.
 */
import { type Student, STUDENT_STATUSES, type StudentStatus } from "../academic/model.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import { HOME_CITIZENSHIP, isCitizenshipCode } from "./citizenship.ts";

/** Georgian personal number (პირადი ნომერი): exactly 11 digits. */
export const PERSONAL_NUMBER_PATTERN = /^\d{11}$/;
/** Mkhedruli (and Mtavruli capitals), spaces and hyphens, as in "ანა-მარია"; a letter first and last. */
export const GEORGIAN_NAME_PATTERN =
  /^[\u10D0-\u10FF\u1C90-\u1CBF](?:[\u10D0-\u10FF\u1C90-\u1CBF -]*[\u10D0-\u10FF\u1C90-\u1CBF])?$/;
/** Latin transliteration as printed in documents: letters, spaces, hyphens and apostrophes; a letter first. */
export const LATIN_NAME_PATTERN = /^[A-Za-z](?:[A-Za-z' -]*[A-Za-z'])?$/;
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Georgian numbers in international form: +995 and nine digits (spaces are removed first). */
export const PHONE_PATTERN = /^\+995\d{9}$/;
export const MIN_AGE = 15;
export const MAX_AGE = 100;
export const FIRST_ADMISSION_YEAR = 1990;

export type StudentInput = Omit<Student, "id" | "userId">;

type Fields = Record<string, FieldError>;

/** The latest admission year accepted: registrars enrol next autumn's students ahead of time. */
export const lastAdmissionYear = (today = new Date()) => today.getUTCFullYear() + 1;

function text(fields: Fields, name: string, value: unknown, max: number): string {
  const trimmed = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  if (typeof value !== "string" && value !== undefined) fields[name] = { key: "errors.invalidType" };
  else if (!trimmed) fields[name] = { key: "errors.required" };
  else if (trimmed.length > max) fields[name] = { key: "errors.tooLong", params: { max } };
  return trimmed;
}

function name(fields: Fields, field: string, value: unknown, pattern: RegExp, key: string): string {
  const trimmed = text(fields, field, value, NAME_MAX);
  if (!fields[field] && !pattern.test(trimmed)) fields[field] = { key };
  return trimmed;
}

/** A real calendar day `YYYY-MM-DD` (so 2001-02-30 is refused), as a UTC date; null otherwise. */
export function parseDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : null;
}

/** Whole years from `birth` to `on`. */
export function ageOn(birth: Date, on: Date): number {
  let age = on.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday = on.getUTCMonth() < birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** The academic year starts on 1 September: that is the day the admission age is measured on. */
const admissionDay = (year: number) => new Date(Date.UTC(year, 8, 1));

/** A student's fields trimmed and checked (the program's existence and uniqueness are the service's); 422. */
export function normalizeStudent(input: StudentInput, today = new Date()): StudentInput {
  const fields: Fields = {};
  const personalNumber = typeof input.personalNumber === "string" ? input.personalNumber.trim() : "";
  if (!personalNumber) fields.personalNumber = { key: "errors.required" };
  else if (!PERSONAL_NUMBER_PATTERN.test(personalNumber)) {
    fields.personalNumber = { key: "errors.personalNumber" };
  }

  const admissionYear = input.admissionYear;
  const lastYear = lastAdmissionYear(today);
  if (typeof admissionYear !== "number" || !Number.isInteger(admissionYear)) {
    fields.admissionYear = { key: admissionYear === undefined ? "errors.required" : "errors.invalidType" };
  } else if (admissionYear < FIRST_ADMISSION_YEAR) {
    fields.admissionYear = { key: "errors.tooSmall", params: { min: FIRST_ADMISSION_YEAR } };
  } else if (admissionYear > lastYear) {
    fields.admissionYear = { key: "errors.tooBig", params: { max: lastYear } };
  }

  const birthDate = typeof input.birthDate === "string" ? input.birthDate.trim() : "";
  const birth = parseDay(birthDate);
  if (!birthDate) fields.birthDate = { key: "errors.required" };
  else if (!birth) fields.birthDate = { key: "errors.invalidDate" };
  else if (!fields.admissionYear) {
    const age = ageOn(birth, admissionDay(admissionYear));
    if (age < MIN_AGE || age > MAX_AGE) {
      fields.birthDate = { key: "errors.admissionAge", params: { min: MIN_AGE, max: MAX_AGE } };
    }
  }

  const email = text(fields, "email", input.email, EMAIL_MAX).toLowerCase();
  if (!fields.email && !EMAIL_PATTERN.test(email)) fields.email = { key: "errors.email" };

  const phone = typeof input.phone === "string" ? input.phone.replace(/[\s()-]/g, "") : "";
  if (typeof input.phone !== "string" && input.phone !== undefined) {
    fields.phone = { key: "errors.invalidType" };
  } else if (phone && !PHONE_PATTERN.test(phone)) fields.phone = { key: "errors.phone" };

  const programId = input.programId;
  if (typeof programId !== "number" || !Number.isInteger(programId) || programId < 1) {
    fields.programId = { key: programId === undefined ? "errors.required" : "errors.unknownProgram" };
  }
  const status = input.status as StudentStatus;
  if (!STUDENT_STATUSES.includes(status)) {
    fields.status = { key: status === undefined ? "errors.required" : "errors.invalidChoice" };
  }

  // Not sent (a form without the field, an older client): a Georgian citizen, as every earlier record reads.
  const citizenship = typeof input.citizenship === "string"
    ? input.citizenship.trim().toUpperCase()
    : HOME_CITIZENSHIP;
  if (input.citizenship !== undefined && typeof input.citizenship !== "string") {
    fields.citizenship = { key: "errors.invalidType" };
  } else if (!isCitizenshipCode(citizenship)) fields.citizenship = { key: "errors.invalidChoice" };

  const student: StudentInput = {
    personalNumber,
    firstNameKa: name(
      fields,
      "firstNameKa",
      input.firstNameKa,
      GEORGIAN_NAME_PATTERN,
      "errors.georgianLetters",
    ),
    lastNameKa: name(fields, "lastNameKa", input.lastNameKa, GEORGIAN_NAME_PATTERN, "errors.georgianLetters"),
    firstNameEn: name(fields, "firstNameEn", input.firstNameEn, LATIN_NAME_PATTERN, "errors.latinLetters"),
    lastNameEn: name(fields, "lastNameEn", input.lastNameEn, LATIN_NAME_PATTERN, "errors.latinLetters"),
    birthDate,
    email,
    phone,
    programId,
    status,
    admissionYear,
    citizenship,
  };
  if (Object.keys(fields).length) throw invalid(fields);
  return student;
}
