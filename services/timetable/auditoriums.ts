/**
 * Rooms (`["auditoriums", id]`) that timetable entries take place in. Names are unique; a room in use by a
 * timetable entry cannot be removed.
 */
import type { Auditorium } from "../academic/model.ts";
import { auditoriumIndexes } from "../academic/indexes.ts";
import { db } from "../db/kv.ts";
import { cachedValue } from "../db/cached_value.ts";
import { createRecord, removeRecord, type StoredRecord, updateRecord } from "../db/records.ts";
import { getRecord, listIdsByIndex } from "../db/reads.ts";
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";

export const AUDITORIUMS = "auditoriums";
export const AUDITORIUM_NAME_MAX = 50;
export const BUILDING_MAX = 100;
export const CAPACITY_MAX = 2000;

export type AuditoriumInput = Omit<Auditorium, "id">;
export type AuditoriumRecord = StoredRecord<Auditorium, number>;

const collator = new Intl.Collator("en", { numeric: true });

export async function getAuditorium(id: number): Promise<AuditoriumRecord | null> {
  return await getRecord<Auditorium>(AUDITORIUMS, id) as AuditoriumRecord | null;
}

/** Every room, by building and then name ("101" before "1001"). */
async function loadListAuditoriums(): Promise<AuditoriumRecord[]> {
  const out: AuditoriumRecord[] = [];
  for await (const entry of db().list<Auditorium>({ prefix: [AUDITORIUMS] })) {
    out.push({ id: entry.key[1] as number, value: entry.value, versionstamp: entry.versionstamp });
  }
  return out.sort((a, b) =>
    collator.compare(a.value.building, b.value.building) || collator.compare(a.value.name, b.value.name)
  );
}

// Read on every timetable page and form; written rarely (see db/cached_value.ts).
const cached = cachedValue({ name: "auditoriums", maxAgeMs: 60_000, load: loadListAuditoriums });

/** Every record, sorted; from a copy kept for a few seconds, dropped at once when this process writes. */
export function listAuditoriums(): Promise<AuditoriumRecord[]> {
  return cached.get();
}

export function normalizeAuditoriumInput(input: AuditoriumInput): AuditoriumInput {
  return { name: input.name.trim(), building: input.building.trim(), capacity: input.capacity };
}

export function validateAuditorium(input: AuditoriumInput): void {
  const fields: Record<string, FieldError> = {};
  if (!input.name) fields.name = { key: "errors.required" };
  else if (input.name.length > AUDITORIUM_NAME_MAX) {
    fields.name = { key: "errors.tooLong", params: { max: AUDITORIUM_NAME_MAX } };
  }
  if (!input.building) fields.building = { key: "errors.required" };
  else if (input.building.length > BUILDING_MAX) {
    fields.building = { key: "errors.tooLong", params: { max: BUILDING_MAX } };
  }
  if (!Number.isInteger(input.capacity)) fields.capacity = { key: "errors.invalidType" };
  else if (input.capacity < 1) fields.capacity = { key: "errors.tooSmall", params: { min: 1 } };
  else if (input.capacity > CAPACITY_MAX) {
    fields.capacity = { key: "errors.tooBig", params: { max: CAPACITY_MAX } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/** A name another room has → 409 `duplicate` on `name`. */
export async function createAuditorium(
  raw: AuditoriumInput,
  actor: number | null,
): Promise<AuditoriumRecord> {
  const input = normalizeAuditoriumInput(raw);
  validateAuditorium(input);
  return await cached.after(createRecord<Auditorium>({
    collection: AUDITORIUMS,
    build: (id) => ({ id, ...input }),
    indexes: auditoriumIndexes,
    audit: { actor },
  }));
}

export async function updateAuditorium(
  id: number,
  raw: AuditoriumInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<AuditoriumRecord> {
  const input = normalizeAuditoriumInput(raw);
  validateAuditorium(input);
  return await cached.after(updateRecord<Auditorium>({
    collection: AUDITORIUMS,
    id,
    indexes: auditoriumIndexes,
    audit: { actor },
    expectedVersionstamp,
    change: () => ({ id, ...input }),
  })) as AuditoriumRecord;
}

/** Removes a room; while a timetable entry uses it → 409 `in_use`. */
export async function removeAuditorium(
  id: number,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<Auditorium> {
  return await cached.after(removeRecord<Auditorium>({
    collection: AUDITORIUMS,
    id,
    indexes: auditoriumIndexes,
    audit: { actor },
    expectedVersionstamp,
    // A lesson booked while this runs moves the room's reference mark, which the removal checks.
    async guard() {
      const lessons = await listIdsByIndex("timetable_by_auditorium", id, { limit: 1 });
      if (lessons.items.length) throw new AppError(409, "in_use", "errors.auditoriumInUse");
    },
  }));
}
