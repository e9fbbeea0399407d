/**
 * A scope's lessons of one semester with the names they show, as the /tables page and `professorTimetable`
 * read them: many times a minute for the same professor or room, while lessons change a few times a day.
 * Reading them costs five KV round trips, which was most of the page's server time, so each is kept in this
 * process for a few seconds. A lesson write in this process drops every copy at once; a write in another
 * process, or a renamed course, room or person, shows within SCOPE_VIEW_TTL_MS.
 */
import type { TimetableEntry } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { lessonWritesInThisProcess } from "./entries.ts";
import { type Names, namesOf, scopeEntries, type TimetableScope } from "./view.ts";
import { now as clockNow } from "../academic/clock.ts";

export const SCOPE_VIEW_TTL_MS = 3_000;
const MAX_HELD = 500;

export interface ScopeView {
  entries: TimetableEntry[];
  names: Names;
}

interface Held {
  at: number;
  writes: number;
  view: Promise<ScopeView>;
}

const held = new WeakMap<Deno.Kv, Map<string, Held>>();

export function scopeView(
  scope: TimetableScope,
  groupId: number,
  now = clockNow().getTime(),
): Promise<ScopeView> {
  const kv = db();
  let views = held.get(kv);
  if (!views) held.set(kv, views = new Map());
  const key = `${groupId}:${scope.kind}:${scope.id}`;
  const writes = lessonWritesInThisProcess();
  const copy = views.get(key);
  // A student's lessons follow their registrations, which change with every click on /registration.
  if (scope.kind === "student") {
    return scopeEntries(scope, groupId).then(async (entries) => ({ entries, names: await namesOf(entries) }));
  }
  if (copy && copy.writes === writes && now - copy.at < SCOPE_VIEW_TTL_MS) return copy.view;
  const view = scopeEntries(scope, groupId).then(async (entries) => ({
    entries,
    names: await namesOf(entries),
  }));
  if (views.size >= MAX_HELD) views.delete(views.keys().next().value!);
  views.set(key, { at: now, writes, view });
  view.catch(() => views!.get(key)?.view === view && views!.delete(key));
  return view;
}
