import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import type { HrPerson, School } from "../academic/model.ts";
import { schoolIndexes } from "../academic/indexes.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { createRecord } from "../db/records.ts";
import { listAudit } from "../db/reads.ts";
import { createHr, getHr, type HrInput, hrName, isOwnHrRecord, listHr, updateHr } from "./mod.ts";
import { createUser } from "../identity/users.ts";

const ACTOR = 1;

function withDb(fn: (t: Deno.TestContext) => Promise<void>) {
  return async (t: Deno.TestContext) => {
    await openDb(":memory:");
    try {
      await fn(t);
    } finally {
      await closeDb();
    }
  };
}

const input = (over: Partial<HrInput> = {}): HrInput => ({
  kind: "academic",
  firstNameKa: "ნინო",
  lastNameKa: "ბერიძე",
  firstNameEn: "Nino",
  lastNameEn: "Beridze",
  position: "ასოცირებული პროფესორი",
  schoolId: null,
  email: "n.beridze@uni.test",
  phone: "",
  userId: null,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => promise, AppError) as AppError;
}

async function school(code: string): Promise<School> {
  const created = await createRecord<School>({
    collection: "schools",
    build: (id) => ({ id, nameKa: code, nameEn: code, code, deanHrId: null }),
    indexes: schoolIndexes,
    audit: { actor: ACTOR },
  });
  return created.value;
}

Deno.test(
  "hr: create and validation",
  withDb(async (t) => {
    const business = await school("BUS");

    await t.step(
      "a valid record is stored normalized: trimmed, email lower case, phone without spaces",
      async () => {
        const created = await createHr(
          input({
            firstNameKa: " ნინო ",
            email: "N.Beridze@Uni.TEST ",
            phone: "+995 599 12 34 56",
            schoolId: business.id,
          }),
          ACTOR,
        );
        assertEquals(created.value, {
          id: created.id,
          ...input({ email: "n.beridze@uni.test", phone: "+995599123456", schoolId: business.id }),
        });
        assertEquals((await getHr(created.id))?.value.email, "n.beridze@uni.test");
        assertEquals((await listAudit("hr", created.id)).items[0].action, "create");
      },
    );

    await t.step(
      "names: Georgian script in the Georgian fields, Latin letters in the Latin ones",
      async () => {
        const error = await refusal(
          createHr(
            input({
              firstNameKa: "Nino",
              lastNameKa: "",
              firstNameEn: "ნინო",
              lastNameEn: "Beridze2",
              email: "x@uni.test",
            }),
            ACTOR,
          ),
        );
        assertEquals(error.status, 422);
        assertEquals(error.options.fields, {
          firstNameKa: { key: "errors.georgianLetters" },
          lastNameKa: { key: "errors.required" },
          firstNameEn: { key: "errors.latinLetters" },
          lastNameEn: { key: "errors.latinLetters" },
        });
        // Hyphens, apostrophes and spaces are part of names.
        await createHr(
          input({
            lastNameKa: "ბერიძე-კაპანაძე",
            firstNameEn: "Mary Ann",
            lastNameEn: "O'Neil",
            email: "mo@uni.test",
          }),
          ACTOR,
        );
      },
    );

    await t.step("lengths: names 1–100, position 1–150", async () => {
      const error = await refusal(
        createHr(
          input({ lastNameEn: "A".repeat(101), position: "x".repeat(151), email: "y@uni.test" }),
          ACTOR,
        ),
      );
      assertEquals(error.options.fields, {
        lastNameEn: { key: "errors.tooLong", params: { max: 100 } },
        position: { key: "errors.tooLong", params: { max: 150 } },
      });
      const empty = await refusal(createHr(input({ position: "  ", email: "z@uni.test" }), ACTOR));
      assertEquals(empty.options.fields, { position: { key: "errors.required" } });
    });

    await t.step("email valid, phone +995 and 9 digits or empty, school and account must exist", async () => {
      const error = await refusal(
        createHr(input({ email: "not-an-email", phone: "599123456", schoolId: 99, userId: 99 }), ACTOR),
      );
      assertEquals(error.options.fields, {
        email: { key: "errors.email" },
        phone: { key: "errors.phone" },
        schoolId: { key: "errors.unknownSchool" },
        userId: { key: "errors.unknownUser" },
      });
      const short = await refusal(createHr(input({ email: "p@uni.test", phone: "+99559912345" }), ACTOR));
      assertEquals(short.options.fields, { phone: { key: "errors.phone" } });
      const kind = await refusal(
        createHr(input({ kind: "visiting" as "academic", email: "k@uni.test" }), ACTOR),
      );
      assertEquals(kind.options.fields, { kind: { key: "errors.invalidChoice" } });
    });

    await t.step("an email another record has (in any case) → 409 duplicate on email", async () => {
      const error = await refusal(createHr(input({ email: "N.BERIDZE@uni.test" }), ACTOR));
      assertEquals([error.status, error.code], [409, "duplicate"]);
      assertEquals(error.options.fields, { email: { key: "errors.duplicate" } });
    });

    await t.step("a linked account that exists is accepted", async () => {
      const user = await createUser({
        guard: "prof",
        chatType: "prof",
        email: "linked@uni.test",
        name: "ლევან",
        nameEn: "Levan",
        image: null,
        hrUserId: null,
        studentId: null,
        roleIds: [],
        linkedAccountIds: [],
        passwordHash: "x",
        disabled: false,
      }, ACTOR);
      const created = await createHr(input({ email: "levan@uni.test", userId: user.id }), ACTOR);
      assertEquals(created.value.userId, user.id);
      assertEquals(isOwnHrRecord({ id: user.id, hrUserId: null }, created.value), true);
      assertEquals(isOwnHrRecord({ id: user.id + 1, hrUserId: created.id }, created.value), true);
      assertEquals(isOwnHrRecord({ id: user.id + 1, hrUserId: null }, created.value), false);
    });
  }),
);

Deno.test(
  "hr: edit",
  withDb(async (t) => {
    const first = await createHr(input(), ACTOR);
    const other = await createHr(input({ email: "other@uni.test" }), ACTOR);

    await t.step("an edit based on the current version replaces the fields and is audited", async () => {
      const edited = await updateHr(first.id, input({ position: "პროფესორი" }), 7, first.versionstamp);
      assertEquals(edited.value.position, "პროფესორი");
      const [entry] = (await listAudit("hr", first.id)).items;
      assertEquals([entry.action, entry.actor], ["update", 7]);
      assertEquals((entry.before as HrPerson).position, "ასოცირებული პროფესორი");
    });

    await t.step("an edit based on an older version → 409 conflict", async () => {
      const error = await refusal(
        updateHr(first.id, input({ position: "დოცენტი" }), ACTOR, first.versionstamp),
      );
      assertEquals(error.code, "conflict");
    });

    await t.step("taking another record's email → 409 duplicate; an unknown id → 404", async () => {
      const error = await refusal(updateHr(first.id, input({ email: "OTHER@uni.test" }), ACTOR));
      assertEquals(error.code, "duplicate");
      const missing = await refusal(updateHr(999, input({ email: "new@uni.test" }), ACTOR));
      assertEquals(missing.status, 404);
      assertEquals((await getHr(other.id))?.value.email, "other@uni.test");
    });
  }),
);

Deno.test(
  "hr: list",
  withDb(async (t) => {
    const arts = await school("ART");
    await createHr(input({ lastNameKa: "წერეთელი", lastNameEn: "Tsereteli", email: "t@uni.test" }), ACTOR);
    await createHr(
      input({ lastNameKa: "აბაშიძე", lastNameEn: "Abashidze", email: "a@uni.test", schoolId: arts.id }),
      ACTOR,
    );
    await createHr(
      input({
        kind: "administrative",
        firstNameKa: "მარიამ",
        lastNameKa: "კაპანაძე",
        firstNameEn: "Mariam",
        lastNameEn: "Kapanadze",
        position: "რეგისტრატორი",
        email: "m.kapanadze@uni.test",
      }),
      ACTOR,
    );

    await t.step("by kind, sorted by last name in the interface language", async () => {
      const academic = await listHr({ kind: "academic" });
      assertEquals(academic.total, 2);
      assertEquals(academic.items.map((r) => r.value.lastNameKa), ["აბაშიძე", "წერეთელი"]);
      const administrative = await listHr({ kind: "administrative", lang: "en" });
      assertEquals(administrative.items.map((r) => hrName(r.value, "en")), ["Mariam Kapanadze"]);
    });

    await t.step(
      "text: every word must match a name in either script, the email or the position",
      async () => {
        assertEquals((await listHr({ text: "nino abashidze" })).total, 1);
        assertEquals((await listHr({ text: "ნინო" })).total, 2);
        assertEquals((await listHr({ text: "რეგისტრ" })).total, 1);
        assertEquals((await listHr({ text: "M.KAPANADZE@" })).total, 1);
        assertEquals((await listHr({ text: "nobody" })).total, 0);
        assertEquals((await listHr({ text: "3" })).items.map((r) => r.id), [3]);
      },
    );

    await t.step("the in-memory list follows creates (any writer's) and edits at once", async () => {
      const before = await listHr({ kind: "academic" });
      const [first] = before.items;
      await updateHr(
        first.id,
        { ...first.value, position: "პროფესორი ემერიტუსი" },
        ACTOR,
        first.versionstamp,
      );
      assertEquals((await listHr({ text: "ემერიტუსი" })).items.map((r) => r.id), [first.id]);
      // A record written without this module (as the demo generator does) still advances the id counter.
      await createRecord<HrPerson>({
        collection: "hr",
        build: (id) => ({ id, ...input({ lastNameEn: "Outsider", email: "outsider@uni.test" }) }),
        indexes: () => [],
        audit: { actor: ACTOR },
      });
      assertEquals((await listHr({ text: "outsider" })).total, 1);
      await updateHr(first.id, { ...first.value }, ACTOR);
    });

    await t.step("by school, and paged", async () => {
      assertEquals((await listHr({ schoolId: arts.id })).items.map((r) => r.value.lastNameEn), ["Abashidze"]);
      const page2 = await listHr({ page: 2, limit: 2, lang: "en" });
      assertEquals([page2.total, page2.items.map((r) => r.value.lastNameEn)], [4, ["Outsider", "Tsereteli"]]);
    });
  }),
);
