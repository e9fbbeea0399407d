import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import type { RegistrationGroup, TimetableEntry } from "../academic/model.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { seed } from "../seed/mod.ts";
import { getGroup } from "../academic/semesters.ts";
import { findClashes } from "./clashes.ts";
import { lessonsOn, resolveScope, scopeEntries } from "./view.ts";
import {
  addDays,
  defaultGroup,
  defaultWeek,
  happensOn,
  isRunning,
  localNow,
  mondayOf,
  monthLabel,
  parseWeek,
  weekDates,
} from "./week.ts";
import { AppError } from "../../utils/errors.ts";

const entry = (over: Partial<TimetableEntry>): TimetableEntry => ({
  id: 1,
  bookId: 1,
  professorHrId: 4,
  groupId: 11,
  weekday: 1,
  hour: 9,
  minute: 0,
  duration: 90,
  type: "lecture",
  auditoriumId: 1,
  ...over,
});

const group = (id: number, startDate: string, endDate: string) => ({
  id,
  value: { id, seasonYear: `g${id}`, comment: "", startDate, endDate } as RegistrationGroup,
});

Deno.test("week arithmetic: Monday to Saturday, across month and year ends", async (t) => {
  await t.step("a Sunday belongs to the week that began the Monday before", () => {
    assertEquals(mondayOf("2026-11-22"), "2026-11-16");
    assertEquals(mondayOf("2026-11-16"), "2026-11-16");
    assertEquals(mondayOf("2026-11-21"), "2026-11-16");
  });
  await t.step("six dates, across a month end and a year end", () => {
    assertEquals(weekDates("2026-11-30"), [
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    assertEquals(weekDates("2026-12-28").slice(-3), ["2026-12-31", "2027-01-01", "2027-01-02"]);
    assertEquals(addDays("2026-12-28", 7), "2027-01-04");
    assertEquals(addDays("2027-01-04", -7), "2026-12-28");
    assertEquals(mondayOf("2027-01-01"), "2026-12-28");
  });
  await t.step("a leap day", () => assertEquals(addDays("2028-02-28", 1), "2028-02-29"));
  await t.step("the week parameter: any real date → its Monday, anything else → null", () => {
    assertEquals(parseWeek("2026-11-19"), "2026-11-16");
    assertEquals(parseWeek("2026-02-30"), null);
    assertEquals(parseWeek("junk"), null);
    assertEquals(parseWeek(null), null);
  });
  await t.step("month labels in both languages, a week across two months names both", () => {
    assertEquals(monthLabel("2026-11-16", "en"), "November 2026");
    assertEquals(monthLabel("2026-11-16", "ka"), "ნოემბერი 2026");
    assertEquals(monthLabel("2026-11-30", "en"), "November – December 2026");
    assertEquals(monthLabel("2026-12-28", "en"), "December 2026 – January 2027");
  });
});

Deno.test("default semester and week", async (t) => {
  const groups = [group(11, "2026-09-21", "2027-01-31"), group(12, "2027-02-15", "2027-06-30")];
  await t.step("the semester running today, not one that has not started", () => {
    assertEquals(defaultGroup(groups, "2026-11-22")?.id, 11);
    assertEquals(defaultGroup(groups, "2027-03-01")?.id, 12);
  });
  await t.step("this week while it runs; its first or last week otherwise", () => {
    assertEquals(defaultWeek(groups[0].value, "2026-11-22"), "2026-11-16");
    assertEquals(defaultWeek(groups[1].value, "2026-11-22"), "2027-02-15");
    assertEquals(defaultWeek(group(1, "2021-09-20", "2022-01-31").value, "2026-11-22"), "2022-01-31");
  });
  await t.step("a lesson happens on its weekday inside the semester only", () => {
    const e = entry({ weekday: 1 });
    assert(happensOn(e, groups[0].value, "2026-11-16"));
    assert(!happensOn(e, groups[0].value, "2026-11-17"));
    assert(!happensOn(e, groups[0].value, "2027-02-01"));
  });
});

Deno.test("the running lesson is marked with a fixed clock (university time, UTC+4)", async (t) => {
  const e = entry({ hour: 9, minute: 0, duration: 90 });
  await t.step("05:30 UTC is 09:30 in Tbilisi: running", () => {
    const now = localNow(new Date("2026-11-16T05:30:00Z"));
    assertEquals(now, { date: "2026-11-16", minutes: 9 * 60 + 30 });
    assert(isRunning(e, "2026-11-16", now));
  });
  await t.step("the end is exclusive, the start inclusive, other dates never", () => {
    assert(isRunning(e, "2026-11-16", localNow(new Date("2026-11-16T05:00:00Z"))));
    assert(!isRunning(e, "2026-11-16", localNow(new Date("2026-11-16T06:30:00Z"))));
    assert(!isRunning(e, "2026-11-23", localNow(new Date("2026-11-16T05:30:00Z"))));
  });
  await t.step("late evening UTC is already the next day in Tbilisi", () => {
    assertEquals(localNow(new Date("2026-11-15T21:00:00Z")).date, "2026-11-16");
  });
});

Deno.test("clash detection names both lessons of a professor or a room", async (t) => {
  await t.step("overlaps in the same room and of the same professor; touching lessons do not clash", () => {
    const clashes = findClashes([
      entry({ id: 1, professorHrId: 4, auditoriumId: 1, hour: 9 }),
      entry({ id: 2, professorHrId: 5, auditoriumId: 1, hour: 10 }), // same room, 10:00 < 10:30
      entry({ id: 3, professorHrId: 4, auditoriumId: 2, hour: 10, minute: 0 }), // same professor as 1
      entry({ id: 4, professorHrId: 6, auditoriumId: 3, hour: 10, minute: 30 }), // touches nobody
      entry({ id: 5, professorHrId: 4, auditoriumId: 1, hour: 9, weekday: 2 }), // another day
      entry({ id: 6, professorHrId: 4, auditoriumId: 9, hour: 9, groupId: 10 }), // another semester
    ]);
    assertEquals(clashes.map((c) => [c.kind, c.a.id, c.b.id]), [
      ["auditorium", 1, 2],
      ["professor", 1, 3],
    ]);
  });
  await t.step("a clean timetable has none", () => {
    assertEquals(
      findClashes([entry({ id: 1 }), entry({ id: 2, hour: 10, minute: 30, auditoriumId: 2 })]),
      [],
    );
  });
});

Deno.test("whose timetable: own only, anyone's with menu.table.all", async (t) => {
  await openDb(":memory:");
  try {
    await seed("small", () => {});
    const prof = { user: { guard: "prof", hrUserId: 4, studentId: null }, canAll: false };
    const staff = { user: { guard: "custom", hrUserId: 2, studentId: null }, canAll: true };
    const student = { user: { guard: "user", hrUserId: null, studentId: 1 }, canAll: false };
    const nobody = { user: { guard: "custom", hrUserId: 3, studentId: null }, canAll: false };

    await t.step("a professor sees their own; asking for another → 403", async () => {
      assertEquals(await resolveScope(prof, {}), { kind: "professor", id: 4 });
      assertEquals(await resolveScope(prof, { professorHrId: 4 }), { kind: "professor", id: 4 });
      const refused = await assertRejects(() => resolveScope(prof, { professorHrId: 5 }), AppError);
      assertEquals((refused as AppError).status, 403);
      await assertRejects(() => resolveScope(prof, { auditoriumId: 1 }), AppError);
    });
    await t.step("a student sees their program's courses; staff any scope; others none", async () => {
      const own = await resolveScope(student, {});
      assertEquals(own?.kind, "student");
      await assertRejects(() => resolveScope(student, { programId: 1 }), AppError);
      assertEquals(await resolveScope(staff, { auditoriumId: 3 }), { kind: "auditorium", id: 3 });
      assertEquals(await resolveScope(staff, {}), null);
      assertEquals(await resolveScope(nobody, {}), null);
    });
    await t.step(
      "the demo professor teaches in the current semester; the demo student has lessons",
      async () => {
        const mine = await scopeEntries({ kind: "professor", id: 4 }, 11);
        assert(mine.length > 0 && mine.every((e) => e.professorHrId === 4 && e.groupId === 11));
        const scope = await resolveScope(student, {});
        assert((await scopeEntries(scope!, 11)).length > 0);
      },
    );
    await t.step("lessons of a week by date, the running one marked", async () => {
      const g = (await getGroup(11))!.value;
      const mine = await scopeEntries({ kind: "professor", id: 4 }, 11);
      const first = mine[0];
      const date = addDays("2026-11-16", first.weekday - 1);
      // The first lesson's start plus one minute, in UTC (Tbilisi is UTC+4).
      const at = new Date(`${date}T00:00:00Z`);
      at.setUTCMinutes(first.hour * 60 + first.minute + 1 - 240);
      const lessons = await lessonsOn(mine, g, weekDates("2026-11-16"), "en", at);
      assertEquals(lessons.length, mine.length);
      const running = lessons.filter((l) => l.isNow);
      assertEquals(running.map((l) => l.entry.id), [first.id]);
      assert(/^\d{2}:\d{2}–\d{2}:\d{2}$/.test(running[0].time));
      assert(lessons.every((l, i) => i === 0 || lessons[i - 1].date <= l.date));
    });
    await t.step("the seeded semester has no clashes", async () => {
      const all: TimetableEntry[] = [];
      for await (const e of db().list<TimetableEntry>({ prefix: ["timetable_entries"] })) all.push(e.value);
      assertEquals(findClashes(all), []);
    });
  } finally {
    await closeDb();
  }
});
