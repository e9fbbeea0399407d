/**
 * Answering a poll: once per person, or changed until the poll closes when it allows. The respondent mark, the
 * response and the counters move in one atomic, so a second answer racing the first finds the mark and is
 * refused, and the results never count an answer twice or half.
 */
import { AppError, conflict, notFound } from "../../utils/errors.ts";
import { nextUlid } from "../db/ids.ts";
import { db, readMany } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import type { User } from "../identity/users.ts";
import { audienceMatcher, isInAudience } from "./audience.ts";
import {
  type Answers,
  isTakingAnswers,
  type PollDefinition,
  pollKeys,
  type PollQuestion,
  type PollResponse,
  type Respondent,
  SCALE_MIN,
} from "./model.ts";
import { checkAnswers } from "./rules.ts";
import { listOpenPolls, requirePoll } from "./store.ts";

const ONE = new Deno.KvU64(1n);
// KV's sum wraps modulo 2^64: adding 2^64 − 1 takes one away.
const MINUS_ONE = new Deno.KvU64(0xffff_ffff_ffff_ffffn);

export const notInAudience = () => new AppError(403, "not_in_audience", "polls.errors.notInAudience");

/** The counter keys one answer moves: "answered" and the option(s) or scale point chosen. */
function countKeys(pollId: number, q: PollQuestion, value: Answers[string] | undefined): Deno.KvKey[] {
  if (value === undefined) return [];
  const keys = [pollKeys.count(pollId, q.id, "answered")];
  if (q.kind === "single") keys.push(pollKeys.count(pollId, q.id, value as number));
  if (q.kind === "multiple") {
    for (const i of value as number[]) {
      keys.push(pollKeys.count(pollId, q.id, i));
    }
  }
  if (q.kind === "scale") keys.push(pollKeys.count(pollId, q.id, (value as number) - SCALE_MIN));
  return keys;
}

function move(atomic: Deno.AtomicOperation, poll: PollDefinition, answers: Answers, by: Deno.KvU64) {
  for (const q of poll.questions) {
    for (const key of countKeys(poll.id, q, answers[q.id])) atomic.sum(key, by.value);
  }
}

/** Stores the person's answers; returns whether it was an edit. */
export async function answerPoll(
  pollId: number,
  user: User,
  raw: Answers,
  at = Date.now(),
): Promise<{ edited: boolean }> {
  const poll = (await requirePoll(pollId)).value;
  if (poll.status === "draft") throw notFound("poll_definitions");
  if (!await isInAudience(user, poll.audience)) throw notInAudience();
  if (!isTakingAnswers(poll, at)) throw conflict("polls.errors.closed");
  const answers = checkAnswers(poll, raw);
  const now = new Date(at).toISOString();
  return await untilCommitted(async () => {
    const mark = await db().get<Respondent>(pollKeys.respondent(pollId, user.id));
    const atomic = db().atomic().check(mark);
    if (mark.value === null) {
      const responseId = poll.anonymous ? nextUlid() : `u${user.id}`;
      const response: PollResponse = {
        userId: poll.anonymous ? null : user.id,
        answers,
        at: now,
        updatedAt: null,
      };
      const responseKey = pollKeys.response(pollId, responseId);
      atomic.check({ key: responseKey, versionstamp: null })
        .set(mark.key, { at: now, responseId: poll.anonymous ? null : responseId } satisfies Respondent)
        .set(responseKey, response)
        .sum(pollKeys.count(pollId, "responses"), ONE.value);
      move(atomic, poll, answers, ONE);
      return (await atomic.commit()).ok ? { edited: false } : RETRY;
    }
    if (!poll.editable || mark.value.responseId === null) throw conflict("polls.errors.alreadyAnswered");
    const current = await db().get<PollResponse>(pollKeys.response(pollId, mark.value.responseId));
    if (!current.value) throw conflict("polls.errors.alreadyAnswered");
    atomic.check(current).set(current.key, { ...current.value, answers, updatedAt: now });
    move(atomic, poll, current.value.answers, MINUS_ONE);
    move(atomic, poll, answers, ONE);
    return (await atomic.commit()).ok ? { edited: true } : RETRY;
  });
}

/** The person's own answers to a named poll (to edit them), or null. */
export async function myAnswers(pollId: number, userId: number): Promise<Answers | null> {
  const mark = (await db().get<Respondent>(pollKeys.respondent(pollId, userId))).value;
  if (!mark?.responseId) return null;
  return (await db().get<PollResponse>(pollKeys.response(pollId, mark.responseId))).value?.answers ?? null;
}

export async function hasAnswered(pollId: number, userId: number): Promise<boolean> {
  return (await db().get(pollKeys.respondent(pollId, userId))).versionstamp !== null;
}

/** Open polls the person is asked and has not answered, soonest closing first (the poll alert). */
export async function pollsWaiting(user: User, at = Date.now()): Promise<PollDefinition[]> {
  const open = (await listOpenPolls()).filter((p) => isTakingAnswers(p, at));
  if (open.length === 0) return [];
  const marks = await readMany(open.map((p) => pollKeys.respondent(p.id, user.id)));
  const unanswered = open.filter((_, i) => marks[i].versionstamp === null);
  const matches = audienceMatcher(user);
  const asked = await Promise.all(unanswered.map((p) => matches(p.audience)));
  return unanswered.filter((_, i) => asked[i]).sort((a, b) => a.closesAt.localeCompare(b.closesAt));
}

/** Polls the person is asked that take answers now, answered or not, with whether they answered. */
export async function pollsMine(user: User, at = Date.now(), matches = audienceMatcher(user)) {
  const open = (await listOpenPolls()).filter((p) => isTakingAnswers(p, at));
  const asked = await Promise.all(open.map((p) => matches(p.audience)));
  const mine = open.filter((_, i) => asked[i]);
  const marks = await readMany(mine.map((p) => pollKeys.respondent(p.id, user.id)));
  return mine.map((poll, i) => ({ poll, answered: marks[i].versionstamp !== null }));
}
