/**
 * A course's conditions on an in-memory KV: the §5 rules (group name required, limit numeric), the checks of
 * members and programs, the permission of each group type, `conditionStatus` following the conditions in the
 * flags (never in the course record), and the audit entries the course's log shows.
 */
import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import type { Book, Program } from "../academic/model.ts";
import {
  addCondition,
  addConditionGroup,
  addProgramRestriction,
  type ConditionAuthorizer,
  editConditionGroup,
  normalizeGroupInput,
  readConditions,
  removeCondition,
  removeConditionGroup,
  removeProgramRestriction,
  setGpaLimit,
} from "./conditions.ts";
import { bookConditionsView } from "./conditions_view.ts";
import { BOOK_FLAGS_VERSION_KEY, getBookFlags } from "./flags.ts";
import { bookLog } from "./log.ts";
import { createBook } from "./mod.ts";
import { closeDb, db, openDb } from "../db/kv.ts";

const course = (code: string): Omit<Book, "id"> => ({
  name: `კურსი ${code}`,
  nameEng: `Course ${code}`,
  code,
  description: "",
  credit: 6,
  type: 1,
  status: "active",
  lang: null,
  langCode: "geo",
  nashromi_praqtika_type: "",
  medic: false,
  level: 1,
  gpaLimit: null,
});

const everything: ConditionAuthorizer = () => true;
const onlyEqual: ConditionAuthorizer = (type) => type === "condition";

async function refused(promise: Promise<unknown>, status: number, field?: string): Promise<AppError> {
  const error = await assertRejects(() => promise, AppError) as AppError;
  assertEquals(error.status, status);
  if (field) assert(error.options.fields?.[field], `expected a field error on ${field}`);
  return error;
}

Deno.test("book conditions", async (t) => {
  await openDb(":memory:");
  try {
    const owner = await createBook(course("MAIN-1"), 2);
    const a = await createBook(course("PRE-1"), 2);
    const b = await createBook(course("PRE-2"), 2);
    const program: Program = {
      id: 7,
      nameKa: "ფინანსები",
      nameEn: "Finance",
      code: "BUS-B2",
      schoolId: 1,
      level: 1,
      credits: 240,
      language: "ka",
      status: "active",
    };
    await db().set(["programs", 7], program);
    const bookStamp = (await db().get(["books", owner.id])).versionstamp;

    await t.step("§5: a group needs a name and a numeric limit (both named in the error)", async () => {
      const error = await refused(
        addConditionGroup(owner.id, { type: "condition", name: "  ", limit: "two" }, 2, everything),
        422,
      );
      assertEquals(Object.keys(error.options.fields ?? {}).sort(), ["limit", "name"]);
      assertEquals(error.options.fields?.limit.key, "bookDialogs.errors.limitNumeric");
      await refused(
        addConditionGroup(owner.id, { type: "condition", name: "x", limit: -1 }, 2, everything),
        422,
        "limit",
      );
      await refused(
        addConditionGroup(owner.id, { type: "condition", name: "x", limit: 1.5 }, 2, everything),
        422,
        "limit",
      );
      assertEquals(normalizeGroupInput({ name: " Basics ", limit: "2" }), { name: "Basics", limit: 2 });
      assertEquals(normalizeGroupInput({ name: "Basics", limit: "" }).limit, 0);
      assertEquals((await getBookFlags(owner.id)).conditionStatus, 0);
    });

    await t.step("adding a group sets conditionStatus in the flags, not in the course record", async () => {
      const version = (await db().get(BOOK_FLAGS_VERSION_KEY)).versionstamp;
      await addConditionGroup(owner.id, { type: "condition", name: "Basics", limit: 1 }, 2, everything);
      assertEquals((await getBookFlags(owner.id)).conditionStatus, 1);
      assert((await db().get(BOOK_FLAGS_VERSION_KEY)).versionstamp !== version, "the flags version moved");
      assertEquals(
        (await db().get(["books", owner.id])).versionstamp,
        bookStamp,
        "the course record is untouched",
      );
    });

    await t.step("members: must exist, differ from the course and not repeat", async () => {
      await addCondition(owner.id, 1, a.id, 2, everything);
      await addCondition(owner.id, 1, b.id, 2, everything);
      await refused(addCondition(owner.id, 1, a.id, 2, everything), 409, "bookId");
      await refused(addCondition(owner.id, 1, owner.id, 2, everything), 422, "bookId");
      await refused(addCondition(owner.id, 1, 9999, 2, everything), 422, "bookId");
      await refused(addCondition(owner.id, 42, a.id, 2, everything), 404);
      const view = await bookConditionsView(owner.id);
      assertEquals(view.data[0].conditions.map((m) => m.code), ["PRE-1", "PRE-2"]);
      assertEquals(view.data[0].conditions[0].nameEng, "Course PRE-1");
    });

    await t.step("each group type needs its own keys", async () => {
      await refused(
        addConditionGroup(owner.id, { type: "nonCondition", name: "Not after", limit: 0 }, 2, onlyEqual),
        403,
      );
      await addConditionGroup(owner.id, { type: "nonCondition", name: "Not after", limit: 0 }, 2, everything);
      const anti = (await readConditions(owner.id)).groups.find((g) => g.type === "nonCondition")!;
      await refused(addCondition(owner.id, anti.id, a.id, 2, onlyEqual), 403);
      await refused(removeConditionGroup(owner.id, anti.id, 2, onlyEqual), 403);
      await editConditionGroup(owner.id, 1, { name: "Foundations", limit: 2 }, 2, onlyEqual);
      assertEquals((await readConditions(owner.id)).groups[0].name, "Foundations");
    });

    await t.step(
      "GPA limit: 0–4 with two decimals, empty removes it; stored with the conditions",
      async () => {
        await refused(setGpaLimit(owner.id, 4.5, 2), 422, "gpaLimit");
        await refused(setGpaLimit(owner.id, "2.555", 2), 422, "gpaLimit");
        await refused(setGpaLimit(owner.id, "abc", 2), 422, "gpaLimit");
        await setGpaLimit(owner.id, "2.75", 2);
        assertEquals((await bookConditionsView(owner.id)).gpaLimit, 2.75);
        assertEquals((await db().get<Book>(["books", owner.id])).value!.gpaLimit, null);
      },
    );

    await t.step("program restriction: the program must exist and appear once", async () => {
      await refused(addProgramRestriction(owner.id, 999, 2), 422, "programId");
      await addProgramRestriction(owner.id, 7, 2);
      await refused(addProgramRestriction(owner.id, 7, 2), 409, "programId");
      const view = await bookConditionsView(owner.id);
      assertEquals(view.programs.map((p) => [p.programId, p.code, p.nameEn]), [[7, "BUS-B2", "Finance"]]);
    });

    await t.step("conditionStatus stays 1 until the last condition goes", async () => {
      const anti = (await readConditions(owner.id)).groups.find((g) => g.type === "nonCondition")!;
      await removeConditionGroup(owner.id, anti.id, 2, everything);
      await removeCondition(owner.id, 1, a.id, 2, everything);
      await refused(removeCondition(owner.id, 1, a.id, 2, everything), 404);
      await removeConditionGroup(owner.id, 1, 2, everything);
      assertEquals((await getBookFlags(owner.id)).conditionStatus, 1, "GPA and program remain");
      await setGpaLimit(owner.id, null, 2);
      assertEquals((await getBookFlags(owner.id)).conditionStatus, 1, "the program remains");
      await removeProgramRestriction(owner.id, 7, 2);
      const view = await bookConditionsView(owner.id);
      assertEquals([view.conditionStatus, view.data.length, view.programs.length], [0, 0, 0]);
      assertEquals((await getBookFlags(owner.id)).conditionStatus, 0);
    });

    await t.step("a course that does not exist: 404", async () => {
      await refused(addConditionGroup(9999, { type: "condition", name: "x", limit: 1 }, 2, everything), 404);
      await refused(bookConditionsView(9999), 404);
    });

    await t.step("every change is in the course's log with its operation, newest first", async () => {
      const log = await bookLog(owner.id, "en");
      const whats = log.filter((e) => e.source === "book_conditions").map((e) => e.what);
      assertEquals(whats[0], "programRestrictionRemove");
      assertEquals(whats.at(-1), "conditionGroupAdd");
      assert(whats.includes("gpaLimitSet") && whats.includes("conditionAdd"));
      assertEquals(log.at(-1)!.source, "books", "the course's creation is the oldest entry");
      const added = log.find((e) => e.what === "conditionAdd")!;
      assertEquals((added.after as { bookId: number }).bookId, b.id);
    });
  } finally {
    await closeDb();
  }
});
