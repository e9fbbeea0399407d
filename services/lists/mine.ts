/**
 * The /lists/list page's rows (listMine): a professor's sections in a semester with their student counts and
 * the list's status; staff holding the lists' `all` key see every section, filtered by text (course, code,
 * professor), professor, school and program (lists/placement.ts says how a section belongs to those). The
 * semester defaults to the one running today.
 */
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { bookName } from "../books/mod.ts";
import { readMany } from "../db/kv.ts";
import { groupSections, readSeatsAndSettings, type Section } from "../registration/sections.ts";
import type { ListActor } from "./access.ts";
import { placementMatcher } from "./placement.ts";
import { keys, type ListRecord, type ListStatus } from "./model.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface ListFilter {
  groupId?: number;
  text?: string;
  professorHrId?: number;
  schoolId?: number;
  programId?: number;
  page: number;
  limit: number;
}

export interface ListRow {
  sectionId: string;
  course: string;
  code: string;
  credits: number;
  professor: string;
  students: number;
  status: ListStatus;
  round: number;
}

export interface ListPage {
  groupId: number | null;
  groups: { id: number; label: string }[];
  data: ListRow[];
  total: number;
}

const professorName = (s: Section, lang: Lang) =>
  s.professor
    ? lang === "en"
      ? `${s.professor.firstNameEn} ${s.professor.lastNameEn}`
      : `${s.professor.firstNameKa} ${s.professor.lastNameKa}`
    : "";

export async function listMine(filter: ListFilter, actor: ListActor, lang: Lang): Promise<ListPage> {
  const groups = await listGroups();
  const groupId = filter.groupId ?? currentGroupOf(groups)?.id ?? null;
  const labels = groups.map((g) => ({ id: g.id, label: g.value.seasonYear })).reverse();
  if (groupId === null) return { groupId, groups: labels, data: [], total: 0 };
  const [{ list }, placed] = await Promise.all([groupSections(groupId), placementMatcher(filter)]);
  const text = filter.text?.trim().toLocaleLowerCase() ?? "";
  const mine = list.filter((s) =>
    (actor.seesAll || (actor.hrUserId !== null && s.professorHrId === actor.hrUserId)) &&
    (filter.professorHrId === undefined || s.professorHrId === filter.professorHrId) &&
    (placed === null || placed(s)) &&
    (!text ||
      [s.book.name, s.book.nameEng, s.book.code, professorName(s, "ka"), professorName(s, "en")]
        .some((v) => v.toLocaleLowerCase().includes(text)))
  );
  const shown = mine.slice((filter.page - 1) * filter.limit, filter.page * filter.limit);
  const ids = shown.map((s) => s.id);
  const [seats, lists] = await Promise.all([
    readSeatsAndSettings(ids),
    readMany<ListRecord>(ids.map((id) => keys.list(id))),
  ]);
  return {
    groupId,
    groups: labels,
    total: mine.length,
    data: shown.map((s, i): ListRow => ({
      sectionId: s.id,
      course: bookName(s.book, lang),
      code: s.book.code,
      credits: s.credits,
      professor: professorName(s, lang),
      students: seats[i].seats.enrolled,
      status: lists[i].value?.status ?? "open",
      round: lists[i].value?.round ?? 0,
    })),
  };
}
