/**
 * The dashboard's figures in one answer, for a filter checked against what exists: the school and semester must
 * be real, the period's end must not come before its start, and a period is at most PERIOD_MAX months — each
 * refusal a 422 naming its field, never a 500.
 */
import type { StudentStatus } from "../academic/model.ts";
import { currentGroupOf, listGroups } from "../academic/semesters.ts";
import { studentStructure } from "../students/list_index.ts";
import { today } from "../timetable/week.ts";
import { addMonths, moneyByMonth, type MonthMoney, monthSpan } from "./collections.ts";
import { type FillRates, fillRates } from "./fill_rates.ts";
import { type Labels, type StudentFigures, studentFigures } from "./students.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";
import { keepBounded } from "../../utils/bounded_map.ts";

export const PERIOD_MAX = 60;
/** Months shown when the filter names no period: the last year, this month included. */
const DEFAULT_MONTHS = 12;

export interface DashboardFilter {
  schoolId?: number;
  status?: StudentStatus;
  /** The semester of the fill rates (default: the current one). */
  groupId?: number;
  /** YYYY-MM, inclusive. */
  from?: string;
  to?: string;
}

export interface Semester {
  id: number;
  seasonYear: string;
}

export interface Dashboard {
  filter: {
    schoolId: number | null;
    status: StudentStatus | null;
    groupId: number | null;
    from: string;
    to: string;
  };
  students: StudentFigures;
  /** Null when there is no semester at all. */
  registration: FillRates | null;
  money: MonthMoney[];
  /** For the filter's choices, newest first. */
  semesters: Semester[];
}

export async function dashboard(filter: DashboardFilter, lang: Lang, labels: Labels): Promise<Dashboard> {
  const fields: Record<string, FieldError> = {};
  const [structure, groups] = await Promise.all([studentStructure(), listGroups()]);
  if (filter.schoolId !== undefined && !structure.schools.has(filter.schoolId)) {
    fields.schoolId = { key: "errors.unknownSchool" };
  }
  if (filter.groupId !== undefined && !groups.some((g) => g.value.id === filter.groupId)) {
    fields.groupId = { key: "errors.unknownGroup" };
  }
  const to = filter.to ?? today().slice(0, 7);
  const from = filter.from ?? addMonths(to, 1 - DEFAULT_MONTHS);
  const span = monthSpan(from, to);
  if (span < 1) fields.to = { key: "analytics.errors.endBeforeStart" };
  else if (span > PERIOD_MAX) {
    fields.to = { key: "analytics.errors.periodTooLong", params: { max: PERIOD_MAX } };
  }
  if (Object.keys(fields).length) throw invalid(fields);

  const groupId = filter.groupId ?? currentGroupOf(groups, today())?.value.id ?? null;
  const [students, registration, money] = await Promise.all([
    studentFigures({ schoolId: filter.schoolId, status: filter.status }, lang, labels),
    groupId === null ? null : fillRates(groupId, lang),
    moneyByMonth(from, to),
  ]);
  const resolved = { schoolId: filter.schoolId ?? null, status: filter.status ?? null, groupId, from, to };
  // The same answer object while its parts are the same (the route keeps its JSON text beside it).
  const key = `${lang}|${JSON.stringify(resolved)}`;
  const moneyText = JSON.stringify(money);
  const last = answers.get(key);
  if (
    last && last.students === students && last.registration === registration && last.groups === groups &&
    last.moneyText === moneyText
  ) return last.answer;
  const answer: Dashboard = {
    filter: resolved,
    students,
    registration,
    money,
    semesters: groups.map((g) => ({ id: g.value.id, seasonYear: g.value.seasonYear }))
      .sort((a, b) => b.id - a.id),
  };
  keepBounded(answers, key, { students, registration, groups, moneyText, answer }, ANSWERS_MAX);
  return answer;
}

const ANSWERS_MAX = 200;
const answers = new Map<string, {
  students: StudentFigures;
  registration: FillRates | null;
  groups: unknown;
  moneyText: string;
  answer: Dashboard;
}>();
