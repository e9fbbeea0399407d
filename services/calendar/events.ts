/**
 * University events for /event-calendar (issue 26): title in both languages, description, place, start and end
 * (ISO instants), and an audience (the polls' filter; empty means everyone). Keys:
 *
 * | key                                    | value                                              |
 * |----------------------------------------|----------------------------------------------------|
 * | ["events", id]                         | UniEvent (records.ts: counter ids, audited)        |
 *
 * The calendar pages read the events from an in-process copy kept by version (see `allEvents`).
 */
import { type FieldError, invalid } from "../../utils/errors.ts";
import { getRecord } from "../db/reads.ts";
import {
  createRecord,
  type IndexSpec,
  removeRecord,
  type StoredRecord,
  updateRecord,
} from "../db/records.ts";
import { db } from "../db/kv.ts";
import { cachedValue } from "../db/cached_value.ts";
import type { User } from "../identity/users.ts";
import { audienceMatcher } from "../polls/audience.ts";
import { EMPTY_AUDIENCE, type PollAudience } from "../polls/model.ts";
import { audienceIsEmpty } from "../polls/rules.ts";

export const EVENTS = "events";
export const EVENT_LIMITS = { title: 200, description: 4000, place: 200, days: 31 } as const;

export interface EventInput {
  title: string;
  titleEn: string;
  description: string;
  place: string;
  start: string;
  end: string;
  audience: PollAudience;
}

export interface UniEvent extends EventInput {
  id: number;
  createdBy: number | null;
  createdAt: string;
}

const DAY = 86_400_000;

// Events have no index: the pages read them from memory (below).
const indexes = (_: UniEvent): IndexSpec[] => [];

function normalize(input: EventInput): EventInput {
  const fields: Record<string, FieldError> = {};
  if (!input.title.trim()) fields.title = { key: "errors.required" };
  if (!input.titleEn.trim()) fields.titleEn = { key: "errors.required" };
  const start = Date.parse(input.start), end = Date.parse(input.end);
  if (Number.isNaN(start)) fields.start = { key: "errors.invalidDate" };
  if (Number.isNaN(end)) fields.end = { key: "errors.invalidDate" };
  else if (!Number.isNaN(start) && end <= start) fields.end = { key: "calendar.errors.endBeforeStart" };
  else if (!Number.isNaN(start) && end - start > EVENT_LIMITS.days * DAY) {
    fields.end = { key: "calendar.errors.tooLong", params: { days: EVENT_LIMITS.days } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  const a = input.audience;
  return {
    title: input.title.trim(),
    titleEn: input.titleEn.trim(),
    description: input.description.trim(),
    place: input.place.trim(),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    audience: audienceIsEmpty(a) ? EMPTY_AUDIENCE : {
      guards: [...new Set(a.guards)],
      schoolIds: [...new Set(a.schoolIds)],
      programIds: [...new Set(a.programIds)],
      admissionYears: [...new Set(a.admissionYears)],
      sectionIds: [...new Set(a.sectionIds)],
      userIds: [...new Set(a.userIds)],
    },
  };
}

// Every calendar page reads the events of its period; a university has a few hundred a year, changed a few
// times a day: kept in the process by version (db/cached_value.ts), moved by every write below.
const allEvents = cachedValue<StoredRecord<UniEvent>[]>({
  name: EVENTS,
  maxAgeMs: 60_000,
  load: async () => {
    const events: StoredRecord<UniEvent>[] = [];
    for await (const e of db().list<UniEvent>({ prefix: [EVENTS] }, { batchSize: 1000 })) {
      events.push({ id: e.value.id, value: e.value, versionstamp: e.versionstamp });
    }
    return events.sort((a, b) => a.value.start.localeCompare(b.value.start) || a.value.id - b.value.id);
  },
});

export async function createEvent(
  input: EventInput,
  actor: number | null,
): Promise<StoredRecord<UniEvent, number>> {
  const fields = normalize(input);
  return await allEvents.after(createRecord<UniEvent>({
    collection: EVENTS,
    build: (id) => ({ id, ...fields, createdBy: actor, createdAt: new Date().toISOString() }),
    indexes,
    audit: { actor },
  }));
}

export async function editEvent(
  id: number,
  input: EventInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<UniEvent>> {
  const fields = normalize(input);
  return await allEvents.after(updateRecord<UniEvent>({
    collection: EVENTS,
    id,
    indexes,
    audit: { actor },
    expectedVersionstamp,
    change: (current) => ({ ...current, ...fields }),
  }));
}

export async function removeEvent(
  id: number,
  actor: number | null,
  expectedVersionstamp: string,
): Promise<void> {
  await allEvents.after(
    removeRecord<UniEvent>({ collection: EVENTS, id, indexes, audit: { actor }, expectedVersionstamp }),
  );
}

export async function getEvent(id: number): Promise<StoredRecord<UniEvent> | null> {
  return await getRecord<UniEvent>(EVENTS, id);
}

/** Events overlapping [from, to) (ISO instants), by start. */
export async function listEvents(from: string, to: string): Promise<StoredRecord<UniEvent>[]> {
  const start = Date.parse(from), end = Date.parse(to);
  return (await allEvents.get()).filter((r) =>
    Date.parse(r.value.start) < end && Date.parse(r.value.end) > start
  );
}

/** The events of [from, to) a person sees: all of them with the calendar's edit key, else their audience's. */
export async function eventsFor(
  user: User,
  from: string,
  to: string,
  seesAll: boolean,
  matches = audienceMatcher(user),
): Promise<StoredRecord<UniEvent>[]> {
  const events = await listEvents(from, to);
  if (seesAll) return events;
  const visible = await Promise.all(
    events.map((e) => audienceIsEmpty(e.value.audience) ? true : matches(e.value.audience)),
  );
  return events.filter((_, i) => visible[i]);
}
