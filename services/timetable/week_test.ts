import { assertEquals } from "../../tests/assert.ts";
import { addDays, dateOfDay, dayNumber, isoWeekday } from "./week.ts";

// What the Date object says, as the reference the integer arithmetic must match.
const viaDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayViaDate = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

Deno.test("date arithmetic agrees with the Date object", async (t) => {
  await t.step("every day from 1899 to 2101: the next day, the weekday, the day number", () => {
    let date = "1899-12-25";
    for (let day = dayNumber(date); date < "2101-01-07"; day++) {
      assertEquals(dayNumber(date), Date.parse(`${date}T00:00:00Z`) / 86_400_000, date);
      assertEquals(dateOfDay(day), date);
      assertEquals(isoWeekday(date), weekdayViaDate(date), date);
      const next = addDays(date, 1);
      assertEquals(next, viaDate(date, 1), date);
      date = next;
    }
  });
  await t.step("long jumps both ways, over leap centuries", () => {
    for (const date of ["2000-02-29", "1900-02-28", "2026-11-28", "2100-03-01", "1970-01-01", "1600-02-29"]) {
      for (const days of [-146_097, -36_525, -400, -29, -7, 0, 7, 30, 366, 36_525, 146_097]) {
        assertEquals(addDays(date, days), viaDate(date, days), `${date} ${days}`);
      }
    }
  });
});
