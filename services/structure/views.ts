/**
 * What the structure screens and their API show: one page of schools or programs with the names they refer
 * to, the people who may be dean, and a record's change history.
 */
import type { HrPerson, Level, Program, ProgramStatus, School } from "../academic/model.ts";
import { getManyRecords, getRecord, listAudit } from "../db/reads.ts";
import { byCode, countIndex, HR, PROGRAMS, readAll, SCHOOLS } from "./mod.ts";
import { getUser } from "../identity/users.ts";
import { notFound } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface ListQuery {
  /** Matched, ignoring case, inside the code and both names. */
  text?: string;
  /** 1-based. */
  page?: number;
  limit?: number;
}

export interface ProgramQuery extends ListQuery {
  schoolId?: number;
  level?: Level;
  status?: ProgramStatus;
}

export interface Listing<T> {
  data: T[];
  /** Rows matching the filter, over all pages. */
  total: number;
}

export interface SchoolView extends School {
  versionstamp: string;
  deanNameKa: string | null;
  deanNameEn: string | null;
  programCount: number;
}

export interface ProgramView extends Program {
  versionstamp: string;
  schoolCode: string;
  schoolNameKa: string;
  schoolNameEn: string;
}

export interface HistoryEntry {
  /** The audit entry's ULID. */
  id: string;
  at: string;
  actor: number | string | null;
  actorName: string | null;
  action: "create" | "update" | "remove";
  before: unknown;
  after: unknown;
}

/** A person who may be chosen as dean, for the school form. */
export interface DeanChoice {
  id: number;
  nameKa: string;
  nameEn: string;
}

function matches(
  record: { code: string; nameKa: string; nameEn: string },
  text: string | undefined,
): boolean {
  const needle = text?.trim().toLowerCase();
  if (!needle) return true;
  return [record.code, record.nameKa, record.nameEn].some((field) => field.toLowerCase().includes(needle));
}

function pageOf<T>(rows: T[], query: ListQuery): T[] {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 15) || 15, 1), 1000);
  const page = Math.max(Math.trunc(query.page ?? 1) || 1, 1);
  return rows.slice((page - 1) * limit, page * limit);
}

export async function listSchools(query: ListQuery = {}): Promise<Listing<SchoolView>> {
  const found = (await readAll<School>(SCHOOLS))
    .filter((r) => matches(r.value, query.text))
    .sort((a, b) => byCode(a.value, b.value));
  const shown = pageOf(found, query);
  const deanIds = shown.map((r) => r.value.deanHrId).filter((id): id is number => id !== null);
  const [deans, counts] = await Promise.all([
    getManyRecords<HrPerson>(HR, deanIds),
    Promise.all(shown.map((r) => countIndex("programs_by_school", r.id))),
  ]);
  const deanById = new Map(deans.flatMap((d) => d ? [[d.id, d.value]] : []));
  return {
    total: found.length,
    data: shown.map((r, i) => {
      const dean = r.value.deanHrId === null ? undefined : deanById.get(r.value.deanHrId);
      return {
        ...r.value,
        versionstamp: r.versionstamp,
        deanNameKa: dean ? `${dean.firstNameKa} ${dean.lastNameKa}` : null,
        deanNameEn: dean ? `${dean.firstNameEn} ${dean.lastNameEn}` : null,
        programCount: counts[i],
      };
    }),
  };
}

export async function listPrograms(query: ProgramQuery = {}): Promise<Listing<ProgramView>> {
  const [programs, schools] = await Promise.all([readAll<Program>(PROGRAMS), readAll<School>(SCHOOLS)]);
  const schoolById = new Map(schools.map((s) => [s.id, s.value]));
  const found = programs
    .filter(({ value: p }) =>
      matches(p, query.text) &&
      (query.schoolId === undefined || p.schoolId === query.schoolId) &&
      (query.level === undefined || p.level === query.level) &&
      (query.status === undefined || p.status === query.status)
    )
    .sort((a, b) => byCode(a.value, b.value));
  return {
    total: found.length,
    data: pageOf(found, query).map((r) => {
      const school = schoolById.get(r.value.schoolId);
      return {
        ...r.value,
        versionstamp: r.versionstamp,
        schoolCode: school?.code ?? "",
        schoolNameKa: school?.nameKa ?? "",
        schoolNameEn: school?.nameEn ?? "",
      };
    }),
  };
}

/** Academic personnel (and the current dean, whoever that is) for the dean field, by Georgian surname. */
export async function deanChoices(currentDeanIds: number[] = []): Promise<DeanChoice[]> {
  const keep = new Set(currentDeanIds);
  return (await readAll<HrPerson>(HR))
    .filter((r) => r.value.kind === "academic" || keep.has(r.id))
    .map(({ id, value: p }) => ({
      id,
      nameKa: `${p.lastNameKa} ${p.firstNameKa}`,
      nameEn: `${p.lastNameEn} ${p.firstNameEn}`,
    }))
    .sort((a, b) => a.nameKa.localeCompare(b.nameKa, "ka"));
}

// ---- history ----

/** A record's audit entries, newest first, with the actor's name in `lang`; 404 for a record never seen. */
export async function recordHistory(collection: string, id: number, lang: Lang): Promise<HistoryEntry[]> {
  const { items } = await listAudit(collection, id, { limit: 200 });
  if (items.length === 0 && !(await getRecord(collection, id))) throw notFound(collection);
  const actorIds = [...new Set(items.map((e) => e.actor).filter((a): a is number => typeof a === "number"))];
  const users = new Map(await Promise.all(actorIds.map(async (a) => [a, await getUser(a)] as const)));
  return items.map((entry) => {
    const user = typeof entry.actor === "number" ? users.get(entry.actor) : null;
    return {
      id: entry.id,
      at: entry.at,
      actor: entry.actor,
      actorName: user ? (lang === "en" ? user.nameEn : user.name) : null,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    };
  });
}
