/**
 * The event calendar and the personal calendar through HTTP (issue 26): events by audience, their editing with
 * field errors in the request's language (nothing stored on bad input), the .ics export, and a person's own
 * lessons, events and deadlines.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { localNow } from "../services/timetable/week.ts";
import { now } from "../services/academic/clock.ts";
import { monthPeriod } from "../services/calendar/period.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "prof"] as const) tokens.set(account, await tokenFor(account));

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, type, body: type.includes("json") ? await res.json() : await res.text() };
}

const today = localNow(now()).date;
const month = monthPeriod(today);
const titles = (body: { data: { titleEn: string }[] }) => body.data.map((e) => e.titleEn);

Deno.test("calendars API", async (t) => {
  await t.step("each person sees the events of their audience; an editor sees all", async () => {
    const student = titles((await call("student", "GET", "/api/events")).body);
    assert(student.includes("Student research conference"));
    assert(student.includes("Program meeting with students"));
    assert(!student.includes("Academic council meeting"));
    const prof = titles((await call("prof", "GET", "/api/events")).body);
    assert(prof.includes("Academic council meeting"));
    assert(!prof.includes("Program meeting with students"));
    const staff = titles((await call("staff", "GET", "/api/events")).body);
    assert(staff.includes("Program meeting with students") && staff.includes("Academic council meeting"));
  });

  await t.step("bad events are refused with the fields named; nothing is stored", async () => {
    const before = (await call("staff", "GET", "/api/events")).body.total;
    const bad = await call("staff", "POST", "/api/events", {
      title: "",
      titleEn: "Seminar",
      start: `${today}T12:00:00+04:00`,
      end: `${today}T10:00:00+04:00`,
    }, "ka");
    assertEquals(bad.status, 422);
    assertEquals(bad.body.error.fields.end, "დასრულება დაწყების შემდეგ უნდა იყოს");
    assert(bad.body.error.fields.title);
    assertEquals((await call("staff", "GET", "/api/events")).body.total, before);
    const student = await call("student", "POST", "/api/events", {
      title: "x",
      titleEn: "x",
      start: "",
      end: "",
    });
    assertEquals(student.status, 403);
  });

  await t.step("staff add, edit and remove an event", async () => {
    const added = await call("staff", "POST", "/api/events", {
      title: "სემინარი",
      titleEn: "Seminar",
      place: "Room 12",
      start: `${today}T12:00:00+04:00`,
      end: `${today}T13:30:00+04:00`,
      audience: { guards: ["prof"] },
    });
    assertEquals(added.status, 201);
    const id = added.body.event.id;
    assert(!titles((await call("student", "GET", "/api/events")).body).includes("Seminar"));
    const { id: _, createdBy: __, createdAt: ___, ...input } = added.body.event;
    const stale = await call("staff", "PUT", `/api/events/${id}`, { ...input, versionstamp: "0".repeat(20) });
    assertEquals(stale.status, 409);
    const edited = await call("staff", "PUT", `/api/events/${id}`, {
      ...input,
      audience: {},
      versionstamp: added.body.versionstamp,
    });
    assertEquals(edited.status, 200);
    assert(titles((await call("student", "GET", "/api/events")).body).includes("Seminar"));
    const conflict = await call(
      "staff",
      "DELETE",
      `/api/events/${id}?versionstamp=${added.body.versionstamp}`,
    );
    assertEquals(conflict.status, 409);
    const removed = await call(
      "staff",
      "DELETE",
      `/api/events/${id}?versionstamp=${edited.body.versionstamp}`,
    );
    assertEquals(removed.status, 200);
    assert(!titles((await call("staff", "GET", "/api/events")).body).includes("Seminar"));
  });

  await t.step("the .ics export holds the period's events", async () => {
    const ics = await call("student", "GET", `/api/events/ics?from=${month.from}&to=${month.to}`);
    assertEquals(ics.status, 200);
    assertStringIncludes(ics.type, "text/calendar");
    assertStringIncludes(ics.body, "BEGIN:VCALENDAR");
    assertStringIncludes(ics.body, "SUMMARY:Student research conference");
  });

  await t.step("a student's own calendar: lessons, events and deadlines", async () => {
    const mine = await call("student", "GET", `/api/calendar/mine?from=${month.from}&to=${month.to}`);
    assertEquals(mine.status, 200);
    const kinds = new Set(mine.body.data.map((i: { kind: string }) => i.kind));
    assert(kinds.has("lesson"), "lessons");
    assert(kinds.has("event"), "events");
    assert(
      mine.body.data.every((i: { date: string }) => i.date >= month.from && i.date <= month.to),
      "only the period",
    );
  });

  await t.step("a period over 62 days or backwards is a 422", async () => {
    const long = await call("student", "GET", "/api/calendar/mine?from=2026-01-01&to=2026-06-01");
    assertEquals(long.status, 422);
    assertEquals(long.body.error.fields.to, "Choose at most 62 days");
    const bad = await call("student", "GET", "/api/events?from=2026-02-30");
    assertEquals(bad.status, 422);
  });

  await t.step("a dropped section's lessons leave the student's calendar at the next request", async () => {
    const lessonTitles = async () =>
      new Set(
        (await call("student", "GET", `/api/calendar/mine?from=${month.from}&to=${month.to}`)).body.data
          .filter((i: { kind: string }) => i.kind === "lesson").map((i: { title: string }) => i.title),
      );
    const held = (await call("student", "GET", "/api/registrations/mine")).body.registrations as {
      id: string;
      course: string;
      status: string;
    }[];
    const enrolled = held.filter((r) => r.status === "enrolled");
    const before = await lessonTitles();
    const leaving = enrolled.find((r) => before.has(r.course));
    assert(leaving, "the demo student has lessons of a section they hold this month");
    assertEquals(await lessonTitles(), before, "the same month read again is the same");
    const dropped = await call("staff", "POST", `/api/registrations/${leaving.id}/drop`, {
      override: true,
      reason: "calendar test",
    });
    assertEquals(dropped.status, 200, JSON.stringify(dropped.body));
    const after = await lessonTitles();
    assertEquals(
      after.has(leaving.course),
      enrolled.some((r) => r !== leaving && r.course === leaving.course),
    );
  });
});
