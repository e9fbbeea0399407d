/**
 * Where a section belongs, for the staff's school and program filters on /lists/list. Neither a course nor a
 * section names a school or a program; two relations do: the course's program restriction (the course dialog's
 * conditions: only students of these programs may take it) and the professor's school (HR). So a section is
 * - of program P when its course is restricted to P, or is open to every program and its professor belongs to
 *   P's school;
 * - of school S when its professor belongs to S, or its course is restricted to a program of S.
 * Everything is held in memory: the courses' restrictions (one prefix read, kept while the course dialogs'
 * version stays put), the HR snapshot and the programs, so a filter is a lookup per section of the semester's
 * list, which is in memory already — never a scan of KV per request.
 */
import type { BookConditions } from "../books/conditions.ts";
import { BOOK_DIALOGS_VERSION_KEY } from "../books/dialog_store.ts";
import { cachedValue } from "../db/cached_value.ts";
import { db } from "../db/kv.ts";
import { hrSnapshot } from "../hr/snapshot.ts";
import type { Section } from "../registration/sections.ts";
import { listAllPrograms } from "../structure/mod.ts";

export interface PlacementFilter {
  schoolId?: number;
  programId?: number;
}

/** Course id → the programs its restriction names (courses without one are absent). */
const restrictions = cachedValue({
  name: "lists_course_programs",
  versionKeys: [BOOK_DIALOGS_VERSION_KEY],
  maxAgeMs: 60_000,
  load: async () => {
    const programs = new Map<number, number[]>();
    for await (const e of db().list<BookConditions>({ prefix: ["book_conditions"] })) {
      if (e.value.programs.length) programs.set(e.key[1] as number, e.value.programs.map((p) => p.programId));
    }
    return programs;
  },
});

const schoolsOfHr = new WeakMap<object, Map<number, number | null>>();

/** The test of a section against the filter; null when it filters nothing. */
export async function placementMatcher(filter: PlacementFilter): Promise<((s: Section) => boolean) | null> {
  const { schoolId, programId } = filter;
  if (schoolId === undefined && programId === undefined) return null;
  const [courses, hr, programs] = await Promise.all([restrictions.get(), hrSnapshot(), listAllPrograms()]);
  let hrSchool = schoolsOfHr.get(hr);
  if (!hrSchool) {
    hrSchool = new Map(hr.records.map((r) => [r.value.id, r.value.schoolId]));
    schoolsOfHr.set(hr, hrSchool);
  }
  const programSchool = new Map(programs.map((p) => [p.id, p.schoolId]));
  const schoolOfProgram = programId === undefined ? null : programSchool.get(programId) ?? null;
  return (section) => {
    const restricted = courses.get(section.bookId);
    const professorSchool = hrSchool.get(section.professorHrId) ?? null;
    if (programId !== undefined) {
      const ofProgram = restricted
        ? restricted.includes(programId)
        : schoolOfProgram !== null && professorSchool === schoolOfProgram;
      if (!ofProgram) return false;
    }
    if (schoolId !== undefined) {
      const ofSchool = professorSchool === schoolId ||
        (restricted?.some((p) => programSchool.get(p) === schoolId) ?? false);
      if (!ofSchool) return false;
    }
    return true;
  };
}
