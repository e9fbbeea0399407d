import { assertEquals } from "../../tests/assert.ts";
import { formatDisplayDate, parseIsoDate } from "./date_input.tsx";

Deno.test("formatDisplayDate shows DD-MMM-YYYY with English month abbreviations", () => {
  assertEquals(formatDisplayDate("2026-03-05"), "05-Mar-2026");
  assertEquals(formatDisplayDate("2025-09-30"), "30-Sep-2025");
  assertEquals(formatDisplayDate("2024-12-31"), "31-Dec-2024");
  assertEquals(formatDisplayDate("2024-02-29"), "29-Feb-2024");
});

Deno.test("formatDisplayDate uses a timestamp's date part as written", () => {
  assertEquals(formatDisplayDate("2026-01-15T23:30:00Z"), "15-Jan-2026");
  assertEquals(formatDisplayDate("2026-01-15 08:05"), "15-Jan-2026");
});

Deno.test("formatDisplayDate gives an empty string for nothing or nonsense", () => {
  assertEquals(formatDisplayDate(""), "");
  assertEquals(formatDisplayDate(null), "");
  assertEquals(formatDisplayDate(undefined), "");
  assertEquals(formatDisplayDate("2025-02-29"), "", "not a leap year");
  assertEquals(formatDisplayDate("2026-13-01"), "");
  assertEquals(formatDisplayDate("05-Mar-2026"), "", "display form is not ISO");
});

Deno.test("parseIsoDate accepts YYYY-MM-DD and checks the calendar", () => {
  assertEquals(parseIsoDate("2026-03-05"), "2026-03-05");
  assertEquals(parseIsoDate("  2026-03-05 "), "2026-03-05");
  assertEquals(parseIsoDate("2024-02-29"), "2024-02-29");
  assertEquals(parseIsoDate("2025-02-29"), null);
  assertEquals(parseIsoDate("2026-04-31"), null);
  assertEquals(parseIsoDate("2026-00-10"), null);
  assertEquals(parseIsoDate("2026-3-5"), null, "ISO needs two-digit month and day");
});

Deno.test("parseIsoDate accepts DD-MMM-YYYY in any case and common separators", () => {
  assertEquals(parseIsoDate("05-Mar-2026"), "2026-03-05");
  assertEquals(parseIsoDate("5-mar-2026"), "2026-03-05");
  assertEquals(parseIsoDate("05 MAR 2026"), "2026-03-05");
  assertEquals(parseIsoDate("31/Dec/1999"), "1999-12-31");
  assertEquals(parseIsoDate("30-Feb-2026"), null);
  assertEquals(parseIsoDate("05-Mrz-2026"), null, "unknown month name");
});

Deno.test("parseIsoDate rejects everything else", () => {
  for (const text of ["", "   ", "today", "2026/03/05", "03-05-2026", "2026-03-05T10:00", "05-Sept-2026"]) {
    assertEquals(parseIsoDate(text), null, text);
  }
});

Deno.test("formatting and parsing round-trip every day of a leap year", () => {
  const day = new Date(Date.UTC(2024, 0, 1));
  for (let i = 0; i < 366; i++) {
    const iso = day.toISOString().slice(0, 10);
    assertEquals(parseIsoDate(formatDisplayDate(iso)), iso);
    day.setUTCDate(day.getUTCDate() + 1);
  }
});
