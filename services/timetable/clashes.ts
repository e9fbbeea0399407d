/**
 * Clashes in a semester's timetable: two lessons in the same room, or of the same professor, that overlap.
 * The writes of timetable/entries.ts refuse new ones, so a clash can only come from data written around them
 * (an import, a bulk seed); this check computes them from the entries themselves, for staff to fix.
 *
 * A semester has thousands of lessons in a large university, and the timetable page is opened often: a group's
 * clashes are kept in memory for a minute (per database), which is how stale the list above the grid may be.
 */
import type { TimetableEntry } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { LESSONS_VERSION_KEY, listEntries } from "./entries.ts";
import { endOf, startOf } from "./rules.ts";
import { now as clockNow } from "../academic/clock.ts";

export type ClashKind = "professor" | "auditorium";

export interface Clash {
  kind: ClashKind;
  /** The earlier-starting lesson first. */
  a: TimetableEntry;
  b: TimetableEntry;
}

/** Every overlapping pair sharing a professor or a room on the same weekday of the same semester. */
export function findClashes(entries: readonly TimetableEntry[]): Clash[] {
  const buckets = new Map<string, TimetableEntry[]>();
  const put = (key: string, e: TimetableEntry) => {
    const list = buckets.get(key);
    if (list) list.push(e);
    else buckets.set(key, [e]);
  };
  for (const e of entries) {
    put(`professor:${e.groupId}:${e.professorHrId}:${e.weekday}`, e);
    put(`auditorium:${e.groupId}:${e.auditoriumId}:${e.weekday}`, e);
  }
  const clashes: Clash[] = [];
  for (const [key, list] of buckets) {
    if (list.length < 2) continue;
    const kind = key.slice(0, key.indexOf(":")) as ClashKind;
    list.sort((x, y) => startOf(x) - startOf(y) || x.id - y.id);
    for (let i = 0; i < list.length; i++) {
      // Sorted by start: once a later lesson starts after this one ends, none further can overlap it.
      for (let j = i + 1; j < list.length && startOf(list[j]) < endOf(list[i]); j++) {
        clashes.push({ kind, a: list[i], b: list[j] });
      }
    }
  }
  return clashes.sort((x, y) =>
    x.a.weekday - y.a.weekday || startOf(x.a) - startOf(y.a) || x.a.id - y.a.id || x.b.id - y.b.id ||
    x.kind.localeCompare(y.kind)
  );
}

/** A lesson write that moved no version (a bulk import) shows after this long. */
const MAX_AGE_MS = 60_000;
const held = new WeakMap<
  Deno.Kv,
  Map<number, { at: number; version: string | null; clashes: Promise<Clash[]> }>
>();

/**
 * The clashes of a semester, kept while the lessons' version stays put (entries.ts: every lesson write moves
 * it, in whichever process), so they are current at every read; concurrent callers share one computation.
 */
export async function groupClashes(groupId: number, now = clockNow().getTime()): Promise<Clash[]> {
  const kv = db();
  let byGroup = held.get(kv);
  if (!byGroup) held.set(kv, byGroup = new Map());
  const { versionstamp: version } = await kv.get(LESSONS_VERSION_KEY);
  const cached = byGroup.get(groupId);
  if (cached && cached.version === version && now - cached.at < MAX_AGE_MS) return cached.clashes;
  const clashes = listEntries({ groupId }).then((records) => findClashes(records.map((r) => r.value)));
  byGroup.set(groupId, { at: now, version, clashes });
  clashes.catch(() => byGroup!.delete(groupId));
  return clashes;
}

/** Drops the held clash lists (tests, and after bulk imports). */
export function forgetClashes(): void {
  held.delete(db());
}
