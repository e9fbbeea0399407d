/**
 * May a student register for a course? A pure evaluation of the course's rules (books/conditions.ts) against the
 * student's transcript and program, answering pass or fail per rule with the reason in both languages, so that
 * staff never have to guess why a student may not register. The facts are read by book_eligibility_check.ts.
 *
 * What the rules mean (decided here; the spec names the rules but not their semantics):
 * - A course counts as passed when any attempt at it has a passing grade (A–E; FX and F earn no credits).
 * - Equal condition group (`condition`) with limit L over M member courses: the student must have passed
 *   L of them; L = 0 means all of them, and L above M also means all of them. A group without members passes.
 * - Anti-condition group (`nonCondition`) with limit L: the student must NOT have passed L or more of its
 *   member courses (e.g. no beginners' English after the advanced course); L = 0 means "any one of them".
 * - GPA limit G (when set): the student's GPA over the whole transcript must be at least G; a student with no
 *   graded course yet has no GPA and fails.
 * - Program restriction: when the list is not empty, the student's program must be on it.
 * - Rule students: a student on the course's rule-students list ("students with prerequisite") is exempt from
 *   the equal conditions, the anti-conditions and the GPA limit (those rules show as "waived"); the program
 *   restriction still applies, because it says whom the course is for, not what they must know.
 * The student is eligible when no rule fails.
 */
import type { Grade, TranscriptEntry } from "../academic/model.ts";
import type { ConditionGroup, ProgramRestriction } from "./conditions.ts";
import { translatorFor } from "../languages/i18n.ts";
import { gpaOf } from "../students/transcripts.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface Bilingual {
  ka: string;
  en: string;
}

export interface EligibilityFacts {
  conditions: {
    groups: readonly Pick<ConditionGroup, "id" | "type" | "name" | "limit" | "conditions">[];
    programs: readonly Pick<ProgramRestriction, "programId">[];
    gpaLimit: number | null;
  };
  transcript: readonly Pick<TranscriptEntry, "bookId" | "grade" | "credits">[];
  /** The student's program. */
  programId: number;
  /** Whether the student is on the course's rule-students list. */
  listed: boolean;
  /** Names of the member courses and programs, in both languages (a missing one shows as "#id"). */
  courseNames: ReadonlyMap<number, Bilingual>;
  programNames: ReadonlyMap<number, Bilingual>;
}

export type RuleKind = "equalCondition" | "antiCondition" | "gpa" | "program" | "ruleStudents";
export type RuleStatus = "pass" | "fail" | "waived";

export interface RuleResult {
  kind: RuleKind;
  /** The condition group, for the two group kinds. */
  groupId: number | null;
  title: Bilingual;
  status: RuleStatus;
  reason: Bilingual;
}

export interface EligibilityResult {
  eligible: boolean;
  listed: boolean;
  gpa: number | null;
  rules: RuleResult[];
}

const PASSING: ReadonlySet<Grade> = new Set(["A", "B", "C", "D", "E"]);
const LANGS: readonly Lang[] = ["ka", "en"];
const K = "bookDialogs.eligibility";

/** The same text in both languages, `build` receiving each language's translator. */
// Translators are asked for on each use: the language screen may have edited the texts meanwhile.
const both = (build: (t: Translate, lang: Lang) => string): Bilingual => ({
  ka: build(translatorFor("ka"), "ka"),
  en: build(translatorFor("en"), "en"),
});

const nameIn = (names: ReadonlyMap<number, Bilingual>, id: number, lang: Lang) =>
  names.get(id)?.[lang] || `#${id}`;

const listIn = (names: ReadonlyMap<number, Bilingual>, ids: readonly number[], lang: Lang) =>
  ids.map((id) => nameIn(names, id, lang)).join(", ");

// What a transcript gives every rule, by the transcript's array: a page evaluates many courses against the one
// transcript it read, so it is summed once.
const summaries = new WeakMap<EligibilityFacts["transcript"], { passed: Set<number>; gpa: number | null }>();

function transcriptSummary(transcript: EligibilityFacts["transcript"]) {
  let summary = summaries.get(transcript);
  if (!summary) {
    summary = {
      passed: new Set(transcript.filter((e) => PASSING.has(e.grade)).map((e) => e.bookId)),
      gpa: gpaOf(transcript),
    };
    summaries.set(transcript, summary);
  }
  return summary;
}

export function evaluateEligibility(facts: EligibilityFacts): EligibilityResult {
  const { passed, gpa } = transcriptSummary(facts.transcript);
  const rules: RuleResult[] = [];

  if (facts.listed) {
    rules.push({
      kind: "ruleStudents",
      groupId: null,
      title: both((t) => t(`${K}.titles.ruleStudents`)),
      status: "pass",
      reason: both((t) => t(`${K}.listed`)),
    });
  }

  for (const group of facts.conditions.groups) {
    const members = group.conditions.map((m) => m.bookId);
    const done = members.filter((id) => passed.has(id));
    const equal = group.type === "condition";
    const kind: RuleKind = equal ? "equalCondition" : "antiCondition";
    const title = both((t) => t(`${K}.titles.${kind}`, { name: group.name }));
    const passedText = (t: Translate, lang: Lang) =>
      done.length
        ? t(`${K}.passedSome`, { count: done.length, names: listIn(facts.courseNames, done, lang) })
        : t(`${K}.passedNone`);
    let status: RuleStatus;
    let reason: Bilingual;
    if (members.length === 0) {
      status = "pass";
      reason = both((t) => t(`${K}.emptyGroup`));
    } else if (equal) {
      const need = group.limit > 0 ? Math.min(group.limit, members.length) : members.length;
      status = done.length >= need ? "pass" : "fail";
      reason = both((t, lang) =>
        `${t(`${K}.needs`, { need, courses: listIn(facts.courseNames, members, lang) })}; ${
          passedText(t, lang)
        }`
      );
    } else {
      const block = group.limit > 0 ? Math.min(group.limit, members.length) : 1;
      status = done.length >= block ? "fail" : "pass";
      const key = block === 1 ? `${K}.mustNotAny` : `${K}.mustNot`;
      reason = both((t, lang) =>
        `${t(key, { limit: block, courses: listIn(facts.courseNames, members, lang) })}; ${
          passedText(t, lang)
        }`
      );
    }
    rules.push(waivable({ kind, groupId: group.id, title, status, reason }, facts.listed));
  }

  const limit = facts.conditions.gpaLimit;
  if (limit !== null) {
    const status: RuleStatus = gpa !== null && gpa >= limit ? "pass" : "fail";
    const reason = both((t) =>
      gpa === null
        ? t(`${K}.noGpa`, { limit: fixed(limit) })
        : t(`${K}.gpa`, { gpa: fixed(gpa), limit: fixed(limit) })
    );
    rules.push(
      waivable({
        kind: "gpa",
        groupId: null,
        title: both((t) => t(`${K}.titles.gpa`)),
        status,
        reason,
      }, facts.listed),
    );
  }

  const allowed = facts.conditions.programs.map((p) => p.programId);
  if (allowed.length > 0) {
    const ok = allowed.includes(facts.programId);
    rules.push({
      kind: "program",
      groupId: null,
      title: both((t) => t(`${K}.titles.program`)),
      status: ok ? "pass" : "fail",
      reason: both((t, lang) =>
        t(ok ? `${K}.programIn` : `${K}.programNotIn`, {
          program: nameIn(facts.programNames, facts.programId, lang),
          programs: listIn(facts.programNames, allowed, lang),
        })
      ),
    });
  }

  return { eligible: rules.every((r) => r.status !== "fail"), listed: facts.listed, gpa, rules };
}

/** A listed student's prerequisite rule: shown with its own outcome, but it does not count. */
function waivable(rule: RuleResult, listed: boolean): RuleResult {
  if (!listed) return rule;
  const reason = {} as Bilingual;
  for (const lang of LANGS) reason[lang] = `${rule.reason[lang]} — ${translatorFor(lang)(`${K}.waived`)}`;
  return { ...rule, status: "waived", reason };
}

const fixed = (n: number) => n.toFixed(2);
