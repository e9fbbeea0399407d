/**
 * A section's list as the grid shows it (listGet): the roster's students × the course's components with each
 * cell's points and versionstamp, each student's total, grade and absences, the lesson dates with attendance,
 * and the list's status. Everything is read fresh: a cell's versionstamp is what its next write is checked by.
 */
import type { Student } from "../academic/model.ts";
import { listGroups } from "../academic/semesters.ts";
import { bookName } from "../books/mod.ts";
import { type BookComponent, listComponents } from "../books/components.ts";
import { db } from "../db/kv.ts";
import { getManyRecords } from "../db/reads.ts";
import { keys as registrationKeys } from "../registration/model.ts";
import { getSection, type Section } from "../registration/sections.ts";
import { assertCanRead, type ListActor, teaches } from "./access.ts";
import { type AttendanceDay, readAttendance } from "./attendance.ts";
import { lessonDates } from "./dates.ts";
import { resultOf } from "./grading.ts";
import {
  type Cell,
  DEFAULT_ABSENCE_LIMIT,
  keys,
  type ListRecord,
  NEW_LIST,
  type PublishedGrade,
} from "./model.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface SheetComponent {
  id: number;
  name: string;
  /** The most points the component gives: its weight. */
  max: number;
  minScore: number;
}

export interface SheetCell {
  points: number | null;
  /** null: never saved (the first write sends null). */
  versionstamp: string | null;
}

export interface SheetStudent {
  studentId: number;
  name: string;
  personalNumber: string;
  /** By component id, in the components' order. */
  cells: SheetCell[];
  total: number;
  grade: string;
  belowMinimum: number[];
  absences: number;
  late: number;
  /** Absences among the dates marked, percent (0 when none is marked). */
  absenceShare: number;
  overLimit: boolean;
  /** The grade the transcript holds from this list (null before the first submit). */
  published: string | null;
}

export interface Sheet {
  sectionId: string;
  groupId: number;
  course: { id: number; name: string; code: string; credits: number };
  professor: string;
  status: ListRecord["status"];
  round: number;
  submittedAt: string | null;
  unlockReason: string | null;
  /** Whether the reader may write (the section's professor, while the list is open). */
  editable: boolean;
  components: SheetComponent[];
  students: SheetStudent[];
  dates: string[];
  absenceLimit: number;
}

/** The roster's student ids (registration's index; read only). */
export async function rosterIds(sectionId: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const e of db().list({ prefix: registrationKeys.roster(sectionId) })) {
    ids.push(e.key[2] as number);
  }
  return ids;
}

/** Every cell of a list: studentId → componentId → entry. */
export async function readCells(sectionId: string) {
  const cells = new Map<number, Map<number, { points: number; versionstamp: string }>>();
  for await (const e of db().list<Cell>({ prefix: keys.cells(sectionId) }, { batchSize: 1000 })) {
    const [studentId, componentId] = [e.key[2] as number, e.key[3] as number];
    let row = cells.get(studentId);
    if (!row) cells.set(studentId, row = new Map());
    row.set(componentId, { points: e.value.points, versionstamp: e.versionstamp });
  }
  return cells;
}

export async function readList(sectionId: string): Promise<Deno.KvEntryMaybe<ListRecord>> {
  return await db().get<ListRecord>(keys.list(sectionId));
}

export const listOf = (entry: Deno.KvEntryMaybe<ListRecord>, sectionId: string): ListRecord =>
  entry.value ?? NEW_LIST(sectionId);

export async function absenceLimitOf(bookId: number): Promise<number> {
  return (await db().get<number>(keys.absenceLimit(bookId))).value ?? DEFAULT_ABSENCE_LIMIT;
}

export const componentsOf = (items: readonly BookComponent[], lang: Lang): SheetComponent[] =>
  items.map((c) => ({
    id: c.id,
    name: lang === "en" ? c.nameEn || c.nameKa : c.nameKa,
    max: c.weight,
    minScore: c.minScore,
  }));

const personName = (
  p: { firstNameKa: string; lastNameKa: string; firstNameEn: string; lastNameEn: string } | null,
  lang: Lang,
) => p ? (lang === "en" ? `${p.firstNameEn} ${p.lastNameEn}` : `${p.firstNameKa} ${p.lastNameKa}`) : "";

/** Absences, lates and the share of absences among the dates marked for one student. */
export function attendanceOf(days: readonly AttendanceDay[], studentId: number, limit: number) {
  let marked = 0, absences = 0, late = 0;
  for (const day of days) {
    const state = day.marks[studentId];
    if (!state) continue;
    marked++;
    if (state === "absent") absences++;
    if (state === "late") late++;
  }
  const absenceShare = marked ? Math.round((absences / marked) * 1000) / 10 : 0;
  return { absences, late, absenceShare, overLimit: absenceShare > limit };
}

/** The list without its students: what a page shows around the grid (listGet reads the students). */
export type SheetHead = Omit<Sheet, "students">;

/**
 * One getMany (the list, the course's components by books/components.ts's key, the absence limit) beside the
 * semesters' cached copy: what every list page reads, so it is kept to a single round trip.
 */
export async function sheetHead(section: Section, lang: Lang, owner: boolean): Promise<SheetHead> {
  const [[list, doc, limitEntry], groups] = await Promise.all([
    db().getMany<[ListRecord, { items: BookComponent[] }, number]>([
      keys.list(section.id),
      ["book_components", section.bookId],
      keys.absenceLimit(section.bookId),
    ]),
    listGroups(),
  ]);
  const items = doc.value?.items ?? [];
  const limit = limitEntry.value ?? DEFAULT_ABSENCE_LIMIT;
  const group = groups.find((g) => g.id === section.groupId);
  const record = listOf(list, section.id);
  return {
    sectionId: section.id,
    groupId: section.groupId,
    course: {
      id: section.bookId,
      name: bookName(section.book, lang),
      code: section.book.code,
      credits: section.credits,
    },
    professor: personName(section.professor, lang),
    status: record.status,
    round: record.round,
    submittedAt: record.submittedAt,
    unlockReason: record.unlockReason,
    editable: owner && record.status === "open",
    components: componentsOf(items, lang),
    dates: group ? lessonDates(section, group.value) : [],
    absenceLimit: limit,
  };
}

export async function loadSheet(sectionId: string, actor: ListActor, lang: Lang): Promise<Sheet> {
  const section = await getSection(sectionId);
  assertCanRead(actor, section);
  return await sheetOf(section, lang, teaches(actor, section));
}

export async function sheetOf(section: Section, lang: Lang, owner: boolean): Promise<Sheet> {
  const [ids, items, cells, days, limit, published, head] = await Promise.all([
    rosterIds(section.id),
    listComponents(section.bookId),
    readCells(section.id),
    readAttendance(section.id),
    absenceLimitOf(section.bookId),
    readPublished(section.id),
    sheetHead(section, lang, owner),
  ]);
  const students = await getManyRecords<Student>("students", ids);
  const rows = ids.map((studentId, i): SheetStudent => {
    const s = students[i]?.value ?? null;
    const row = cells.get(studentId);
    const points = new Map([...(row ?? [])].map(([id, c]) => [id, c.points]));
    const result = resultOf(items, points);
    return {
      studentId,
      name: s ? personName(s, lang) : `#${studentId}`,
      personalNumber: s?.personalNumber ?? "",
      cells: items.map((c) => {
        const cell = row?.get(c.id);
        return cell
          ? { points: cell.points, versionstamp: cell.versionstamp }
          : { points: null, versionstamp: null };
      }),
      total: result.total,
      grade: result.grade,
      belowMinimum: result.belowMinimum,
      ...attendanceOf(days, studentId, limit),
      published: published.get(studentId)?.grade ?? null,
    };
  }).sort((a, b) => a.name.localeCompare(b.name) || a.studentId - b.studentId);
  return { ...head, students: rows };
}

export async function readPublished(sectionId: string): Promise<Map<number, PublishedGrade>> {
  const grades = new Map<number, PublishedGrade>();
  for await (const e of db().list<PublishedGrade>({ prefix: keys.grades(sectionId) })) {
    grades.set(e.value.studentId, e.value);
  }
  return grades;
}
