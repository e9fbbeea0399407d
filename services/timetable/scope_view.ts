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
import {
  lessonsOfSections,
  type Names,
  namesOf,
  professorsOf,
  scopeEntries,
  type TimetableScope,
} from "./view.ts";
import { enrolledSectionIds } from "../registration/facts.ts";
import { now as clockNow } from "../academic/clock.ts";
import { keepBounded } from "../../utils/bounded_map.ts";

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

/**
 * Per store: the kept views of professors and the other scopes, and apart from them (so that many students cannot
 * push them out) the students'.
 */
const held = new WeakMap<Deno.Kv, { views: Map<string, Held>; students: Map<string, Held> }>();

export async function scopeView(
  scope: TimetableScope,
  groupId: number,
  now = clockNow().getTime(),
): Promise<ScopeView> {
  const kv = db();
  let store = held.get(kv);
  if (!store) held.set(kv, store = { views: new Map(), students: new Map() });
  const { views, students } = store;
  const keep = (kept: TimetableScope, stamps: string) =>
    keptView(views, `${groupId}:${kept.kind}:${kept.id}`, stamps, now, async () => {
      const entries = await scopeEntries(kept, groupId);
      return { entries, names: await namesOf(entries) };
    });
  if (scope.kind === "student") {
    // A student's lessons follow their registrations, which change with every click on /registration: those are
    // read each time, and the lessons are cut from their professors' kept views (one version read for all),
    // kept in turn while the sections and the versions stay the same.
    const [sections, stamps] = await Promise.all([enrolledSectionIds(scope.id, groupId), versions(kv)]);
    const key = `${groupId}:student:${scope.id}`;
    return keptView(students, key, `${stamps}|${[...sections].sort().join()}`, now, async () => {
      const taught = await Promise.all(
        professorsOf(sections).map((id) => keep({ kind: "professor", id }, stamps)),
      );
      return {
        entries: lessonsOfSections(groupId, sections, taught.flatMap((view) => view.entries)),
        names: mergedNames(taught.map((view) => view.names)),
      };
    });
  }
  return keep(scope, await versions(kv));
}

async function versions(kv: Deno.Kv): Promise<string> {
  return (await kv.getMany(VERSION_KEYS)).map((e) => e.versionstamp ?? "-").join();
}

function keptView(
  views: Map<string, Held>,
  key: string,
  stamps: string,
  now: number,
  load: () => Promise<ScopeView>,
): Promise<ScopeView> {
  const copy = views.get(key);
  if (copy && copy.stamps === stamps && now - copy.at < SCOPE_VIEW_TTL_MS) return copy.view;
  const view = load();
  keepBounded(views, key, { at: now, stamps, view }, MAX_HELD);
  view.catch(() => views.get(key)?.view === view && views.delete(key));
  return view;
}

function mergedNames(all: Names[]): Names {
  const merged: Names = { books: new Map(), auditoriums: new Map(), professors: new Map() };
  for (const names of all) {
    for (const [id, book] of names.books) merged.books.set(id, book);
    for (const [id, room] of names.auditoriums) merged.auditoriums.set(id, room);
    for (const [id, person] of names.professors) merged.professors.set(id, person);
  }
  return merged;
}
