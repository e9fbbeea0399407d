/**
 * The rules of an application's fields, the same the registry applies to a student (students/rules.ts) where
 * the two share a field, so an accepted application always enrols. Every failure names its field with an i18n
 * key, so the form shows it in the applicant's language; all failures are reported together.
 */
import {
  ageOn,
  EMAIL_MAX,
  GEORGIAN_NAME_PATTERN,
  LATIN_NAME_PATTERN,
  MAX_AGE,
  MIN_AGE,
  NAME_MAX,
  parseDay,
  PERSONAL_NUMBER_PATTERN,
  PHONE_PATTERN,
} from "../students/rules.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import type { ApplicantFields } from "./model.ts";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CITIZENSHIP_PATTERN = /^[A-Z]{2}$/;
export const REASON_MAX = 500;

/** What the form posts, as text (a missing field is ""). */
export type ApplicantForm = Record<keyof ApplicantFields, string>;

type Fields = Record<string, FieldError>;

const clean = (value: string) => value.trim().replace(/\s+/g, " ");

function required(fields: Fields, field: string, value: string, max: number): string {
  const text = clean(value);
  if (!text) fields[field] = { key: "errors.required" };
  else if (text.length > max) fields[field] = { key: "errors.tooLong", params: { max } };
  return text;
}

function name(fields: Fields, field: string, value: string, pattern: RegExp, key: string): string {
  const text = required(fields, field, value, NAME_MAX);
  if (!fields[field] && !pattern.test(text)) fields[field] = { key };
  return text;
}

/** The applicant's fields trimmed and checked against `today` (the age on 1 September); 422 otherwise. */
export function normalizeApplicant(form: ApplicantForm, today = new Date()): ApplicantFields {
  const fields: Fields = {};
  const personalNumber = form.personalNumber.trim();
  if (!personalNumber) fields.personalNumber = { key: "errors.required" };
  else if (!PERSONAL_NUMBER_PATTERN.test(personalNumber)) {
    fields.personalNumber = { key: "errors.personalNumber" };
  }

  const birthDate = form.birthDate.trim();
  const birth = parseDay(birthDate);
  if (!birthDate) fields.birthDate = { key: "errors.required" };
  else if (!birth) fields.birthDate = { key: "errors.invalidDate" };
  else {
    const age = ageOn(birth, admissionDay(today));
    if (age < MIN_AGE || age > MAX_AGE) {
      fields.birthDate = { key: "errors.admissionAge", params: { min: MIN_AGE, max: MAX_AGE } };
    }
  }

  const citizenship = form.citizenship.trim().toUpperCase();
  if (!citizenship) fields.citizenship = { key: "errors.required" };
  else if (!CITIZENSHIP_PATTERN.test(citizenship)) fields.citizenship = { key: "errors.invalidChoice" };

  const email = required(fields, "email", form.email, EMAIL_MAX).toLowerCase();
  if (!fields.email && !EMAIL_PATTERN.test(email)) fields.email = { key: "errors.email" };

  const phone = form.phone.replace(/[\s()-]/g, "");
  if (!phone) fields.phone = { key: "errors.required" };
  else if (!PHONE_PATTERN.test(phone)) fields.phone = { key: "admissions.errors.phone" };

  const programId = /^\d{1,9}$/.test(form.programId.trim()) ? Number(form.programId.trim()) : 0;
  if (!form.programId.trim()) fields.programId = { key: "errors.required" };
  else if (programId < 1) fields.programId = { key: "errors.unknownProgram" };

  const applicant: ApplicantFields = {
    personalNumber,
    firstNameKa: name(
      fields,
      "firstNameKa",
      form.firstNameKa,
      GEORGIAN_NAME_PATTERN,
      "errors.georgianLetters",
    ),
    lastNameKa: name(fields, "lastNameKa", form.lastNameKa, GEORGIAN_NAME_PATTERN, "errors.georgianLetters"),
    firstNameEn: name(fields, "firstNameEn", form.firstNameEn, LATIN_NAME_PATTERN, "errors.latinLetters"),
    lastNameEn: name(fields, "lastNameEn", form.lastNameEn, LATIN_NAME_PATTERN, "errors.latinLetters"),
    birthDate,
    citizenship,
    email,
    phone,
    programId,
  };
  if (Object.keys(fields).length) throw invalid(fields);
  return applicant;
}

/** Applicants apply for the academic year that starts next: the one starting on the coming 1 September. */
export function admissionYearOf(today: Date): number {
  const year = today.getUTCFullYear();
  return today.getUTCMonth() >= 8 ? year + 1 : year;
}

const admissionDay = (today: Date) => new Date(Date.UTC(admissionYearOf(today), 8, 1));

/** A decision's reason: required for a rejection, optional otherwise, at most REASON_MAX characters. */
export function normalizeReason(reason: string | undefined, isRequired: boolean): string | null {
  const text = clean(reason ?? "");
  if (!text && isRequired) throw invalid({ reason: { key: "errors.required" } });
  if (text.length > REASON_MAX) {
    throw invalid({ reason: { key: "errors.tooLong", params: { max: REASON_MAX } } });
  }
  return text || null;
}
