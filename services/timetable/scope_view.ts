/**
 * A scope's lessons of one semester with the names they show, as the /tables page and `professorTimetable`
 * read them: many times a minute for the same professor or room, while lessons change a few times a day.
 * Reading them costs five KV round trips, which was most of the page's server time, so each is kept in this
 * process while the versions of what it shows stay put: the lessons (entries.ts LESSONS_VERSION_KEY), the
 * courses, the people and the rooms. Every read compares them (one `getMany`), so a lesson or a name changed
 * through any process sharing the KV shows at the next read.
 */
import type { TimetableEntry } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { LESSONS_VERSION_KEY } from "./entries.ts";
import { cacheVersionKey } from "../db/cached_value.ts";
import { BOOKS_VERSION_KEY } from "../books/version.ts";
import { HR_VERSION_KEY } from "../hr/snapshot.ts";
import { type Names, namesOf, scopeEntries, type TimetableScope } from "./view.ts";
import { now as clockNow } from "../academic/clock.ts";

/** A write that moved no version (a bulk import) shows after this long. */
export const SCOPE_VIEW_TTL_MS = 60_000;
const MAX_HELD = 500;
const VERSION_KEYS = [LESSONS_VERSION_KEY, BOOKS_VERSION_KEY, HR_VERSION_KEY, cacheVersionKey("auditoriums")];

export interface ScopeView {
  entries: TimetableEntry[];
  names: Names;
}

interface Held {
  at: number;
  stamps: string;
  view: Promise<ScopeView>;
}

const held = new WeakMap<Deno.Kv, Map<string, Held>>();

export async function scopeView(
  scope: TimetableScope,
  groupId: number,
  now = clockNow().getTime(),
): Promise<ScopeView> {
  const kv = db();
  let views = held.get(kv);
  if (!views) held.set(kv, views = new Map());
  const key = `${groupId}:${scope.kind}:${scope.id}`;
  // A student's lessons follow their registrations, which change with every click on /registration.
  if (scope.kind === "student") {
    return scopeEntries(scope, groupId).then(async (entries) => ({ entries, names: await namesOf(entries) }));
  }
  const stamps = (await kv.getMany(VERSION_KEYS)).map((e) => e.versionstamp ?? "-").join();
  const copy = views.get(key);
  if (copy && copy.stamps === stamps && now - copy.at < SCOPE_VIEW_TTL_MS) return copy.view;
  const view = scopeEntries(scope, groupId).then(async (entries) => ({
    entries,
    names: await namesOf(entries),
  }));
  if (views.size >= MAX_HELD) views.delete(views.keys().next().value!);
  views.set(key, { at: now, stamps, view });
  view.catch(() => views!.get(key)?.view === view && views!.delete(key));
  return view;
}
