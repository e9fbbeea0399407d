import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import type { Book, HrPerson } from "../academic/model.ts";
import { createAuditorium, removeAuditorium } from "./auditoriums.ts";
import { createBook } from "../books/mod.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { listAudit } from "../db/reads.ts";
import { createHr, updateHr } from "../hr/mod.ts";
import { createGroup } from "../academic/semesters.ts";
import { createEntry, listEntries, professorSlotKey, removeEntry, updateEntry } from "./entries.ts";
import { type EntryInput, lessonTime, overlaps } from "./rules.ts";

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

const book = (code: string, name: string, nameEng: string): Omit<Book, "id"> => ({
  name,
  nameEng,
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

const person = (kind: HrPerson["kind"], email: string): Omit<HrPerson, "id"> => ({
  kind,
  firstNameKa: "ნინო",
  lastNameKa: "ბერიძე",
  firstNameEn: "Nino",
  lastNameEn: "Beridze",
  position: kind === "academic" ? "პროფესორი" : "სპეციალისტი",
  schoolId: null,
  email,
  phone: "",
  userId: null,
});

/** Two courses, two professors and an administrator, two semesters, two rooms. */
async function university() {
  const algebra = await createBook(book("MATH101", "ალგებრა", "Algebra"), ACTOR);
  const history = await createBook(book("HIST101", "საქართველოს ისტორია", "History of Georgia"), ACTOR);
  const profA = await createHr(person("academic", "a@uni.test"), ACTOR);
  const profB = await createHr(person("academic", "b@uni.test"), ACTOR);
  const clerk = await createHr(person("administrative", "c@uni.test"), ACTOR);
  const autumn = await createGroup(
    { seasonYear: "2026-2027 შემოდგომა", comment: "", startDate: "2026-09-15", endDate: "2027-01-31" },
    ACTOR,
  );
  const spring = await createGroup(
    { seasonYear: "2026-2027 გაზაფხული", comment: "", startDate: "2027-02-15", endDate: "2027-06-30" },
    ACTOR,
  );
  const room101 = await createAuditorium({ name: "101", building: "I კორპუსი", capacity: 40 }, ACTOR);
  const room202 = await createAuditorium({ name: "202", building: "I კორპუსი", capacity: 80 }, ACTOR);
  const lesson = (over: Partial<EntryInput> = {}): EntryInput => ({
    bookId: algebra.id,
    professorHrId: profA.id,
    groupId: autumn.id,
    weekday: 1,
    hour: 10,
    minute: 0,
    duration: 60,
    type: "lecture",
    auditoriumId: room101.id,
    ...over,
  });
  return { algebra, history, profA, profB, clerk, autumn, spring, room101, room202, lesson };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await assertRejects(() => promise, AppError);
  return error as AppError;
}

Deno.test(
  "timetable entries: validation",
  withDb(async (t) => {
    const u = await university();

    await t.step("ranges: weekday 1–6, hour 8–21, minute 0–59, duration 30–240, type", async () => {
      const error = await refusal(
        createEntry(
          u.lesson({ weekday: 7 as 6, hour: 7, minute: 60, duration: 20, type: "talk" as "lecture" }),
          ACTOR,
        ),
      );
      assertEquals(error.status, 422);
      assertEquals(error.options.fields, {
        weekday: { key: "errors.tooBig", params: { max: 6 } },
        hour: { key: "errors.tooSmall", params: { min: 8 } },
        minute: { key: "errors.tooBig", params: { max: 59 } },
        duration: { key: "errors.tooSmall", params: { min: 30 } },
        type: { key: "errors.invalidChoice" },
      });
      const longer = await refusal(createEntry(u.lesson({ duration: 241 }), ACTOR));
      assertEquals(longer.options.fields?.duration, { key: "errors.tooBig", params: { max: 240 } });
    });

    await t.step("a lesson ends by 22:00", async () => {
      const late = await refusal(createEntry(u.lesson({ hour: 21, minute: 0, duration: 90 }), ACTOR));
      assertEquals(late.options.fields, {
        duration: { key: "errors.lessonEndsLate", params: { end: "22:00" } },
      });
      const lastOne = await createEntry(u.lesson({ hour: 20, minute: 30, duration: 90 }), ACTOR);
      assertEquals(lessonTime(lastOne.value), "20:30–22:00");
    });

    await t.step("every reference must exist, and the professor must be academic staff", async () => {
      const missing = await refusal(
        createEntry(u.lesson({ bookId: 999, professorHrId: 999, groupId: 999, auditoriumId: 999 }), ACTOR),
      );
      assertEquals(missing.status, 422);
      assertEquals(missing.options.fields, {
        bookId: { key: "errors.unknownBook" },
        professorHrId: { key: "errors.unknownProfessor" },
        groupId: { key: "errors.unknownGroup" },
        auditoriumId: { key: "errors.unknownAuditorium" },
      });
      const clerk = await refusal(createEntry(u.lesson({ professorHrId: u.clerk.id, weekday: 2 }), ACTOR));
      assertEquals(clerk.options.fields, { professorHrId: { key: "errors.notAcademic" } });
    });
  }),
);

Deno.test("timetable entries: overlap is start < other end and other start < end", () => {
  const base = { groupId: 1, weekday: 1, hour: 10, minute: 0, duration: 60 } as EntryInput;
  assert(overlaps(base, { ...base, hour: 10, minute: 59 }));
  assert(overlaps(base, { ...base, hour: 9, minute: 30 }));
  assert(!overlaps(base, { ...base, hour: 11 }), "10:00–11:00 and 11:00–12:00 touch");
  assert(!overlaps(base, { ...base, hour: 9 }), "09:00–10:00 and 10:00–11:00 touch");
  assert(!overlaps(base, { ...base, weekday: 2 }));
  assert(!overlaps(base, { ...base, groupId: 2 }));
});

Deno.test(
  "timetable entries: no two lessons of a professor or a room overlap",
  withDb(async (t) => {
    const u = await university();
    const first = await createEntry(u.lesson(), ACTOR);

    await t.step("the same professor at an overlapping time (another room) → 409 clash", async () => {
      const error = await refusal(
        createEntry(
          u.lesson({ bookId: u.history.id, auditoriumId: u.room202.id, hour: 10, minute: 30 }),
          ACTOR,
          "en",
        ),
      );
      assertEquals(error.status, 409);
      assertEquals(error.code, "clash");
      const named = { course: "Algebra", weekday: "Monday", time: "10:00–11:00", auditorium: "101" };
      assertEquals(error.options.params, named);
      assertEquals(error.options.fields, { professorHrId: { key: "errors.professorBusy", params: named } });
    });

    await t.step(
      "the same room with another professor → 409, named in Georgian for a Georgian request",
      async () => {
        const error = await refusal(
          createEntry(
            u.lesson({ professorHrId: u.profB.id, hour: 9, minute: 15, duration: 60 }),
            ACTOR,
            "ka",
          ),
        );
        assertEquals(error.code, "clash");
        assertEquals(error.options.params?.course, "ალგებრა");
        assertEquals(error.options.params?.weekday, "ორშაბათი");
        assertEquals(Object.keys(error.options.fields ?? {}), ["auditoriumId"]);
      },
    );

    await t.step("both at once names both fields", async () => {
      const error = await refusal(createEntry(u.lesson({ minute: 45 }), ACTOR));
      assertEquals(Object.keys(error.options.fields ?? {}).sort(), ["auditoriumId", "professorHrId"]);
    });

    await t.step("touching lessons are fine: 10:00–11:00 then 11:00–12:00 in the same room", async () => {
      const next = await createEntry(u.lesson({ hour: 11 }), ACTOR);
      assertEquals(lessonTime(next.value), "11:00–12:00");
      const before = await createEntry(u.lesson({ hour: 9, duration: 60 }), ACTOR);
      assertEquals(lessonTime(before.value), "09:00–10:00");
    });

    await t.step(
      "another weekday, another semester, or another professor in another room is fine",
      async () => {
        await createEntry(u.lesson({ weekday: 2 }), ACTOR);
        await createEntry(u.lesson({ groupId: u.spring.id }), ACTOR);
        await createEntry(u.lesson({ professorHrId: u.profB.id, auditoriumId: u.room202.id }), ACTOR);
        assertEquals((await listEntries({ groupId: u.autumn.id })).length, 5);
      },
    );

    await t.step("an edit does not clash with itself, but does with others", async () => {
      const moved = await updateEntry(first.id, { ...first.value, minute: 0, duration: 60 }, ACTOR);
      assertEquals(moved.value.duration, 60);
      const error = await refusal(
        updateEntry(first.id, { ...first.value, duration: 90 }, ACTOR, moved.versionstamp),
      );
      assertEquals(error.code, "clash");
      assertEquals(error.options.params?.time, "11:00–12:00");
    });

    await t.step("a stale versionstamp → 409 conflict", async () => {
      const current = (await listEntries({ professorHrId: u.profA.id })).find((e) => e.id === first.id)!;
      await updateEntry(first.id, { ...first.value, type: "seminar" }, ACTOR, current.versionstamp);
      const error = await refusal(
        updateEntry(first.id, { ...first.value, type: "both" }, ACTOR, current.versionstamp),
      );
      assertEquals(error.code, "conflict");
    });

    await t.step("after a removal the slot is free again", async () => {
      await removeEntry(first.id, ACTOR);
      const again = await createEntry(u.lesson({ minute: 15, duration: 30 }), ACTOR);
      assertEquals(lessonTime(again.value), "10:15–10:45");
      const log = await listAudit("timetable_entries", first.id);
      assertEquals(log.items.map((e) => e.action), ["remove", "update", "update", "create"]);
      assertEquals(log.items[0].actor, ACTOR);
    });
  }),
);

Deno.test(
  "timetable entries: concurrent overlapping creates — exactly one succeeds",
  withDb(async (t) => {
    const u = await university();

    await t.step("the same professor, two rooms, ten at once", async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          createEntry(
            u.lesson({ auditoriumId: i % 2 ? u.room101.id : u.room202.id, hour: 12, minute: i * 3 }),
            ACTOR,
          )),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      assertEquals(won.length, 1);
      for (const r of results) {
        if (r.status === "rejected") assertEquals((r.reason as AppError).code, "clash");
      }
      assertEquals((await listEntries({ professorHrId: u.profA.id })).length, 1);
      // The slot key was bumped by the one write that went through.
      assertEquals((await db().get(professorSlotKey(u.autumn.id, u.profA.id, 1))).value, 1);
    });

    await t.step("the same room, two professors, in parallel", async () => {
      const results = await Promise.allSettled([
        createEntry(u.lesson({ weekday: 3, professorHrId: u.profA.id }), ACTOR),
        createEntry(u.lesson({ weekday: 3, professorHrId: u.profB.id, minute: 30 }), ACTOR),
      ]);
      assertEquals(results.filter((r) => r.status === "fulfilled").length, 1);
      const wednesday = (await listEntries({ auditoriumId: u.room101.id })).filter((e) =>
        e.value.weekday === 3
      );
      assertEquals(wednesday.length, 1);
    });
  }),
);

Deno.test(
  "timetable entries: lists, and the rooms and people they use",
  withDb(async (t) => {
    const u = await university();
    const monday = await createEntry(u.lesson({ hour: 14 }), ACTOR);
    await createEntry(u.lesson({ weekday: 2, bookId: u.history.id, auditoriumId: u.room202.id }), ACTOR);
    await createEntry(u.lesson({ hour: 9, professorHrId: u.profB.id }), ACTOR);

    await t.step("filters combine and results come by weekday and time", async () => {
      const ofA = await listEntries({ professorHrId: u.profA.id });
      assertEquals(ofA.map((e) => [e.value.weekday, e.value.hour]), [[1, 14], [2, 10]]);
      const room = await listEntries({ auditoriumId: u.room101.id, groupId: u.autumn.id });
      assertEquals(room.map((e) => e.value.hour), [9, 14]);
      assertEquals((await listEntries({ groupId: u.spring.id })).length, 0);
      assertEquals((await listEntries({})).length, 3);
    });

    await t.step("a room in use cannot be removed (409 in_use); a free one can", async () => {
      const error = await refusal(removeAuditorium(u.room101.id, ACTOR));
      assertEquals([error.status, error.code], [409, "in_use"]);
      const spare = await createAuditorium({ name: "303", building: "II კორპუსი", capacity: 20 }, ACTOR);
      await removeAuditorium(spare.id, ACTOR);
    });

    await t.step("a room removed while a lesson is booked into it: never both", async () => {
      for (let i = 0; i < 5; i++) {
        const room = await createAuditorium(
          { name: `race-${i}`, building: "III კორპუსი", capacity: 30 },
          ACTOR,
        );
        const [removal, booking] = await Promise.allSettled([
          removeAuditorium(room.id, ACTOR),
          createEntry(u.lesson({ weekday: 5, hour: 8 + i * 2, auditoriumId: room.id }), ACTOR),
        ]);
        assertEquals([removal.status, booking.status].filter((s) => s === "fulfilled").length, 1);
        const left = await listEntries({ auditoriumId: room.id });
        assertEquals(left.length, booking.status === "fulfilled" ? 1 : 0);
      }
    });

    await t.step("academic staff who teach cannot become administrative", async () => {
      const error = await refusal(updateHr(u.profA.id, { ...u.profA.value, kind: "administrative" }, ACTOR));
      assertEquals(error.options.fields, { kind: { key: "errors.hrTeaches" } });
      await removeEntry(monday.id, ACTOR);
    });
  }),
);
