/**
 * The weekly timetable through HTTP: professorTimetable (own only without menu.table.all, 403 otherwise, 422 on
 * bad dates), the /tables page (default semester and week, arrows as links, clashes for staff) and the
 * semester's export re-read from the .xlsx file.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import type { TimetableEntry } from "../services/academic/model.ts";
import { timetableIndexes } from "../services/academic/indexes.ts";
import { db } from "../services/db/kv.ts";
import { recordEntries } from "../services/db/records.ts";
import { forgetClashes } from "../services/timetable/clashes.ts";
import { listEntries } from "../services/timetable/entries.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "limited", "prof", "student"] as const) {
  tokens.set(account, await tokenFor(account));
}

const WEEK = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"];

async function timetable(account: DemoAccount, body: Record<string, unknown>, lang = "ka") {
  const res = await app.request(
    "/api/timetable/professor",
    jsonRequest("POST", body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  return { status: res.status, body: await res.json() };
}

async function page(account: DemoAccount, path: string) {
  const res = await app.request(path, { headers: { cookie: `session=${tokens.get(account)}` } });
  return { status: res.status, html: await res.text() };
}

Deno.test("professorTimetable", async (t) => {
  await t.step("a professor gets their own week in the SPEC §3 shape", async () => {
    const { status, body } = await timetable("prof", { dates: WEEK, groupId: 11 }, "en");
    assertEquals(status, 200);
    assertEquals(body.result, "yes");
    assert(!Number.isNaN(Date.parse(body.time)));
    assert(body.data.length > 0);
    const first = body.data[0];
    assertEquals(Object.keys(first).sort(), ["data", "date", "isNow", "item", "type"]);
    assert(typeof first.data.h === "number" && typeof first.data.auditorium.name === "string");
    assertEquals(first.item.isMinimized, false);
    assert(WEEK.includes(first.date));
    const mine = (await listEntries({ groupId: 11, professorHrId: 4 })).map((r) => r.value.id);
    assert(body.data.every((l: { data: { id: number } }) => mine.includes(l.data.id)));
  });
  await t.step("asking for another professor without menu.table.all → 403; staff may", async () => {
    assertEquals((await timetable("prof", { dates: WEEK, groupId: 11, professorHrId: 5 })).status, 403);
    assertEquals((await timetable("student", { dates: WEEK, groupId: 11, auditoriumId: 1 })).status, 403);
    const staff = await timetable("staff", { dates: WEEK, groupId: 11, professorHrId: 4 });
    assertEquals(staff.status, 200);
    assertEquals(
      staff.body.data.length,
      (await timetable("prof", { dates: WEEK, groupId: 11 })).body.data.length,
    );
  });
  await t.step("a student gets their own lessons; no menu.table → 403", async () => {
    const { status, body } = await timetable("student", { dates: WEEK, groupId: 11 });
    assertEquals(status, 200);
    assert(body.data.length > 0);
    assertEquals((await timetable("limited", { dates: WEEK, groupId: 11 })).status, 403);
  });
  await t.step("bad input → 422 with field errors", async () => {
    const none = await timetable("prof", { dates: [], groupId: 11 });
    assertEquals(none.status, 422);
    assert(none.body.error.fields);
    const eight = await timetable("prof", { dates: [...WEEK, "2026-11-22", "2026-11-23"], groupId: 11 });
    assertEquals(eight.status, 422);
    const badDate = await timetable("prof", { dates: ["2026-02-30"], groupId: 11 }, "en");
    assertEquals(badDate.status, 422);
    assert(Object.keys(badDate.body.error.fields).some((f) => f.startsWith("dates")));
    const group = await timetable("prof", { dates: WEEK, groupId: 999 });
    assertEquals([group.status, Object.keys(group.body.error.fields)], [422, ["groupId"]]);
  });
});

Deno.test("/tables page", async (t) => {
  await t.step("the professor's default: the running semester and this week, arrows as links", async () => {
    const { status, html } = await page("prof", "/tables");
    assertEquals(status, 200);
    assert(/<option\s+value="11"\s+selected/.test(html), "the running semester is selected");
    assertStringIncludes(html, 'href="/tables?group=11&amp;week=2026-11-09"');
    assertStringIncludes(html, 'href="/tables?group=11&amp;week=2026-11-23"');
    assertStringIncludes(html, 'data-date="2026-11-16"');
    assertStringIncludes(html, 'data-date="2026-11-21"');
    assert(!html.includes('data-date="2026-11-22"'), "six day columns, Monday to Saturday");
    assert((html.match(/data-lesson=/g) ?? []).length > 0);
    assert(/\d{2}:\d{2}–\d{2}:\d{2}/.test(html));
  });
  await t.step("another professor's page without menu.table.all → 403; staff choose any", async () => {
    assertEquals((await page("prof", "/tables?professor=5")).status, 403);
    const staff = await page("staff", "/tables");
    assertStringIncludes(staff.html, 'data-testid="tables-empty"');
    const chosen = await page("staff", "/tables?group=11&week=2026-11-16&professor=4");
    assert((chosen.html.match(/data-lesson=/g) ?? []).length > 0);
    const search = await page("staff", "/tables?q=" + encodeURIComponent("ბერიძე"));
    assertStringIncludes(search.html, 'data-testid="professor-matches"');
  });
  await t.step("a clash written around the rules is listed to staff with both lessons", async () => {
    const [victim] = (await listEntries({ groupId: 11, professorHrId: 4 })).map((r) => r.value);
    // The same room at the same time, by someone who teaches nothing else: exactly one clash.
    const clash: TimetableEntry = { ...victim, id: 999_001, professorHrId: 1 };
    const atomic = db().atomic();
    for (const [key, value] of recordEntries("timetable_entries", clash.id, clash, timetableIndexes(clash))) {
      atomic.set(key, value);
    }
    await atomic.commit();
    forgetClashes();
    const staff = await page("staff", "/tables");
    assertStringIncludes(staff.html, 'data-testid="timetable-clashes"');
    assertEquals((staff.html.match(/ ↔ /g) ?? []).length, 1);
    assert(
      !(await page("prof", "/tables")).html.includes("timetable-clashes"),
      "professors see no clash list",
    );
    await db().delete(["timetable_entries", clash.id]);
    for (const [key] of recordEntries("timetable_entries", clash.id, clash, timetableIndexes(clash))) {
      await db().delete(key);
    }
    forgetClashes();
  });
});

Deno.test("registrationGroupExport", async (t) => {
  const get = (account: DemoAccount, path: string, lang = "ka") =>
    app.request(path, {
      headers: { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` },
    });
  await t.step("the whole semester, one row per lesson, headers in the request's language", async () => {
    const res = await get("staff", "/api/timetable/11/export", "en");
    assertEquals(res.status, 200);
    assertStringIncludes(res.headers.get("content-disposition") ?? "", "timetable-11-");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    assertEquals(rows[0], ["Day", "Time", "Course", "Type", "Professor", "Room"]);
    assertEquals(rows.length - 1, (await listEntries({ groupId: 11 })).length);
    assertEquals(rows[1][0], "Monday");
    assert(/^\d{2}:\d{2}–\d{2}:\d{2}$/.test(rows[1][1]));
  });
  await t.step("without menu.table.export → 403; unknown semester → 404", async () => {
    const prof = await get("prof", "/api/timetable/11/export");
    assertEquals(prof.status, 403);
    await prof.body?.cancel();
    const missing = await get("staff", "/api/timetable/999/export");
    assertEquals(missing.status, 404);
    await missing.body?.cancel();
  });
});
