import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import { EMPTY_AUDIENCE, type PollDefinition, type PollInput } from "./model.ts";
import { checkAnswers, checkPoll } from "./rules.ts";

const input = (extra: Partial<PollInput> = {}): PollInput => ({
  title: "გამოკითხვა",
  titleEn: "Survey",
  description: "",
  questions: [{ kind: "scale", text: "ა", textEn: "a", required: true, options: [] }],
  audience: { ...EMPTY_AUDIENCE, guards: ["user"] },
  opensAt: "2026-12-01T09:00:00Z",
  closesAt: "2026-12-10T09:00:00Z",
  anonymous: false,
  editable: false,
  ...extra,
});

const fieldsOf = (fn: () => unknown) => {
  const error = assertThrows(fn, AppError) as AppError;
  return Object.fromEntries(Object.entries(error.options.fields ?? {}).map(([k, v]) => [k, v.key]));
};

const two = [{ text: "1", textEn: "1" }, { text: "2", textEn: "2" }];
const poll: PollDefinition = {
  ...input(),
  questions: [
    { id: "q1", kind: "single", text: "ა", textEn: "a", required: true, options: two },
    { id: "q2", kind: "multiple", text: "ბ", textEn: "b", required: false, options: two },
    { id: "q3", kind: "text", text: "გ", textEn: "c", required: false, options: [] },
  ],
  id: 1,
  status: "open",
  createdBy: null,
  createdAt: "",
  audienceSize: 0,
};

Deno.test("poll rules", async (t) => {
  await t.step("a complete poll passes", () => checkPoll(input()));

  await t.step("every problem of a poll is named at once", () => {
    assertEquals(
      fieldsOf(() =>
        checkPoll(input({
          title: " ",
          questions: [],
          audience: EMPTY_AUDIENCE,
          closesAt: "2026-11-01T00:00:00Z",
          anonymous: true,
          editable: true,
        }))
      ),
      {
        title: "errors.required",
        questions: "polls.errors.noQuestions",
        audience: "polls.errors.noAudience",
        closesAt: "polls.errors.closesBeforeOpens",
        editable: "polls.errors.anonymousEditable",
      },
    );
  });

  await t.step("a choice question needs two choices; others take none", () => {
    assertEquals(
      fieldsOf(() =>
        checkPoll(input({
          questions: [
            { kind: "single", text: "ა", textEn: "a", required: true, options: [{ text: "1", textEn: "1" }] },
            { kind: "text", text: "ა", textEn: "a", required: true, options: [{ text: "1", textEn: "1" }] },
          ],
        }))
      ),
      { "questions.0.options": "polls.errors.twoOptions", "questions.1.options": "polls.errors.noOptions" },
    );
  });

  await t.step("answers are kept tidy: empty optional ones dropped, choices sorted once", () => {
    assertEquals(checkAnswers(poll, { q1: 1, q2: [1, 0, 1], q3: "" }), { q1: 1, q2: [0, 1] });
  });

  await t.step("bad answers are named per question", () => {
    assertEquals(fieldsOf(() => checkAnswers(poll, { q2: [5], q3: 4 as unknown as string, q7: 1 })), {
      "answers.q1": "polls.errors.answerRequired",
      "answers.q2": "polls.errors.badChoice",
      "answers.q3": "polls.errors.badText",
      "answers.q7": "polls.errors.unknownQuestion",
    });
  });
});
