/**
 * Semesters, rooms and timetable entries through the API: permissions (menu.table to read, menu.table.edit to
 * write), field errors, the overlap refusal (409 clash naming the other lesson in the request's language) and
 * the room that cannot be removed while in use.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import type { Book } from "../services/academic/model.ts";
import { createBook } from "../services/books/mod.ts";
import { createHr } from "../services/hr/mod.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["admin", "staff", "limited", "prof", "student"] as const) {
  tokens.set(account, await tokenFor(account));
}

async function call(method: string, path: string, account: DemoAccount | null, body?: unknown, lang = "ka") {
  const headers: Record<string, string> = { cookie: `lang=${lang}` };
  if (account) headers.authorization = `Bearer ${tokens.get(account)}`;
  const res = await app.request(path, jsonRequest(method, body, headers));
  return { status: res.status, body: await res.json() };
}

const course: Omit<Book, "id"> = {
  name: "ფილოსოფიის შესავალი",
  nameEng: "Introduction to Philosophy",
  code: "PHIL-API-101",
  description: "",
  credit: 5,
  type: 1,
  status: "active",
  lang: null,
  langCode: "geo",
  nashromi_praqtika_type: "",
  medic: false,
  level: 1,
  gpaLimit: null,
};
const book = await createBook(course, null);
const professor = await createHr({
  kind: "academic",
  firstNameKa: "გიორგი",
  lastNameKa: "მაისურაძე",
  firstNameEn: "Giorgi",
  lastNameEn: "Maisuradze",
  position: "პროფესორი",
  schoolId: null,
  email: "g.maisuradze.api@uni.test",
  phone: "",
  userId: null,
}, null);

Deno.test("semesters, rooms and timetable entries API", async (t) => {
  let group!: { id: number; versionstamp: string };
  let room!: { id: number; versionstamp: string; name: string };

  await t.step("registrationGroupAdd/Edit need menu.table.edit; bad dates → 422 fields", async () => {
    const body = {
      seasonYear: "2031-2032 შემოდგომა",
      comment: "",
      startDate: "2031-09-15",
      endDate: "2032-01-31",
    };
    for (const account of ["limited", "prof", "student"] as const) {
      assertEquals((await call("POST", "/api/registration_groups", account, body)).status, 403, account);
    }
    const bad = await call(
      "POST",
      "/api/registration_groups",
      "staff",
      { ...body, endDate: "2031-09-01" },
      "en",
    );
    assertEquals(bad.status, 422);
    assertEquals(bad.body.error.fields, { endDate: "The end date must come after the start date" });
    const invalidDate = await call("POST", "/api/registration_groups", "staff", {
      ...body,
      startDate: "2031-02-30",
    });
    assertEquals(Object.keys(invalidDate.body.error.fields), ["startDate"]);
    const res = await call("POST", "/api/registration_groups", "staff", body);
    assertEquals(res.status, 201);
    group = res.body;
    const edited = await call("PUT", `/api/registration_groups/${group.id}`, "staff", {
      ...body,
      comment: "სწავლა იწყება 15 სექტემბერს",
      versionstamp: group.versionstamp,
    });
    assertEquals([edited.status, edited.body.comment], [200, "სწავლა იწყება 15 სექტემბერს"]);
    const stale = await call("PUT", `/api/registration_groups/${group.id}`, "staff", {
      ...body,
      versionstamp: group.versionstamp,
    });
    assertEquals(stale.status, 409);
    group = edited.body;
  });

  await t.step("registrationGroupList needs menu.table: professors and students read it", async () => {
    for (const account of ["staff", "prof", "student"] as const) {
      const res = await call("GET", "/api/registration_groups", account);
      assertEquals(res.status, 200, account);
      assert(res.body.data.some((g: { id: number }) => g.id === group.id));
      const starts = res.body.data.map((g: { startDate: string }) => g.startDate);
      assertEquals(starts, [...starts].sort());
    }
    assertEquals((await call("GET", "/api/registration_groups", "limited")).status, 403);
  });

  await t.step("auditoriums: list with menu.table, writes with menu.table.edit, unique names", async () => {
    const body = { name: "API-501", building: "V კორპუსი", capacity: 60 };
    assertEquals((await call("POST", "/api/auditoriums", "prof", body)).status, 403);
    const bad = await call("POST", "/api/auditoriums", "staff", { ...body, capacity: 5000, name: "" });
    assertEquals([bad.status, Object.keys(bad.body.error.fields).sort()], [422, ["capacity", "name"]]);
    const res = await call("POST", "/api/auditoriums", "staff", body);
    assertEquals(res.status, 201);
    room = res.body;
    const twin = await call("POST", "/api/auditoriums", "staff", { ...body, name: "api-501" });
    assertEquals([twin.status, twin.body.error.code, Object.keys(twin.body.error.fields)], [
      409,
      "duplicate",
      [
        "name",
      ],
    ]);
    const list = await call("GET", "/api/auditoriums", "student");
    assertEquals(list.status, 200);
    assert(list.body.data.some((a: { id: number }) => a.id === room.id));
    assertEquals((await call("GET", "/api/auditoriums", "limited")).status, 403);
  });

  const lesson = (over: Record<string, unknown> = {}) => ({
    bookId: book.id,
    professorHrId: professor.id,
    groupId: group.id,
    weekday: 2,
    hour: 10,
    minute: 0,
    duration: 90,
    type: "lecture",
    auditoriumId: room.id,
    ...over,
  });
  let entry!: { id: number; versionstamp: string };

  await t.step("timetableEntryAdd needs menu.table.edit; out-of-range values → 422 fields", async () => {
    assertEquals((await call("POST", "/api/timetable_entries", "prof", lesson())).status, 403);
    assertEquals((await call("POST", "/api/timetable_entries", "student", lesson())).status, 403);
    const late = await call(
      "POST",
      "/api/timetable_entries",
      "staff",
      lesson({ hour: 21, duration: 90 }),
      "en",
    );
    assertEquals([late.status, late.body.error.fields], [422, { duration: "The lesson must end by 22:00" }]);
    const shape = await call("POST", "/api/timetable_entries", "staff", lesson({ weekday: 7, type: "exam" }));
    assertEquals(Object.keys(shape.body.error.fields).sort(), ["type", "weekday"]);
    const missing = await call("POST", "/api/timetable_entries", "staff", lesson({ auditoriumId: 999999 }));
    assertEquals([missing.status, Object.keys(missing.body.error.fields)], [422, ["auditoriumId"]]);
    const res = await call("POST", "/api/timetable_entries", "staff", lesson());
    assertEquals(res.status, 201);
    entry = res.body;
  });

  await t.step("an overlap → 409 clash naming the other lesson, in English and in Georgian", async () => {
    const en = await call("POST", "/api/timetable_entries", "staff", lesson({ hour: 11 }), "en");
    assertEquals([en.status, en.body.error.code], [409, "clash"]);
    assertStringIncludes(en.body.error.message, "Introduction to Philosophy");
    assertStringIncludes(en.body.error.message, "Tuesday");
    assertStringIncludes(en.body.error.message, "10:00–11:30");
    assertStringIncludes(en.body.error.message, "API-501");
    assertEquals(Object.keys(en.body.error.fields).sort(), ["auditoriumId", "professorHrId"]);
    const ka = await call("POST", "/api/timetable_entries", "staff", lesson({ hour: 11 }), "ka");
    assertStringIncludes(ka.body.error.message, "ფილოსოფიის შესავალი");
    assertStringIncludes(ka.body.error.message, "სამშაბათი");
    // Touching is not overlapping.
    const next = await call("POST", "/api/timetable_entries", "staff", lesson({ hour: 11, minute: 30 }));
    assertEquals(next.status, 201);
  });

  await t.step(
    "timetableEntryList: menu.table, one filter needed, someone else's only with the key",
    async () => {
      const res = await call("GET", `/api/timetable_entries?groupId=${group.id}`, "staff");
      assertEquals(res.status, 200);
      assertEquals(res.body.data.map((e: { hour: number; minute: number }) => `${e.hour}:${e.minute}`), [
        "10:0",
        "11:30",
      ]);
      const byProfessor = await call("GET", `/api/timetable_entries?professorHrId=${professor.id}`, "staff");
      assertEquals(byProfessor.body.data.length, 2);
      // A student or another professor asking for a semester's, a room's or a professor's lessons: 403, as
      // professorTimetable answers (their own timetable is there).
      for (const query of [`groupId=${group.id}`, `professorHrId=${professor.id}`, "auditoriumId=1"]) {
        for (const account of ["student", "prof"] as const) {
          assertEquals((await call("GET", `/api/timetable_entries?${query}`, account)).status, 403, account);
        }
      }
      const none = await call("GET", "/api/timetable_entries", "staff");
      assertEquals([none.status, Object.keys(none.body.error.fields)], [422, ["groupId"]]);
      assertEquals((await call("GET", `/api/timetable_entries?groupId=${group.id}`, "limited")).status, 403);
    },
  );

  await t.step("a room in use cannot be removed; edit and remove the lessons, then it can", async () => {
    const inUse = await call(
      "DELETE",
      `/api/auditoriums/${room.id}?versionstamp=${room.versionstamp}`,
      "staff",
    );
    assertEquals([inUse.status, inUse.body.error.code], [409, "in_use"]);
    const moved = await call("PUT", `/api/timetable_entries/${entry.id}`, "staff", {
      ...lesson({ weekday: 3 }),
      versionstamp: entry.versionstamp,
    });
    assertEquals([moved.status, moved.body.weekday], [200, 3]);
    const stale = await call("PUT", `/api/timetable_entries/${entry.id}`, "staff", {
      ...lesson({ weekday: 4 }),
      versionstamp: entry.versionstamp,
    });
    assertEquals([stale.status, stale.body.error.code], [409, "conflict"]);
    const all = await call("GET", `/api/timetable_entries?auditoriumId=${room.id}`, "staff");
    for (const e of all.body.data as { id: number; versionstamp: string }[]) {
      assertEquals(
        (await call("DELETE", `/api/timetable_entries/${e.id}?versionstamp=${e.versionstamp}`, "prof"))
          .status,
        403,
      );
      const removed = await call(
        "DELETE",
        `/api/timetable_entries/${e.id}?versionstamp=${e.versionstamp}`,
        "staff",
      );
      assertEquals(removed.body, { result: "yes" });
    }
    const noStamp = await call("DELETE", `/api/auditoriums/${room.id}`, "staff");
    assertEquals(noStamp.status, 422);
    const gone = await call(
      "DELETE",
      `/api/auditoriums/${room.id}?versionstamp=${room.versionstamp}`,
      "staff",
    );
    assertEquals(gone.body, { result: "yes" });
  });
});
