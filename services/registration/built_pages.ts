/**
 * A student's page of offerings as last built, under a fingerprint of everything it was built from, so that a
 * page whose inputs did not move hands back the same rows (and the renderer its kept markup, by the rows'
 * identity) instead of evaluating every row's eligibility, clashes and refusals again. Nothing is read less: the
 * page reads all it reads before it asks here, and the fingerprint holds each read's result — the seat counters,
 * the versionstamps of the student's facts, the window, the names — or, for values this process keeps by their
 * version keys (the sections, the courses' conditions, the section settings), the identity of the kept copy,
 * which a moved version replaces.
 */
import type { Bilingual } from "../books/eligibility.ts";
import type { Lang } from "../../utils/i18n.ts";
import type { CourseFacts, StudentFacts } from "./facts.ts";
import type { RegistrationWindow, SectionSeats, SectionSettings } from "./model.ts";
import type { Section } from "./sections.ts";
import { getRecent, keepBounded } from "../../utils/bounded_map.ts";

// A page of rows holds some 60 KB (their texts and JSON): the pages last asked for, up to about 30 MB.
const MAX_PAGES = 500;
const pages = new Map<string, { from: string; rows: unknown[]; mine: unknown }>();

let nextIdentity = 1;
const identities = new WeakMap<object, number>();
function identityOf(value: object | null | undefined): number {
  if (!value) return 0;
  let id = identities.get(value);
  if (id === undefined) identities.set(value, id = nextIdentity++);
  return id;
}

const namesOf = (names: Map<number, Bilingual>) =>
  [...names].map(([id, n]) => `${id}:${n.ka}:${n.en}`).join("|");

export interface BuiltFrom {
  key: string;
  from: string;
}

/** The page's key and the fingerprint of its inputs; null when a fact is not kept by a version (read afresh). */
export function builtFrom(inputs: {
  list: readonly Section[];
  filter: unknown[];
  window: RegistrationWindow | null;
  student: StudentFacts;
  seats: { id: string; seats: SectionSeats; settings: SectionSettings | null }[];
  courses: Map<number, CourseFacts>;
  names: { courseNames: Map<number, Bilingual>; programNames: Map<number, Bilingual> };
  day: string;
  lang: Lang;
}): BuiltFrom | null {
  const { student, seats, courses, names } = inputs;
  // Without these versionstamps the student's lists are listed afresh on every read: nothing to compare.
  if (
    !student.student.value || student.version.versionstamp === null || student.totals.versionstamp === null
  ) {
    return null;
  }
  const key = [student.student.value.id, inputs.lang, ...inputs.filter].join("\u0000");
  const from = [
    identityOf(inputs.list),
    JSON.stringify(inputs.window),
    student.student.versionstamp,
    student.version.versionstamp,
    student.holdsVersion.versionstamp,
    student.totals.versionstamp,
    seats.map((s) => `${s.id}:${s.seats.enrolled}:${s.seats.waitlisted}:${identityOf(s.settings)}`).join(),
    [...courses.values()].map(identityOf).join(),
    namesOf(names.courseNames),
    namesOf(names.programNames),
    inputs.day,
  ].join("\u0000");
  return { key, from };
}

/**
 * Keeps a built page's rows and the student's own registrations beside them (`mine`, built from the same
 * inputs), frozen: the next request of the page gets the same objects.
 */
export function keepBuilt<Row, Mine>(built: BuiltFrom, rows: Row[], mine: Mine) {
  // The page asked for longest ago goes first (a hit makes a page the newest: see builtPage).
  keepBounded(pages, built.key, {
    from: built.from,
    rows: Object.freeze(rows.map(deepFreeze)) as Row[],
    mine: deepFreeze(mine),
  }, MAX_PAGES);
}

/**
 * A short key that names rows handed back as built (frozen: they never change, and new rows are a new
 * array) and the `mine` kept with them, for markup rendered from both; null for rows built for this request.
 */
export function builtRowsKey(rows: readonly unknown[]): string | null {
  return Object.isFrozen(rows) && rows.length > 0 ? `built#${identityOf(rows)}` : null;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const field of Object.values(value)) deepFreeze(field);
  return Object.freeze(value);
}

/** The rows and `mine` kept for the page when they were built from the same inputs, else null. */
export function builtPage<Row, Mine>(built: BuiltFrom): { rows: Row[]; mine: Mine } | null {
  const page = getRecent(pages, built.key);
  if (!page || page.from !== built.from) return null;
  return { rows: page.rows as Row[], mine: page.mine as Mine };
}
