/**
 * The eligibility rules on hand-made transcripts: what passes, what fails, what a rule student is spared, and
 * the reasons in both languages.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import type { Grade } from "../academic/model.ts";
import type { ConditionGroup } from "./conditions.ts";
import { type Bilingual, type EligibilityFacts, evaluateEligibility } from "./eligibility.ts";

const names = new Map<number, Bilingual>([
  [11, { ka: "კალკულუსი", en: "Calculus" }],
  [12, { ka: "ალგებრა", en: "Algebra" }],
  [13, { ka: "ფიზიკა", en: "Physics" }],
  [21, { ka: "ინგლისური B2", en: "English B2" }],
]);
const programs = new Map<number, Bilingual>([
  [1, { ka: "კომპიუტერული მეცნიერება", en: "Computer Science" }],
  [2, { ka: "ფინანსები", en: "Finance" }],
]);

const group = (
  id: number,
  type: ConditionGroup["type"],
  limit: number,
  members: number[],
): EligibilityFacts["conditions"]["groups"][number] => ({
  id,
  type,
  name: `G${id}`,
  limit,
  conditions: members.map((bookId) => ({ bookId, name: "", created_at: "", updated_at: "" })),
});

const taken = (...entries: [number, Grade][]) =>
  entries.map(([bookId, grade]) => ({ bookId, grade, credits: 6 }));

function facts(over: Partial<EligibilityFacts> & { groups?: EligibilityFacts["conditions"]["groups"] } = {}) {
  const { groups = [], ...rest } = over;
  return {
    conditions: { groups, programs: [], gpaLimit: null },
    transcript: [],
    programId: 1,
    listed: false,
    courseNames: names,
    programNames: programs,
    ...rest,
  } as EligibilityFacts;
}

Deno.test("eligibility", async (t) => {
  await t.step("a course without conditions: eligible, no rules", () => {
    const result = evaluateEligibility(facts());
    assertEquals([result.eligible, result.rules.length], [true, 0]);
  });

  await t.step("equal condition: needs 2 of 3, passed 1 → fail, with the reason in both languages", () => {
    const result = evaluateEligibility(facts({
      groups: [group(1, "condition", 2, [11, 12, 13])],
      transcript: taken([11, "B"], [12, "FX"], [13, "F"]),
    }));
    assertEquals(result.eligible, false);
    const [rule] = result.rules;
    assertEquals([rule.kind, rule.status, rule.groupId], ["equalCondition", "fail", 1]);
    assertEquals(rule.reason.en, "needs 2 of: Calculus, Algebra, Physics; passed 1 (Calculus)");
    assertEquals(
      rule.reason.ka,
      "საჭიროა 2 შემდეგიდან: კალკულუსი, ალგებრა, ფიზიკა; ჩაბარებულია 1 (კალკულუსი)",
    );
    assertEquals(rule.title.en, "Equal condition: G1");
  });

  await t.step("equal condition met; a retake that passed counts; limit 0 means all", () => {
    const result = evaluateEligibility(facts({
      groups: [group(1, "condition", 2, [11, 12, 13]), group(2, "condition", 0, [11, 12])],
      transcript: taken([11, "F"], [11, "C"], [12, "E"]),
    }));
    assertEquals(result.rules.map((r) => r.status), ["pass", "pass"]);
    assertEquals(result.eligible, true);
    const all = evaluateEligibility(
      facts({ groups: [group(2, "condition", 0, [11, 12])], transcript: taken([11, "A"]) }),
    );
    assertEquals([all.eligible, all.rules[0].reason.en], [
      false,
      "needs 2 of: Calculus, Algebra; passed 1 (Calculus)",
    ]);
  });

  await t.step("a limit above the member count means all members; an empty group passes", () => {
    const result = evaluateEligibility(facts({
      groups: [group(1, "condition", 5, [11, 12]), group(2, "condition", 1, [])],
      transcript: taken([11, "A"], [12, "A"]),
    }));
    assertEquals(result.rules.map((r) => r.status), ["pass", "pass"]);
    assertEquals(result.rules[1].reason.en, "The group has no courses yet");
  });

  await t.step(
    "anti-condition: having passed any one member blocks (limit 0), a failed attempt does not",
    () => {
      const blocked = evaluateEligibility(
        facts({ groups: [group(3, "nonCondition", 0, [21])], transcript: taken([21, "D"]) }),
      );
      assertEquals([blocked.eligible, blocked.rules[0].status], [false, "fail"]);
      assertEquals(
        blocked.rules[0].reason.en,
        "must not have passed any of: English B2; passed 1 (English B2)",
      );
      const free = evaluateEligibility(
        facts({ groups: [group(3, "nonCondition", 0, [21])], transcript: taken([21, "FX"]) }),
      );
      assertEquals([free.eligible, free.rules[0].reason.en], [
        true,
        "must not have passed any of: English B2; passed 0",
      ]);
    },
  );

  await t.step("anti-condition with limit 2 blocks only from two passed members on", () => {
    const groups = [group(4, "nonCondition", 2, [11, 12, 13])];
    assertEquals(evaluateEligibility(facts({ groups, transcript: taken([11, "A"]) })).eligible, true);
    const two = evaluateEligibility(facts({ groups, transcript: taken([11, "A"], [13, "B"]) }));
    assertEquals(two.eligible, false);
    assertEquals(
      two.rules[0].reason.en,
      "must not have passed 2 or more of: Calculus, Algebra, Physics; passed 2 (Calculus, Physics)",
    );
  });

  await t.step("GPA limit: at least the limit passes; no graded course fails", () => {
    const limited = (transcript: EligibilityFacts["transcript"]) =>
      evaluateEligibility({
        ...facts({ transcript }),
        conditions: { groups: [], programs: [], gpaLimit: 3 },
      });
    // A (4.0) and C (2.4), equal credits → GPA 3.2
    const ok = limited(taken([11, "A"], [12, "C"]));
    assertEquals([ok.eligible, ok.gpa, ok.rules[0].reason.en], [true, 3.2, "GPA 3.20; needs at least 3.00"]);
    const low = limited(taken([11, "C"], [12, "D"]));
    assertEquals([low.eligible, low.rules[0].kind], [false, "gpa"]);
    const none = limited([]);
    assertEquals([none.eligible, none.gpa], [false, null]);
    assertEquals(none.rules[0].reason.en, "no graded course yet; needs a GPA of at least 3.00");
  });

  await t.step("program restriction: the student's program must be listed", () => {
    const conditions = { groups: [], programs: [{ programId: 2 }], gpaLimit: null };
    const outside = evaluateEligibility({ ...facts(), conditions });
    assertEquals([outside.eligible, outside.rules[0].status], [false, "fail"]);
    assertEquals(
      outside.rules[0].reason.en,
      "the student's program (Computer Science) is not among: Finance",
    );
    const inside = evaluateEligibility({ ...facts({ programId: 2 }), conditions });
    assertEquals([inside.eligible, inside.rules[0].reason.ka.includes("ფინანსები")], [true, true]);
  });

  await t.step("a rule student is spared the prerequisites and the GPA, not the program restriction", () => {
    const conditions = {
      groups: [group(1, "condition", 0, [11, 12]), group(2, "nonCondition", 0, [21])],
      programs: [{ programId: 1 }],
      gpaLimit: 3.5,
    };
    const listed = evaluateEligibility({
      ...facts({ listed: true, transcript: taken([21, "A"]) }),
      conditions,
    });
    assertEquals(listed.eligible, true);
    assertEquals(listed.rules.map((r) => [r.kind, r.status]), [
      ["ruleStudents", "pass"],
      ["equalCondition", "waived"],
      ["antiCondition", "waived"],
      ["gpa", "waived"],
      ["program", "pass"],
    ]);
    assert(listed.rules[1].reason.en.endsWith("— waived (rule student)"));
    assert(listed.rules[1].reason.ka.includes("არ ვრცელდება"));
    const elsewhere = evaluateEligibility({ ...facts({ listed: true, programId: 2 }), conditions });
    assertEquals([elsewhere.eligible, elsewhere.rules.at(-1)!.status], [false, "fail"]);
  });

  await t.step("a member course that no longer exists shows as #id", () => {
    const result = evaluateEligibility(facts({ groups: [group(1, "condition", 1, [99])] }));
    assertEquals(result.rules[0].reason.en, "needs 1 of: #99; passed 0");
  });
});
