import { assertEquals } from "../tests/assert.ts";
import { formatDisplayDate, formatDisplayDateTime } from "./date_format.ts";
import { semesterName } from "./semester_name.ts";

Deno.test("the one date and date-time format", async (t) => {
  await t.step("dates are DD-MMM-YYYY in every language", () => {
    assertEquals(formatDisplayDate("2026-11-25"), "25-Nov-2026");
    assertEquals(formatDisplayDate("2026-02-30"), "");
  });
  await t.step("instants are DD-MMM-YYYY HH:mm, 24-hour, on Tbilisi's clock", () => {
    assertEquals(formatDisplayDateTime("2026-11-25T04:21:00Z"), "25-Nov-2026 08:21");
    assertEquals(formatDisplayDateTime("2026-11-25T19:05:00Z"), "25-Nov-2026 23:05");
    assertEquals(formatDisplayDateTime(Date.UTC(2026, 11, 31, 21, 30)), "01-Jan-2027 01:30");
    assertEquals(formatDisplayDateTime("not a date"), "");
    assertEquals(formatDisplayDateTime(null), "");
  });
  await t.step("a semester's season is named in the page's language", () => {
    const ka = (key: string) =>
      ({ "semesters.autumn": "შემოდგომა", "semesters.spring": "გაზაფხული" })[key] ?? key;
    assertEquals(semesterName("2026-2027 autumn", ka), "2026-2027 შემოდგომა");
    assertEquals(semesterName("2026-2027 Spring", ka), "2026-2027 გაზაფხული");
    assertEquals(
      semesterName("2026-2027 გაზაფხული", (k) => k === "semesters.spring" ? "spring" : k),
      "2026-2027 spring",
    );
    assertEquals(
      semesterName("Intensive 2027", ka),
      "Intensive 2027",
      "a name without a season stays as typed",
    );
  });
});
