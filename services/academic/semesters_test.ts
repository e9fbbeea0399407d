import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import { closeDb, openDb } from "../db/kv.ts";
import {
  createGroup,
  currentGroupOf,
  type GroupInput,
  isIsoDate,
  listGroups,
  updateGroup,
} from "./semesters.ts";

const ACTOR = 1;

const semester = (over: Partial<GroupInput> = {}): GroupInput => ({
  seasonYear: "2026-2027 შემოდგომა",
  comment: "",
  startDate: "2026-09-15",
  endDate: "2027-01-31",
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => promise, AppError) as AppError;
}

Deno.test("semesters: calendar dates", () => {
  assertEquals(isIsoDate("2028-02-29"), true);
  assertEquals(isIsoDate("2027-02-29"), false);
  assertEquals(isIsoDate("2026-13-01"), false);
  assertEquals(isIsoDate("15-09-2026"), false);
});

Deno.test("semesters: create, edit, list", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("validation: season 1–40, comment ≤ 500, real dates, start before end", async () => {
      const error = await refusal(
        createGroup(semester({ seasonYear: " ", comment: "x".repeat(501), startDate: "2026-02-30" }), ACTOR),
      );
      assertEquals(error.status, 422);
      assertEquals(error.options.fields, {
        seasonYear: { key: "errors.required" },
        comment: { key: "errors.tooLong", params: { max: 500 } },
        startDate: { key: "errors.invalidDate" },
      });
      const long = await refusal(createGroup(semester({ seasonYear: "y".repeat(41) }), ACTOR));
      assertEquals(long.options.fields, { seasonYear: { key: "errors.tooLong", params: { max: 40 } } });
      const backwards = await refusal(createGroup(semester({ endDate: "2026-09-15" }), ACTOR));
      assertEquals(backwards.options.fields, { endDate: { key: "errors.endNotAfterStart" } });
    });

    const spring = await createGroup(
      semester({ seasonYear: "2026-2027 გაზაფხული", startDate: "2027-02-15", endDate: "2027-06-30" }),
      ACTOR,
    );
    const autumn = await createGroup(semester({ comment: "  პირველი  " }), ACTOR);

    await t.step("the list is sorted by start date", async () => {
      assertEquals((await listGroups()).map((g) => g.id), [autumn.id, spring.id]);
      assertEquals(autumn.value.comment, "პირველი");
    });

    await t.step("an edit needs the current version", async () => {
      const edited = await updateGroup(
        autumn.id,
        semester({ startDate: "2027-03-01", endDate: "2027-07-01" }),
        ACTOR,
        autumn.versionstamp,
      );
      assertEquals((await listGroups()).map((g) => g.id), [spring.id, autumn.id]);
      const stale = await refusal(updateGroup(autumn.id, semester(), ACTOR, autumn.versionstamp));
      assertEquals(stale.code, "conflict");
      assertEquals(edited.value.startDate, "2027-03-01");
    });

    await t.step(
      "the current semester: the running one, else the latest started, else the first",
      async () => {
        const groups = await listGroups();
        assertEquals(currentGroupOf(groups, "2027-04-01")?.id, autumn.id);
        assertEquals(currentGroupOf(groups, "2027-02-20")?.id, spring.id);
        assertEquals(currentGroupOf(groups, "2030-01-01")?.id, autumn.id);
        assertEquals(currentGroupOf(groups, "2020-01-01")?.id, spring.id);
        assertEquals(currentGroupOf([], "2020-01-01"), null);
      },
    );
  } finally {
    await closeDb();
  }
});
