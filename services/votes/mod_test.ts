import { assert, assertEquals, assertRejects, assertThrows } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { CRITERIA } from "./criteria.ts";
import { submitVote, validateScores, votableCourses, VOTE_RESPONSES, voteResults } from "./mod.ts";
import { AppError } from "../../utils/errors.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const all = (score: number) => Object.fromEntries(CRITERIA.map((id) => [id, score]));

Deno.test("vote validation: every criterion answered 0–4", async (t) => {
  await t.step("six blocks, 20 criteria; a full answer passes", () => {
    assertEquals(CRITERIA.length, 20);
    assertEquals(validateScores(all(3)), all(3));
  });
  await t.step("each missing or bad answer gets its own field error", () => {
    const answers: Record<string, unknown> = all(4);
    delete answers["teaching.clarity"];
    answers["overall.recommend"] = 7;
    answers["bogus"] = 1;
    const error = assertThrows(() => validateScores(answers), AppError) as AppError;
    assertEquals(error.status, 422);
    assertEquals(error.options.fields, {
      "teaching.clarity": { key: "errors.voteRequired" },
      "overall.recommend": { key: "errors.invalidChoice" },
      bogus: { key: "errors.unknownField" },
    });
  });
});

Deno.test("one anonymous response per person, course and period", async (t) => {
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const student = { user: { id: 5, guard: "user", hrUserId: null, studentId: 1 }, canAll: false };
    const prof = { user: { id: 4, guard: "prof", hrUserId: 4, studentId: null }, canAll: false };
    const { period, courses } = await votableCourses(student, NOW);
    assertEquals(period?.id, 11);
    assert(courses.length > 0);
    const bookId = courses[0].id;

    await t.step("a student votes on a course of their timetable", async () => {
      await submitVote(student, bookId, all(4), NOW);
      const stored = [];
      for await (const e of db().list({ prefix: [VOTE_RESPONSES, 11, bookId] })) stored.push(e.value);
      assertEquals(stored.length, 1);
      // The response holds the scores only: nothing names the person.
      assertEquals(Object.keys(stored[0] as object), ["scores"]);
      assert(!JSON.stringify(stored[0]).includes('"5"'));
      assert((await votableCourses(student, NOW)).voted.has(bookId));
    });
    await t.step("a second vote on the same course → 409", async () => {
      const error = await assertRejects(() => submitVote(student, bookId, all(0), NOW), AppError) as AppError;
      assertEquals([error.status, error.code], [409, "already_voted"]);
      assertEquals((await voteResults(11, bookId)).count, 1);
    });
    await t.step("a course outside the timetable → 422; not a student → 403", async () => {
      const outside = await assertRejects(
        () => submitVote(student, 999_999, all(2), NOW),
        AppError,
      ) as AppError;
      assertEquals([outside.status, Object.keys(outside.options.fields ?? {})], [422, ["bookId"]]);
      const refused = await assertRejects(() => submitVote(prof, bookId, all(2), NOW), AppError) as AppError;
      assertEquals(refused.status, 403);
    });
    await t.step("averages per criterion over the responses", async () => {
      await db().set([VOTE_RESPONSES, 11, bookId, "x"], { scores: { ...all(1), "content.objectives": 3 } });
      const results = await voteResults(11, bookId);
      assertEquals(results.count, 2);
      const byId = Object.fromEntries(results.averages.map((a) => [a.id, a.average]));
      assertEquals(byId["content.objectives"], 3.5);
      assertEquals(byId["overall.recommend"], 2.5);
      assertEquals((await voteResults(11, bookId + 100_000)).averages[0].average, null);
    });
  } finally {
    await closeDb();
  }
});
