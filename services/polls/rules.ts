/**
 * What makes a poll and an answer acceptable, beyond the shapes the API's schema checks: every rule is reported
 * at its field in one 422, so a builder sees all its mistakes at once, and nothing is stored.
 */
import { type FieldError, invalid } from "../../utils/errors.ts";
import {
  type Answers,
  type AnswerValue,
  type PollAudience,
  type PollDefinition,
  type PollInput,
  type PollQuestion,
  SCALE_MAX,
  SCALE_MIN,
} from "./model.ts";

type Fields = Record<string, FieldError>;

export function audienceIsEmpty(a: PollAudience): boolean {
  return a.guards.length + a.schoolIds.length + a.programIds.length + a.admissionYears.length +
      a.sectionIds.length + a.userIds.length === 0;
}

/** The poll's own rules: a title in both languages, at least one question, choices where a question needs them,
 * a period that ends after it starts, someone to ask. */
export function checkPoll(input: PollInput): void {
  const fields: Fields = {};
  if (!input.title.trim()) fields.title = { key: "errors.required" };
  if (!input.titleEn.trim()) fields.titleEn = { key: "errors.required" };
  if (input.questions.length === 0) fields.questions = { key: "polls.errors.noQuestions" };
  input.questions.forEach((q, i) => {
    if (!q.text.trim()) fields[`questions.${i}.text`] = { key: "errors.required" };
    if (!q.textEn.trim()) fields[`questions.${i}.textEn`] = { key: "errors.required" };
    const choice = q.kind === "single" || q.kind === "multiple";
    if (choice && q.options.length < 2) fields[`questions.${i}.options`] = { key: "polls.errors.twoOptions" };
    if (choice && q.options.some((o) => !o.text.trim() || !o.textEn.trim())) {
      fields[`questions.${i}.options`] = { key: "polls.errors.emptyOption" };
    }
    if (!choice && q.options.length > 0) fields[`questions.${i}.options`] = { key: "polls.errors.noOptions" };
  });
  const opens = Date.parse(input.opensAt), closes = Date.parse(input.closesAt);
  if (Number.isNaN(opens)) fields.opensAt = { key: "errors.invalidDate" };
  if (Number.isNaN(closes)) fields.closesAt = { key: "errors.invalidDate" };
  else if (!Number.isNaN(opens) && closes <= opens) {
    fields.closesAt = { key: "polls.errors.closesBeforeOpens" };
  }
  if (audienceIsEmpty(input.audience)) fields.audience = { key: "polls.errors.noAudience" };
  if (input.anonymous && input.editable) fields.editable = { key: "polls.errors.anonymousEditable" };
  if (Object.keys(fields).length) throw invalid(fields);
}

/** The answers as they will be stored (unknown questions and empty answers dropped); 422 naming each problem. */
export function checkAnswers(poll: PollDefinition, answers: Answers): Answers {
  const fields: Fields = {};
  const known = new Set(poll.questions.map((q) => q.id));
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) fields[`answers.${id}`] = { key: "polls.errors.unknownQuestion" };
  }
  const kept: Answers = {};
  for (const q of poll.questions) {
    const value = answers[q.id];
    const empty = value === undefined || value === "" || (Array.isArray(value) && value.length === 0) ||
      (typeof value === "string" && !value.trim());
    if (empty) {
      if (q.required) fields[`answers.${q.id}`] = { key: "polls.errors.answerRequired" };
      continue;
    }
    const problem = answerProblem(q, value);
    if (problem) fields[`answers.${q.id}`] = { key: problem };
    else kept[q.id] = Array.isArray(value) ? [...new Set(value)].sort((a, b) => a - b) : value;
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return kept;
}

function answerProblem(q: PollQuestion, value: AnswerValue): string | null {
  const option = (v: unknown) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) < q.options.length;
  switch (q.kind) {
    case "single":
      return option(value) ? null : "polls.errors.badChoice";
    case "multiple":
      return Array.isArray(value) && value.every(option) ? null : "polls.errors.badChoice";
    case "scale":
      return Number.isInteger(value) && (value as number) >= SCALE_MIN && (value as number) <= SCALE_MAX
        ? null
        : "polls.errors.badScale";
    case "text":
      return typeof value === "string" ? null : "polls.errors.badText";
  }
}
