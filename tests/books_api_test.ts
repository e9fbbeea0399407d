/**
 * The course catalogue through HTTP: each operation's permission key (the registrar allowed, limited@uni.test
 * and the student refused, nobody signed in → 401), field errors in both languages, the concurrent-edit
 * conflict, removal refused while referred to, sub-course categories and links, the learningSystem setting, the
 * .xlsx export read back, and the /books page showing each person only what they may do.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { db } from "../services/db/kv.ts";
import { setSetting } from "../services/shell/settings.ts";

const app = await seededApp();
const tokens = {
  staff: await tokenFor("staff"),
  limited: await tokenFor("limited"),
  student: await tokenFor("student"),
};
type Who = keyof typeof tokens;
const as = (token: string, lang: "ka" | "en" = "ka") => ({
  authorization: `Bearer ${token}`,
  cookie: `lang=${lang}`,
});
/** The versionstamp a course (or, with `sub`, a category) is read at now, as its list row carries it. */
async function stampOf(id: number, sub = false): Promise<string> {
  if (!sub) return (await (await get(`/api/books/${id}`)).json()).versionstamp;
  const rows = (await (await get("/api/sub_books?limit=100")).json()).data as {
    id: number;
    versionstamp: string;
  }[];
  return rows.find((row) => row.id === id)!.versionstamp;
}

const get = (path: string, who: Who | null = "staff", lang: "ka" | "en" = "ka") =>
  app.request(path, { headers: who ? as(tokens[who], lang) : {} });
const send = (method: string, path: string, body: unknown, who: Who = "staff", lang: "ka" | "en" = "ka") =>
  app.request(path, jsonRequest(method, body, as(tokens[who], lang)));
const page = (query: string, who: Who = "staff") =>
  app.request(`/books${query}`, { headers: { cookie: `session=${tokens[who]}; lang=en` } });

const course = (code: string, more: Record<string, unknown> = {}) => ({
  name: "მონაცემთა ბაზები",
  nameEng: "Databases",
  code,
  credit: 6,
  type: 1,
  status: "active",
  langCode: "geo",
  level: 1,
  ...more,
});

Deno.test("courses API", async (t) => {
  let created: { id: number; code: string; versionstamp: string } = { id: 0, code: "", versionstamp: "" };

  await t.step("bookAdd: 201 with the stored course; bookGet reads it back with its flags", async () => {
    const res = await send("POST", "/api/books", course("DB-101"));
    assertEquals(res.status, 201);
    created = await res.json();
    const read = await (await get(`/api/books/${created.id}`)).json();
    assertEquals([read.code, read.type, read.lang, read.conditionStatus, read.componentCount], [
      "DB-101",
      1,
      null,
      0,
      0,
    ]);
  });

  await t.step("field errors name every field in the request's language", async () => {
    const bad = { ...course("DB-102"), name: "", credit: "ექვსი", type: 2 };
    for (
      const [lang, name, credit, langField] of [
        ["en", "This field is required", "Enter a number", "This field is required"],
        ["ka", "ველი სავალდებულოა", "შეიყვანეთ რიცხვი", "ველი სავალდებულოა"],
      ] as const
    ) {
      const res = await send("POST", "/api/books", bad, "staff", lang);
      assertEquals(res.status, 422);
      const { error } = await res.json();
      assertEquals(error.fields, { name, credit, lang: langField });
    }
    const dup = await send("POST", "/api/books", course("db-101"), "staff", "en");
    assertEquals([dup.status, (await dup.json()).error.fields], [409, {
      code: "This value is already in use",
    }]);
    assertEquals((await send("POST", "/api/books", { ...course("X-1"), extra: 1 })).status, 422);
  });

  await t.step("bookEdit: the second of two concurrent edits gets 409 conflict", async () => {
    const first = await send("PUT", `/api/books/${created.id}`, {
      ...course("DB-101", { credit: 5 }),
      versionstamp: created.versionstamp,
    });
    assertEquals(first.status, 200);
    const second = await send(
      "PUT",
      `/api/books/${created.id}`,
      { ...course("DB-101", { credit: 7 }), versionstamp: created.versionstamp },
      "staff",
      "en",
    );
    assertEquals(second.status, 409);
    assertEquals((await second.json()).error.code, "conflict");
    created = await first.json();
    assertEquals((await (await get(`/api/books/${created.id}`)).json()).credit, 5);
  });

  await t.step("a row of /books, kept once rendered, follows an edit at the next request", async () => {
    const row = (html: string) =>
      html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>")).replace(/<!--\/?fragment:[\d.]+-->/g, "");
    const before = row(await (await page("?text=DB-101&names=en")).text());
    assert(before.includes('<span lang="en">Databases</span>'), "the course is listed");
    assertEquals(row(await (await page("?text=DB-101&names=en")).text()), before);
    const edited = await send("PUT", `/api/books/${created.id}`, {
      ...course("DB-101", { credit: 5, nameEng: "Database systems" }),
      versionstamp: created.versionstamp,
    });
    assertEquals(edited.status, 200);
    created = await edited.json();
    const after = row(await (await page("?text=DB-101&names=en")).text());
    assert(after.includes('<span lang="en">Database systems</span>'), "the new name is shown");
    assert(!after.includes(">Databases<"), "the old name is gone");
  });

  await t.step("bookList: filters, paging and the server timing", async () => {
    const res = await get("/api/books?type=2&limit=5");
    assertEquals(res.status, 200);
    assert(res.headers.get("server-timing")?.startsWith("filter;dur="));
    const list = await res.json();
    assert(list.total > 0 && list.data.length <= 5 && list.data.every((b: { type: number }) => b.type === 2));
    const two = await (await get("/api/books?lang=gr&lang=fr&limit=100")).json();
    assert(
      two.data.length > 0 && two.data.every((b: { lang: string }) => b.lang === "gr" || b.lang === "fr"),
    );
    const text = await (await get("/api/books?text=db-101")).json();
    assertEquals(text.data.map((b: { id: number }) => b.id), [created.id]);
    assertEquals((await get("/api/books?type=3")).status, 422);
    assertEquals((await get("/api/books?conditions=1")).status, 200);
  });

  await t.step("bookRemove: refused with a clear message while transcripts refer to the course", async () => {
    const used = (await db().list({ prefix: ["transcripts_by_book"] }, { limit: 1 }).next()).value!;
    const usedId = Number(used.key[1]);
    const res = await send(
      "DELETE",
      `/api/books/${usedId}?versionstamp=${await stampOf(usedId)}`,
      undefined,
      "staff",
      "en",
    );
    assertEquals(res.status, 409);
    const { error } = await res.json();
    assertEquals(error.code, "in_use");
    assert(
      /cannot be removed: \d+ timetable lessons and \d+ transcript entries/.test(error.message),
      error.message,
    );
  });

  await t.step("sub-books and links: add, list, link, refuse removal while linked, unlink", async () => {
    const list = await (await get("/api/sub_books?limit=1000")).json();
    assert(list.total > 0 && list.nextId > list.data.at(-1).id);
    const sub = await send("POST", "/api/sub_books", {
      id: list.nextId,
      name: "ტესტური",
      credit: 5,
      code: "TST",
    });
    assertEquals(sub.status, 201);
    const subId = (await sub.json()).id;
    assertEquals((await send("POST", "/api/sub_books", { name: "x" }, "staff", "en")).status, 422);
    assertEquals(
      (await send("POST", `/api/books/${created.id}/sub-links`, { subBookId: subId })).status,
      201,
    );
    const links = await (await get(`/api/books/${created.id}/sub-links`)).json();
    assertEquals([links.total, links.data[0].id], [1, subId]);
    const refused = await send(
      "DELETE",
      `/api/sub_books/${subId}?versionstamp=${await stampOf(subId, true)}`,
      undefined,
    );
    assertEquals(refused.status, 409);
    assertEquals(
      (await send("DELETE", `/api/books/${created.id}/sub-links/${subId}`, undefined)).status,
      200,
    );
    // A removal names the version it was shown: without one it is invalid, with a stale one a conflict.
    const shown = await stampOf(subId, true);
    assertEquals((await send("DELETE", `/api/sub_books/${subId}`, undefined)).status, 422);
    assertEquals(
      (await send("PUT", `/api/sub_books/${subId}`, { name: "x2", credit: 1, versionstamp: shown })).status,
      200,
    );
    assertEquals(
      (await send("DELETE", `/api/sub_books/${subId}?versionstamp=${shown}`, undefined)).status,
      409,
    );
    assertEquals(
      (await send("DELETE", `/api/sub_books/${subId}?versionstamp=${await stampOf(subId, true)}`, undefined))
        .status,
      200,
    );
  });

  await t.step("settingsGet: learningSystem → bookType 1 for anyone signed in; other names 404", async () => {
    for (const who of ["staff", "limited", "student"] as const) {
      const res = await get("/api/settings/learningSystem", who);
      assertEquals([res.status, await res.json()], [200, { bookType: 1 }]);
    }
    assertEquals((await get("/api/settings/auth_params")).status, 404);
    assertEquals((await get("/api/settings/learningSystem", null)).status, 401);
  });

  await t.step("bookExport: the filtered list as .xlsx with the visible columns, read back", async () => {
    const res = await get("/api/books/export?type=2&names=en", "staff", "en");
    assertEquals(res.status, 200);
    assert(res.headers.get("content-disposition")?.startsWith('attachment; filename="courses-'));
    const sheet = XLSX.read(new Uint8Array(await res.arrayBuffer())).Sheets;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(Object.values(sheet)[0], { header: 1 });
    assertEquals(rows[0], ["ID", "Language code", "Name", "Code", "Credit"]);
    const listed = await (await get("/api/books?type=2&limit=1000")).json();
    assertEquals(rows.length - 1, listed.total);
    const first = listed.data[0];
    assertEquals(rows[1], [first.id, first.langCode, first.nameEng || first.name, first.code, first.credit]);
  });

  await t.step("a formula-looking name is exported as text", async () => {
    const res = await send("POST", "/api/books", course("F-1", { name: '=HYPERLINK("x")' }));
    assertEquals(res.status, 201);
    const xlsx = await (await get("/api/books/export?text=F-1")).arrayBuffer();
    const cell = Object.values(XLSX.read(new Uint8Array(xlsx), { cellFormula: true }).Sheets)[0]["C2"];
    assertEquals([cell.t, cell.v, cell.f], ["s", '=HYPERLINK("x")', undefined]);
  });

  await t.step("permissions: each key allowed for staff, refused for limited and the student", async () => {
    const id = created.id;
    const writes: [string, string, unknown, string][] = [
      ["POST", "/api/books", course("P-1"), "add"],
      ["PUT", `/api/books/${id}`, { ...course("DB-101"), versionstamp: created.versionstamp }, "edit"],
      ["DELETE", `/api/books/${id}`, undefined, "remove"],
      ["POST", "/api/sub_books", { id: 90_000, name: "x", credit: 1 }, "categories"],
      ["PUT", "/api/sub_books/1", { name: "x", credit: 1 }, "categories"],
      ["DELETE", "/api/sub_books/1", undefined, "categories"],
      ["POST", `/api/books/${id}/sub-links`, { subBookId: 1 }, "categories"],
      ["DELETE", `/api/books/${id}/sub-links/1`, undefined, "categories"],
    ];
    for (const [method, path, body, key] of writes) {
      for (const who of ["limited", "student"] as const) {
        assertEquals((await send(method, path, body, who)).status, 403, `${who} ${method} ${path} (${key})`);
      }
    }
    for (const path of ["/api/books/export", `/api/books/${id}/sub-links`]) {
      assertEquals((await get(path)).status, 200, path);
      for (const who of ["limited", "student"] as const) {
        assertEquals((await get(path, who)).status, 403, path);
      }
    }
    // The view key: limited holds it (reads), the student does not.
    for (const path of ["/api/books", `/api/books/${id}`, "/api/sub_books"]) {
      assertEquals((await get(path, "limited")).status, 200, path);
      assertEquals((await get(path, "student")).status, 403, path);
      assertEquals((await get(path, null)).status, 401, path);
    }
    // The registrar's writes (allowed): edit with a stale versionstamp is the only refusal, and it is 409.
    assertEquals((await send("POST", "/api/books", course("P-1"))).status, 201);
    assertEquals((await send("DELETE", `/api/books/${id}`, undefined)).status, 422, "no versionstamp");
    const listed = (await (await get(`/api/books?text=${created.code}`)).json()).data[0];
    assertEquals(listed.versionstamp, await stampOf(id), "the list's row carries the course's versionstamp");
    assertEquals(
      (await send("DELETE", `/api/books/${id}?versionstamp=${listed.versionstamp}`, undefined)).status,
      200,
    );
  });

  await t.step(
    "the /books page: filter and tab in the URL; each person sees only what they may do",
    async () => {
      const staff = await (await page("?type=2&names=en")).text();
      assert(staff.includes('data-action="edit"') && staff.includes('data-action="remove"'));
      assert(staff.includes('data-action="categories"'), "bookType 1 shows categories");
      assert(staff.includes('data-testid="books-export"') && staff.includes("Add a course"));
      assert(staff.includes('<span lang="en">English B1</span>'), "the name column in English");
      const georgian = await (await page("?type=2&names=ka")).text();
      assert(georgian.includes('<span lang="ka">ინგლისური ენა B1</span>'), "the name column in Georgian");
      const limited = await page("?type=2", "limited");
      assertEquals(limited.status, 200);
      const html = await limited.text();
      for (const hidden of ['data-action="', 'data-testid="books-export"', "Add a course"]) {
        assert(!html.includes(hidden), `limited sees ${hidden}`);
      }
      const sub = await (await page("?tab=sub")).text();
      assert(sub.includes('aria-selected="true"') && sub.includes("Add a sub-book"));
      assert(!(await (await page("?tab=sub", "limited")).text()).includes("Add a sub-book"));
      assertEquals((await page("", "student")).status, 403);
    },
  );

  await t.step("without the categories setting the categories action is gone", async () => {
    await setSetting("learningSystem", { bookType: 2 });
    assert(!(await (await page("")).text()).includes('data-action="categories"'));
    assertEquals(await (await get("/api/settings/learningSystem")).json(), { bookType: 2 });
    await setSetting("learningSystem", { bookType: 1 });
  });
});
