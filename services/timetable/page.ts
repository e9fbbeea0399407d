/**
 * Everything the /tables page shows, read for one request: the semesters, the week, whose timetable and its
 * lessons by day, the pickers of staff holding menu.table.all and the semester's clashes. The page renders on
 * the server from the URL alone (`group`, `week`, and `professor` | `auditorium` | `program`, `q`).
 */
import { formQuery } from "../../utils/form_query.ts";
import { listAuditoriums } from "./auditoriums.ts";
import { getRecord } from "../db/reads.ts";
import { HR, hrName, listHr } from "../hr/mod.ts";
import type { HrPerson, LessonType, Program } from "../academic/model.ts";
import { listGroups } from "../academic/semesters.ts";
import { listAllPrograms } from "../structure/mod.ts";
import { type Clash, groupClashes } from "./clashes.ts";
import {
  addDays,
  defaultGroup,
  defaultWeek,
  isoWeekday,
  localNow,
  monthLabel,
  parseWeek,
  weekDates,
} from "./week.ts";
import { describe, lessonsOn, type Names, namesOf, resolveScope, type TimetableScope } from "./view.ts";
import { scopeView } from "./scope_view.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";
import { memoByIdentity } from "../../utils/identity_tag.ts";

/** One lesson in a day column of the week grid. */
export interface LessonCell {
  id: number;
  time: string;
  course: string;
  type: LessonType;
  auditorium: string;
  professor: string;
  isNow: boolean;
}

export interface DayColumn {
  date: string;
  weekday: number;
  isToday: boolean;
  lessons: LessonCell[];
}

export interface ClashLine {
  kind: "professor" | "auditorium";
  /** What both share: the room's or the professor's name. */
  shared: string;
  a: string;
  b: string;
}

export interface TablesQuery {
  group: number | null;
  week: string | null;
  professor?: number;
  auditorium?: number;
  program?: number;
  q: string;
}

export interface TablesData {
  groups: { id: number; label: string }[];
  groupId: number | null;
  monday: string;
  monthLabel: string;
  days: DayColumn[];
  /** Query fields that pick the semester and whose timetable (kept by every link and form). */
  keep: Record<string, string>;
  links: { previous: string; next: string; current: string };
  scope: TimetableScope | null;
  scopeLabel: string;
  canAll: boolean;
  text: string;
  matches: { id: number; name: string; href: string }[];
  /** Rooms under their building. */
  auditoriums: { value: string; label: string; group: string }[];
  programs: { value: string; label: string }[];
  clashes: ClashLine[];
  exportHref: string | null;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function parseTablesQuery(params: URLSearchParams): TablesQuery {
  return {
    group: positive(params.get("group")) ?? null,
    week: parseWeek(params.get("week")),
    professor: positive(params.get("professor")),
    auditorium: positive(params.get("auditorium")),
    program: positive(params.get("program")),
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}

export const tablesHref = (keep: Record<string, string>, week?: string) =>
  `/tables?${formQuery(Object.entries(week ? { ...keep, week } : keep))}`;

interface Viewer {
  user: { guard: string; hrUserId: number | null; studentId: number | null };
  can(key: string): boolean;
}

export async function loadTables(
  query: TablesQuery,
  viewer: Viewer,
  lang: Lang,
  t: Translate,
  now: Date,
): Promise<TablesData> {
  const canAll = viewer.can("menu.table.all");
  const today = localNow(now).date;
  // The pickers' lists do not depend on the semester: read with the semesters, in one KV round trip.
  const [groups, pickerLists] = await Promise.all([
    listGroups(),
    canAll ? readPickerLists(query, lang) : null,
  ]);
  const group = groups.find((g) => g.id === query.group) ?? defaultGroup(groups, today);
  const monday = query.week ?? defaultWeek(group?.value ?? null, today);
  const dates = weekDates(monday);
  const scope = await resolveScope({ user: viewer.user, canAll }, {
    professorHrId: query.professor,
    auditoriumId: query.auditorium,
    programId: query.program,
  });

  const keep: Record<string, string> = {};
  if (group) keep.group = String(group.id);
  if (query.professor) keep.professor = String(query.professor);
  else if (query.auditorium) keep.auditorium = String(query.auditorium);
  else if (query.program) keep.program = String(query.program);

  // The scope's lessons and the semester's clashes, in one round trip too.
  const [view, clashes] = await Promise.all([
    scope && group ? scopeView(scope, group.id) : null,
    canAll && group ? groupClashes(group.id) : [],
  ]);
  const [lessons, scopeLabel] = await Promise.all([
    group && view ? lessonsOn(view.entries, group.value, dates, lang, now, view.names) : [],
    labelOf(scope, lang, t, view?.names),
  ]);
  const pickers = pickerLists && pickerOptions(pickerLists, keep, monday, lang);
  const days: DayColumn[] = dates.map((date) => ({
    date,
    weekday: isoWeekday(date),
    isToday: date === today,
    lessons: lessons.filter((l) => l.date === date).map((l) => ({
      id: l.entry.id,
      time: l.time,
      course: l.course,
      type: l.entry.type,
      auditorium: l.auditorium,
      professor: l.professor,
      isNow: l.isNow,
    })),
  }));
  return {
    groups: [...groups].reverse().map((g) => ({ id: g.id, label: g.value.seasonYear })),
    groupId: group?.id ?? null,
    monday,
    monthLabel: monthLabel(monday, lang),
    days,
    keep,
    links: {
      previous: tablesHref(keep, addDays(monday, -7)),
      next: tablesHref(keep, addDays(monday, 7)),
      current: tablesHref(keep, defaultWeek(null, today)),
    },
    scope,
    scopeLabel,
    canAll,
    text: query.q,
    matches: pickers?.matches ?? [],
    auditoriums: pickers?.auditoriums ?? [],
    programs: pickers?.programs ?? [],
    clashes: await clashLines(clashes, lang, t),
    exportHref: group && viewer.can("menu.table.export") ? `/api/timetable/${group.id}/export` : null,
  };
}

async function readPickerLists(query: TablesQuery, lang: Lang) {
  const [found, rooms, programs] = await Promise.all([
    query.q ? listHr({ kind: "academic", text: query.q, limit: 20, lang }) : { items: [], total: 0 },
    listAuditoriums(),
    listAllPrograms(),
  ]);
  return { found, rooms, programs };
}

function pickerOptions(
  { found, rooms, programs }: Awaited<ReturnType<typeof readPickerLists>>,
  keep: Record<string, string>,
  monday: string,
  lang: Lang,
) {
  const base: Record<string, string> = keep.group ? { group: keep.group, week: monday } : { week: monday };
  return {
    matches: found.items.map((p) => ({
      id: p.id,
      name: hrName(p.value, lang),
      href: tablesHref({ ...base, professor: String(p.id) }),
    })),
    auditoriums: roomOptions(rooms),
    programs: programOptions(programs, lang),
  };
}

// The lists are shared copies kept for a few seconds; their options keep one identity per copy, which is what
// the page's cached picker markup is keyed by.
const roomOptions = memoByIdentity((rooms: Awaited<ReturnType<typeof listAuditoriums>>) =>
  rooms.map((r) => ({ value: String(r.id), label: r.value.name, group: r.value.building }))
);
const programOptions = memoByIdentity((programs: Program[], lang) =>
  programs.map((p) => ({ value: String(p.id), label: `${p.code} ${lang === "en" ? p.nameEn : p.nameKa}` }))
);

async function labelOf(
  scope: TimetableScope | null,
  lang: Lang,
  t: Translate,
  names?: Names,
): Promise<string> {
  if (!scope) return "";
  if (scope.kind === "student") return t("timetable.scope.mine");
  if (scope.kind === "professor") {
    const person = names?.professors.get(scope.id) ?? (await getRecord<HrPerson>(HR, scope.id))?.value;
    return person ? hrName(person, lang) : `#${scope.id}`;
  }
  if (scope.kind === "auditorium") {
    const room = names?.auditoriums.get(scope.id) ??
      (await getRecord<{ name: string }>("auditoriums", scope.id))?.value;
    return `${t("timetable.room")} ${room?.name ?? `#${scope.id}`}`;
  }
  const program = await getRecord<Program>("programs", scope.id);
  return program
    ? `${program.value.code} ${lang === "en" ? program.value.nameEn : program.value.nameKa}`
    : "";
}

/** Each clash as text: what both share, and both lessons with course, weekday, time and room or professor. */
async function clashLines(clashes: Clash[], lang: Lang, t: Translate): Promise<ClashLine[]> {
  if (!clashes.length) return [];
  const names = await namesOf(clashes.flatMap((c) => [c.a, c.b]));
  return clashes.map((c) => {
    const line = (e: typeof c.a) => {
      const d = describe(e, names, lang);
      const other = c.kind === "professor" ? `${t("timetable.room")} ${d.auditorium}` : d.professor;
      return `${d.course} (${t(`timetableAdmin.weekday.${e.weekday}`)} ${d.time}, ${other})`;
    };
    const shared = describe(c.a, names, lang);
    return {
      kind: c.kind,
      shared: c.kind === "professor" ? shared.professor : shared.auditorium,
      a: line(c.a),
      b: line(c.b),
    };
  });
}
