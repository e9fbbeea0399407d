import { assert, assertEquals, assertStringIncludes } from "../../tests/assert.ts";
import { EMPTY_AUDIENCE } from "../polls/model.ts";
import { fold, toIcs } from "./ics.ts";

Deno.test("iCalendar export", async (t) => {
  const event = {
    id: 7,
    title: "სტუდენტური კონფერენცია; სექცია 1, დარბაზი",
    titleEn: "Student conference",
    description: "Line one\nLine two",
    place: "Room 101, building A",
    start: "2026-11-26T10:00:00.000Z",
    end: "2026-11-26T12:30:00.000Z",
    audience: EMPTY_AUDIENCE,
    createdBy: null,
    createdAt: "",
  };
  const ics = toIcs([event], "ka", "uni.test", new Date("2026-11-25T00:00:00Z"));

  await t.step("one VEVENT with UTC times, a stable UID and escaped text", () => {
    assertStringIncludes(ics, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n");
    assertStringIncludes(ics, "UID:event-7@uni.test\r\n");
    assertStringIncludes(ics, "DTSTART:20261126T100000Z\r\nDTEND:20261126T123000Z\r\n");
    assertStringIncludes(ics, "DESCRIPTION:Line one\\nLine two\r\n");
    assertStringIncludes(ics, "LOCATION:Room 101\\, building A\r\n");
    assert(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n"));
  });

  await t.step("long lines fold at 75 octets without splitting a Georgian letter", () => {
    const summary = ics.split("\r\n").findIndex((l) => l.startsWith("SUMMARY:"));
    const lines = ics.split("\r\n");
    assert(lines[summary + 1].startsWith(" "), "the Georgian title is folded");
    for (const line of lines) assert(new TextEncoder().encode(line).length <= 75, line);
    const unfolded = ics.replace(/\r\n /g, "");
    assertStringIncludes(unfolded, "SUMMARY:სტუდენტური კონფერენცია\\; სექცია 1\\, დარბაზი\r\n");
  });

  await t.step("English readers get the English title", () => {
    assertStringIncludes(toIcs([event], "en", "uni.test"), "SUMMARY:Student conference\r\n");
  });

  await t.step("a short line is left alone", () => assertEquals(fold("SUMMARY:x"), "SUMMARY:x"));
});
