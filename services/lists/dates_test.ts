import { assertEquals } from "../../tests/assert.ts";
import { lessonDates } from "./dates.ts";

Deno.test("a section's lesson dates", async (t) => {
  const lessons = (...weekdays: number[]) => ({ lessons: weekdays.map((weekday) => ({ weekday })) }) as never;

  await t.step("every date of the semester on a lesson's weekday, oldest first, across a month's end", () => {
    assertEquals(lessonDates(lessons(4, 1, 1), { startDate: "2026-09-24", endDate: "2026-10-08" }), [
      "2026-09-24",
      "2026-09-28",
      "2026-10-01",
      "2026-10-05",
      "2026-10-08",
    ]);
  });

  await t.step("a leap day and a Sunday are dates like any other", () => {
    assertEquals(lessonDates(lessons(7), { startDate: "2028-02-20", endDate: "2028-03-05" }), [
      "2028-02-20",
      "2028-02-27",
      "2028-03-05",
    ]);
    assertEquals(lessonDates(lessons(2), { startDate: "2028-02-29", endDate: "2028-02-29" }), ["2028-02-29"]);
  });

  await t.step("a mistyped end date gives at most a year of dates; an end before the start, none", () => {
    const dates = lessonDates(lessons(1), { startDate: "2026-09-14", endDate: "2126-09-14" });
    assertEquals([dates.length, dates.at(-1)], [53, "2027-09-13"]);
    assertEquals(lessonDates(lessons(1), { startDate: "2026-09-14", endDate: "2026-09-01" }), []);
  });
});
