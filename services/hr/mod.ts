/**
 * The hr domain (services/hr/) owns personnel records and their in-process snapshot. This file: HR records of
 * academic and administrative personnel (`["hr", id]`). A user's `hrUserId` points here; the profile pages
 * and the personnel lists at /hr read them. The collection is small (hundreds), so lists filter and sort in
 * memory after one prefix read.
 */
import type { HrPerson, PersonnelKind, School } from "../academic/model.ts";
import { hrIndexes } from "../academic/indexes.ts";
import { hrChanged, hrSnapshot } from "./snapshot.ts";
import { createRecord, type Reference, type StoredRecord, updateRecord } from "../db/records.ts";
import { getRecord, listIdsByIndex } from "../db/reads.ts";
import { getUser } from "../identity/users.ts";
import { type KeyHolder, visiblePersonalFields, withoutHiddenPersonal } from "../identity/personal_data.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";
import { frozen, memoByIdentity } from "../../utils/identity_tag.ts";
import { listAllSchools } from "../structure/mod.ts";

export const HR = "hr";
export const PERSONNEL_KINDS: readonly PersonnelKind[] = ["academic", "administrative"];

export type HrInput = Omit<HrPerson, "id">;
export type HrRecord = StoredRecord<HrPerson, number>;

export interface HrFilter {
  kind?: PersonnelKind;
  /** Words that must all occur in the names (both scripts), email or position; digits alone also match the id. */
  text?: string;
  schoolId?: number;
  /** 1-based. */
  page?: number;
  limit?: number;
  /** Sorting follows the names in this language's script. */
  lang?: Lang;
}

export const NAME_MAX = 100;
export const POSITION_MAX = 150;
export const EMAIL_MAX = 254;
const LATIN_NAME = /^[A-Za-z' -]+$/;
// Mkhedruli (the everyday script) and Mtavruli (its capitals).
const GEORGIAN_NAME = /^[\u10D0-\u10FF\u1C90-\u1CBF' -]+$/;
const HAS_LETTER = /[A-Za-z\u10D0-\u10FF\u1C90-\u1CBF]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GEORGIAN_PHONE = /^\+995\d{9}$/;

/** Checks shared with the API's request schema, so that it reports the same field errors as this module. */
export const isGeorgianName = (v: string) => GEORGIAN_NAME.test(v) && HAS_LETTER.test(v);
export const isLatinName = (v: string) => LATIN_NAME.test(v) && HAS_LETTER.test(v);
export const isEmail = (v: string) => EMAIL.test(v.trim());
export const normalizePhone = (v: string) => v.replace(/[\s()-]/g, "");
/** Empty, or +995 and 9 digits once spaces, dashes and brackets are left out. */
export const isPhone = (v: string) => v === "" || GEORGIAN_PHONE.test(normalizePhone(v));

const collators: Record<Lang, Intl.Collator> = {
  ka: new Intl.Collator("ka"),
  en: new Intl.Collator("en"),
};

export async function getHr(id: number): Promise<HrRecord | null> {
  return await getRecord<HrPerson>(HR, id) as HrRecord | null;
}

/** Every HR record (from the in-memory snapshot, see hr/snapshot.ts). */
export async function allHr(): Promise<HrRecord[]> {
  return [...(await hrSnapshot()).records];
}

/** A page of the filtered list, sorted by last and first name, with the count of all matches. */
export async function listHr(filter: HrFilter = {}): Promise<{ items: HrRecord[]; total: number }> {
  const words = (filter.text ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const snapshot = await hrSnapshot();
  const byId = words.length === 1 && /^\d+$/.test(words[0]) ? Number(words[0]) : null;
  const matches = snapshot.sorted(filter.lang ?? "ka").filter(({ id, value: p }) =>
    (!filter.kind || p.kind === filter.kind) &&
    (filter.schoolId === undefined || p.schoolId === filter.schoolId) &&
    (words.length === 0 || id === byId || words.every((word) => snapshot.haystacks.get(id)!.includes(word)))
  );
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 15) || 15, 1), 1000);
  const page = Math.max(Math.trunc(filter.page ?? 1) || 1, 1);
  return { items: matches.slice((page - 1) * limit, page * limit), total: matches.length };
}

/** Trims the texts and writes the email in lower case and the phone without spaces or dashes. */
export function normalizeHrInput(input: HrInput): HrInput {
  return {
    kind: input.kind,
    firstNameKa: input.firstNameKa.trim(),
    lastNameKa: input.lastNameKa.trim(),
    firstNameEn: input.firstNameEn.trim(),
    lastNameEn: input.lastNameEn.trim(),
    position: input.position.trim(),
    schoolId: input.schoolId ?? null,
    email: input.email.trim().toLowerCase(),
    phone: normalizePhone(input.phone ?? ""),
    userId: input.userId ?? null,
  };
}

/** Field errors of a normalized input (422 when any); the school and the linked account must exist. */
export async function validateHr(input: HrInput): Promise<void> {
  const fields: Record<string, FieldError> = {};
  if (!PERSONNEL_KINDS.includes(input.kind)) fields.kind = { key: "errors.invalidChoice" };
  for (const name of ["firstNameKa", "lastNameKa"] as const) {
    const error = nameError(input[name], isGeorgianName, "errors.georgianLetters");
    if (error) fields[name] = error;
  }
  for (const name of ["firstNameEn", "lastNameEn"] as const) {
    const error = nameError(input[name], isLatinName, "errors.latinLetters");
    if (error) fields[name] = error;
  }
  if (!input.position) fields.position = { key: "errors.required" };
  else if (input.position.length > POSITION_MAX) fields.position = tooLong(POSITION_MAX);
  if (!input.email) fields.email = { key: "errors.required" };
  else if (input.email.length > EMAIL_MAX) fields.email = tooLong(EMAIL_MAX);
  else if (!isEmail(input.email)) fields.email = { key: "errors.email" };
  if (!isPhone(input.phone)) fields.phone = { key: "errors.phone" };
  const [school, user] = await Promise.all([
    input.schoolId === null ? null : getRecord<School>("schools", input.schoolId),
    input.userId === null ? null : getUser(input.userId),
  ]);
  if (input.schoolId !== null && !school) fields.schoolId = { key: "errors.unknownSchool" };
  if (input.userId !== null && !user) fields.userId = { key: "errors.unknownUser" };
  if (Object.keys(fields).length) throw invalid(fields);
}

function nameError(value: string, inScript: (v: string) => boolean, scriptKey: string): FieldError | null {
  if (!value) return { key: "errors.required" };
  if (value.length > NAME_MAX) return tooLong(NAME_MAX);
  if (!inScript(value)) return { key: scriptKey };
  return null;
}

const tooLong = (max: number): FieldError => ({ key: "errors.tooLong", params: { max } });

/** The school and the account a record names must exist when it is written (and stay while it names them). */
const hrReferences = (p: HrPerson): Reference[] => [
  ...(p.schoolId === null ? [] : [{
    collection: "schools",
    id: p.schoolId,
    field: "schoolId",
    messageKey: "errors.unknownSchool",
  }]),
  ...(p.userId === null ? [] : [{
    collection: "users",
    id: p.userId,
    field: "userId",
    messageKey: "errors.unknownUser",
  }]),
];

/** Creates an HR record; an email another record has → 409 `duplicate` on `email`. */
export async function createHr(raw: HrInput, actor: number | null): Promise<HrRecord> {
  const input = normalizeHrInput(raw);
  await validateHr(input);
  return await createRecord<HrPerson>({
    collection: HR,
    build: (id) => ({ id, ...input }),
    indexes: hrIndexes,
    references: hrReferences,
    audit: { actor },
  });
}

/**
 * Replaces an HR record's fields. `expectedVersionstamp` is the version the form was based on (a newer one →
 * 409 `conflict`). Academic staff who teach (timetable entries name them) cannot become administrative.
 */
export async function updateHr(
  id: number,
  raw: HrInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<HrRecord> {
  const input = normalizeHrInput(raw);
  await validateHr(input);
  const updated = await updateRecord<HrPerson>({
    collection: HR,
    id,
    indexes: hrIndexes,
    references: hrReferences,
    audit: { actor },
    expectedVersionstamp,
    async change(current) {
      if (current.kind === "academic" && input.kind !== "academic") {
        const lessons = await listIdsByIndex("timetable_by_professor", id, { limit: 1 });
        if (lessons.items.length) throw invalid({ kind: { key: "errors.hrTeaches" } });
      }
      return { id, ...input };
    },
  });
  await hrChanged();
  return updated as HrRecord;
}

/**
 * Every school as a choice for the personnel forms and filters, by name in the interface language. Made once per
 * copy of the schools (kept by the structure's version) and language, and frozen: pages and island props share it.
 */
export async function schoolChoices(lang: Lang): Promise<{ id: number; name: string }[]> {
  return choicesOf(await listAllSchools(), lang);
}

const choicesOf = memoByIdentity((schools: School[], lang) =>
  frozen(
    schools.map((s) => ({ id: s.id, name: lang === "en" ? s.nameEn : s.nameKa }))
      .sort((a, b) => collators[lang as Lang].compare(a.name, b.name)),
  )
);

/** First and last name in the interface language's script. */
export function hrName(
  p: Pick<HrPerson, "firstNameKa" | "lastNameKa" | "firstNameEn" | "lastNameEn">,
  lang: Lang,
) {
  return lang === "en" ? `${p.firstNameEn} ${p.lastNameEn}` : `${p.firstNameKa} ${p.lastNameKa}`;
}

/** Whether `user` is the person of this record (their account points to it, or it names their account). */
export function isOwnHrRecord(user: { id: number; hrUserId: number | null }, person: HrPerson): boolean {
  return user.hrUserId === person.id || person.userId === user.id;
}

/** Who is looking at HR records: their account (to recognise their own record) and their keys. */
export interface HrViewer {
  user: { id: number; hrUserId: number | null };
  keys: KeyHolder;
}

/**
 * The record as `viewer` may see it: the directory (names, position, school, work e-mail) for everyone, the
 * private phone only with `menu.personalInfo.view.phone` or on one's own record.
 */
export function hrAsSeenBy(record: HrRecord, viewer: HrViewer): HrRecord {
  const visible = visiblePersonalFields(viewer.keys, isOwnHrRecord(viewer.user, record.value));
  return { ...record, value: withoutHiddenPersonal(record.value, visible) };
}
