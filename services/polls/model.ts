/**
 * Polls (issue 26): staff build a questionnaire, choose who answers it and open it for a period; the people
 * targeted answer once (or edit until it closes, when the poll allows). Keys:
 *
 * | key                                      | value                                              |
 * |------------------------------------------|----------------------------------------------------|
 * | ["poll_definitions", id]                 | PollDefinition (records.ts: audited, counter ids)  |
 * | ["poll_definitions_by_status", s, id]    | id: the open ones are what the alert reads         |
 * | ["poll_respondents", pollId, userId]     | Respondent: this person answered (anonymous: no link to the answer) |
 * | ["poll_responses", pollId, responseId]   | PollResponse: the answers (named: `u<userId>`; anonymous: a ULID) |
 * | ["poll_counts", pollId, ...what]         | KvU64 counters moved in the answer's atomic with `sum` (no contention): |
 * |                                          | ("responses"), (qid, "answered"), (qid, optionIndex or scale point − 1) |
 *
 * The shell's older poll store (services/shell/polls.ts, `["polls", id]`) keeps the evaluation form's alert;
 * both feed the same alert.
 */
import type { Guard } from "../identity/users.ts";

export const QUESTION_KINDS = ["single", "multiple", "scale", "text"] as const;
export type QuestionKind = typeof QUESTION_KINDS[number];
export const POLL_STATUSES = ["draft", "open", "closed"] as const;
export type PollStatus = typeof POLL_STATUSES[number];

export const SCALE_MIN = 1;
export const SCALE_MAX = 5;
export const LIMITS = {
  title: 200,
  description: 2000,
  questions: 50,
  questionText: 500,
  options: 20,
  optionText: 200,
  textAnswer: 2000,
  audienceIds: 20_000,
  audienceValues: 200,
} as const;

export interface PollOption {
  text: string;
  textEn: string;
}

export interface PollQuestion {
  /** Stable within the poll (q1, q2 …): answers and tallies name it. */
  id: string;
  kind: QuestionKind;
  text: string;
  textEn: string;
  required: boolean;
  /** Choices of single and multiple questions; empty for scale and text. */
  options: PollOption[];
}

/**
 * Who is asked. A person is in the audience when named in `userIds`, enrolled in one of `sectionIds`, or of one
 * of `guards` and — for students — matching every student criterion given (school, program, admission year).
 * Student criteria alone (no guard) mean students.
 */
export interface PollAudience {
  guards: Guard[];
  schoolIds: number[];
  programIds: number[];
  admissionYears: number[];
  sectionIds: string[];
  userIds: number[];
}

export interface PollInput {
  title: string;
  titleEn: string;
  description: string;
  questions: Omit<PollQuestion, "id">[];
  audience: PollAudience;
  /** ISO instants; the poll takes answers from opensAt until closesAt once opened. */
  opensAt: string;
  closesAt: string;
  anonymous: boolean;
  /** Answers may be changed until the poll closes. Not with anonymous polls: nothing links an answer to its
   * author to find it again. */
  editable: boolean;
}

export interface PollDefinition extends Omit<PollInput, "questions"> {
  id: number;
  questions: PollQuestion[];
  status: PollStatus;
  createdBy: number | null;
  createdAt: string;
  /** How many people the audience named when it was opened. */
  audienceSize: number;
}

/** One answer per question id: option index (single), option indexes (multiple), 1–5 (scale), text. */
export type AnswerValue = number | number[] | string;
export type Answers = Record<string, AnswerValue>;

export interface PollResponse {
  /** Null in an anonymous poll. */
  userId: number | null;
  answers: Answers;
  at: string;
  updatedAt: string | null;
}

export interface Respondent {
  at: string;
  /** The response's id in a named poll; null in an anonymous one. */
  responseId: string | null;
}

/** Per question: counts per option (single, multiple), per scale point 1–5 (index 0 = 1), answers given. */
export interface PollTally {
  responses: number;
  questions: Record<string, { answered: number; counts: number[] }>;
}

export const POLLS = "poll_definitions";

export const pollKeys = {
  respondent: (pollId: number, userId: number): Deno.KvKey => ["poll_respondents", pollId, userId],
  respondents: (pollId: number): Deno.KvKey => ["poll_respondents", pollId],
  response: (pollId: number, responseId: string): Deno.KvKey => ["poll_responses", pollId, responseId],
  responses: (pollId: number): Deno.KvKey => ["poll_responses", pollId],
  counts: (pollId: number): Deno.KvKey => ["poll_counts", pollId],
  count: (pollId: number, ...what: (string | number)[]): Deno.KvKey => ["poll_counts", pollId, ...what],
};

export const EMPTY_AUDIENCE: PollAudience = {
  guards: [],
  schoolIds: [],
  programIds: [],
  admissionYears: [],
  sectionIds: [],
  userIds: [],
};

/** Whether answers are taken at `at` (ms). */
export function isTakingAnswers(poll: PollDefinition, at = Date.now()): boolean {
  return poll.status === "open" && Date.parse(poll.opensAt) <= at && at < Date.parse(poll.closesAt);
}

export function emptyTally(poll: Pick<PollDefinition, "questions">): PollTally {
  return {
    responses: 0,
    questions: Object.fromEntries(poll.questions.map((q) => [q.id, { answered: 0, counts: countsFor(q) }])),
  };
}

function countsFor(q: PollQuestion): number[] {
  if (q.kind === "scale") return new Array(SCALE_MAX - SCALE_MIN + 1).fill(0);
  if (q.kind === "text") return [];
  return new Array(q.options.length).fill(0);
}
