/**
 * The votes domain (services/votes/) owns the course evaluation form and its anonymous answers. This file:
 * course evaluations (the vote form, SPEC §2.7): a student answers every criterion of votes/criteria.ts for a
 * course they attend this semester, once per course and semester (the evaluation period is the current
 * registration group).
 *
 * Anonymity: the answers are stored without the person — `["vote_responses", groupId, bookId, <random uuid>]`
 * holds only the scores (no time, no user; the random key does not sort by time). Who has voted is a separate
 * key, `["vote_cast", groupId, bookId, userId]`, written in the same atomic with a check that it did not exist:
 * two submissions racing each other cannot both commit, and a second vote is 409 `already_voted`.
 * The audit entry (`["audit", "vote_cast", userId, …]`) records that the person voted on the course, never the
 * answers. (Both keys of one commit share its versionstamp, so someone reading the raw database could still pair
 * them; the application never does.)
 */
import type { Book } from "../academic/model.ts";
import { getBooks } from "../books/mod.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { currentGroupOf, type GroupRecord, listGroups } from "../academic/semesters.ts";
import { localNow } from "../timetable/week.ts";
import { ownScope, scopeEntries, type Viewer } from "../timetable/view.ts";
import { CRITERIA, SCORES } from "./criteria.ts";
import { AppError, type FieldError, forbidden, invalid } from "../../utils/errors.ts";
import { now as clockNow } from "../academic/clock.ts";

export const VOTE_RESPONSES = "vote_responses";
export const VOTE_CAST = "vote_cast";

export interface VoteResponse {
  scores: Record<string, number>;
}

export const voteCastKey = (groupId: number, bookId: number, userId: number): Deno.KvKey => [
  VOTE_CAST,
  groupId,
  bookId,
  userId,
];

/** Every criterion answered with a score 0–4, nothing else: field errors name each missing or bad answer. */
export function validateScores(raw: Record<string, unknown>): Record<string, number> {
  const fields: Record<string, FieldError> = {};
  const scores: Record<string, number> = {};
  for (const id of CRITERIA) {
    const value = raw[id];
    if (value === undefined || value === null || value === "") fields[id] = { key: "errors.voteRequired" };
    else if (!(SCORES as readonly number[]).includes(Number(value)) || !/^\d$/.test(String(value))) {
      fields[id] = { key: "errors.invalidChoice" };
    } else scores[id] = Number(value);
  }
  for (const key of Object.keys(raw)) {
    if (!CRITERIA.includes(key)) fields[key] = { key: "errors.unknownField" };
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return scores;
}

/** The evaluation period: the registration group running today (university time). */
export async function currentPeriod(now = clockNow()): Promise<GroupRecord | null> {
  return currentGroupOf(await listGroups(), localNow(now).date);
}

export interface VoteViewer extends Viewer {
  user: Viewer["user"] & { id: number };
}

/** The courses a student may evaluate: those of their lessons in the current period; others have none. */
export async function votableCourses(viewer: VoteViewer, now = clockNow()) {
  const period = await currentPeriod(now);
  const scope = await ownScope(viewer);
  if (!period || scope?.kind !== "student") {
    return { period, courses: [] as Book[], voted: new Set<number>() };
  }
  const entries = await scopeEntries(scope, period.id);
  const books = await getBooks(entries.map((e) => e.bookId));
  const courses = [...books.values()].sort((a, b) => a.name.localeCompare(b.name, "ka"));
  const cast = await db().getMany(courses.map((b) => voteCastKey(period.id, b.id, viewer.user.id)));
  const voted = new Set(courses.filter((_, i) => cast[i].versionstamp !== null).map((b) => b.id));
  return { period, courses, voted };
}

/**
 * Stores one anonymous response. Not a student → 403; a course they do not attend this period → 422 on
 * `bookId`; unanswered criteria → 422 naming each; voted already → 409 `already_voted`.
 */
export async function submitVote(
  viewer: VoteViewer,
  bookId: number,
  rawScores: Record<string, unknown>,
  now = clockNow(),
): Promise<void> {
  if (viewer.user.studentId === null) throw forbidden();
  const { period, courses } = await votableCourses(viewer, now);
  if (!period || !courses.some((b) => b.id === bookId)) {
    throw invalid({ bookId: { key: "errors.voteCourseNotYours" } });
  }
  const castKey = voteCastKey(period.id, bookId, viewer.user.id);
  // Said first: a form that can never be accepted should not ask for its answers to be corrected.
  if ((await db().get(castKey)).versionstamp !== null) throw alreadyVoted();
  const scores = validateScores(rawScores);
  const atomic = db().atomic()
    .check({ key: castKey, versionstamp: null })
    .set(castKey, true)
    .set([VOTE_RESPONSES, period.id, bookId, crypto.randomUUID()], { scores } satisfies VoteResponse);
  addAudit(atomic, {
    entity: VOTE_CAST,
    entityId: viewer.user.id,
    actor: viewer.user.id,
    action: "create",
    before: null,
    after: { groupId: period.id, bookId },
    at: now.toISOString(),
  });
  const result = await atomic.commit();
  if (!result.ok) throw alreadyVoted();
}

const alreadyVoted = () => new AppError(409, "already_voted", "errors.alreadyVoted");

export interface VoteResults {
  groupId: number;
  bookId: number;
  count: number;
  /** Per criterion, in form order; null while nobody answered. */
  averages: { id: string; average: number | null }[];
}

/** The average score of each criterion over a course's responses in a period (two decimals). */
export async function voteResults(groupId: number, bookId: number): Promise<VoteResults> {
  const sums = new Map<string, { total: number; count: number }>();
  let count = 0;
  for await (const e of db().list<VoteResponse>({ prefix: [VOTE_RESPONSES, groupId, bookId] })) {
    count++;
    for (const [id, score] of Object.entries(e.value.scores)) {
      const sum = sums.get(id) ?? { total: 0, count: 0 };
      sum.total += score;
      sum.count++;
      sums.set(id, sum);
    }
  }
  const averages = CRITERIA.map((id) => {
    const sum = sums.get(id);
    return { id, average: sum ? Math.round((sum.total / sum.count) * 100) / 100 : null };
  });
  return { groupId, bookId, count, averages };
}

/** The courses evaluated at least once in a period, with their response counts (for the results view). */
export async function evaluatedCourses(groupId: number): Promise<{ book: Book; count: number }[]> {
  const counts = new Map<number, number>();
  for await (const e of db().list({ prefix: [VOTE_RESPONSES, groupId] }, { batchSize: 500 })) {
    const bookId = e.key[2] as number;
    counts.set(bookId, (counts.get(bookId) ?? 0) + 1);
  }
  const books = await getBooks([...counts.keys()]);
  return [...counts].flatMap(([id, count]) => {
    const book = books.get(id);
    return book ? [{ book, count }] : [];
  });
}
