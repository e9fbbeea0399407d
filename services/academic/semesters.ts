/**
 * Semesters (SPEC §3 Registration group, `["registration_groups", id]`): the period a timetable and a course
 * registration belong to. A handful per year, so the list is read whole and sorted by start date.
 */
import type { RegistrationGroup } from "./model.ts";
import { groupIndexes } from "./indexes.ts";
import { db } from "../db/kv.ts";
import { cachedValue } from "../db/cached_value.ts";
import { createRecord, type StoredRecord, updateRecord } from "../db/records.ts";
import { getRecord } from "../db/reads.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import { now } from "./clock.ts";

export const GROUPS = "registration_groups";
export const SEASON_YEAR_MAX = 40;
export const COMMENT_MAX = 500;

export type GroupInput = Omit<RegistrationGroup, "id">;
export type GroupRecord = StoredRecord<RegistrationGroup, number>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export async function getGroup(id: number): Promise<GroupRecord | null> {
  return await getRecord<RegistrationGroup>(GROUPS, id) as GroupRecord | null;
}

/** Every semester, earliest first (the last one is the timetable's default, SPEC §2.7). */
async function loadListGroups(): Promise<GroupRecord[]> {
  const out: GroupRecord[] = [];
  for await (const entry of db().list<RegistrationGroup>({ prefix: [GROUPS] })) {
    out.push({ id: entry.key[1] as number, value: entry.value, versionstamp: entry.versionstamp });
  }
  return out.sort((a, b) => a.value.startDate.localeCompare(b.value.startDate) || a.id - b.id);
}

// Read on every timetable page and form; written rarely (see db/cached_value.ts).
const cached = cachedValue({ name: "semesters", maxAgeMs: 60_000, load: loadListGroups });

/** Every record, sorted; from a copy kept for a few seconds, dropped at once when this process writes. */
export function listGroups(): Promise<GroupRecord[]> {
  return cached.get();
}

/** The semester running on `today` (YYYY-MM-DD); otherwise the latest one that has started, else the first. */
export function currentGroupOf<G extends { value: RegistrationGroup }>(
  groups: readonly G[],
  today = now().toISOString().slice(0, 10),
): G | null {
  const sorted = [...groups].sort((a, b) => a.value.startDate.localeCompare(b.value.startDate));
  const running = sorted.filter((g) => g.value.startDate <= today && today <= g.value.endDate);
  if (running.length) return running[running.length - 1];
  const started = sorted.filter((g) => g.value.startDate <= today);
  return started[started.length - 1] ?? sorted[0] ?? null;
}

export function normalizeGroupInput(input: GroupInput): GroupInput {
  return {
    seasonYear: input.seasonYear.trim(),
    comment: (input.comment ?? "").trim(),
    startDate: input.startDate.trim(),
    endDate: input.endDate.trim(),
  };
}

export function validateGroup(input: GroupInput): void {
  const fields: Record<string, FieldError> = {};
  if (!input.seasonYear) fields.seasonYear = { key: "errors.required" };
  else if (input.seasonYear.length > SEASON_YEAR_MAX) {
    fields.seasonYear = { key: "errors.tooLong", params: { max: SEASON_YEAR_MAX } };
  }
  if (input.comment.length > COMMENT_MAX) {
    fields.comment = { key: "errors.tooLong", params: { max: COMMENT_MAX } };
  }
  for (const name of ["startDate", "endDate"] as const) {
    if (!input[name]) fields[name] = { key: "errors.required" };
    else if (!isIsoDate(input[name])) fields[name] = { key: "errors.invalidDate" };
  }
  if (!fields.startDate && !fields.endDate && input.startDate >= input.endDate) {
    fields.endDate = { key: "errors.endNotAfterStart" };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

export async function createGroup(raw: GroupInput, actor: number | null): Promise<GroupRecord> {
  const input = normalizeGroupInput(raw);
  validateGroup(input);
  return await cached.after(createRecord<RegistrationGroup>({
    collection: GROUPS,
    build: (id) => ({ id, ...input }),
    indexes: groupIndexes,
    audit: { actor },
  }));
}

export async function updateGroup(
  id: number,
  raw: GroupInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<GroupRecord> {
  const input = normalizeGroupInput(raw);
  validateGroup(input);
  return await cached.after(updateRecord<RegistrationGroup>({
    collection: GROUPS,
    id,
    indexes: groupIndexes,
    audit: { actor },
    expectedVersionstamp,
    change: () => ({ id, ...input }),
  })) as GroupRecord;
}
