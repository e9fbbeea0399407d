/**
 * Language administration (issue 8 item 6): permissions, languages per side, find new keywords, templates,
 * and translation overrides that reach the API's dictionary and server-rendered pages at once.
 */
import { assert, assertEquals } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { db } from "../services/db/kv.ts";
import { listAudit } from "../services/db/reads.ts";
import { translatorFor } from "../services/languages/i18n.ts";
import { createRole } from "../services/identity/roles.ts";
import { createSession } from "../services/identity/sessions.ts";
import { createUser } from "../services/identity/users.ts";
import { translationOverrides, TRANSLATIONS_VERSION_KEY } from "../services/languages/overrides.ts";

const app = await seededApp();
const admin = { authorization: `Bearer ${await tokenFor("admin")}` };
const staff = { authorization: `Bearer ${await tokenFor("staff")}` };
const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await app.request(path, method === "GET" ? { headers } : jsonRequest(method, body, headers));
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, body: type.includes("json") ? await res.json() : await res.text(), res };
};
const save = (code: string, key: string, text: string, side = "admin_side") =>
  call("PUT", `/api/languages/${code}/translations`, admin, { side, key, text });

Deno.test("language administration", async (t) => {
  await t.step("menu.languages to view, menu.languages.edit to change; pages too", async () => {
    assertEquals((await call("GET", "/api/languages", staff)).status, 403);
    assertEquals((await save("en", "common.ok", "x")).status, 200);
    assertEquals(
      (await call("PUT", "/api/languages/en/translations", staff, {
        side: "admin_side",
        key: "common.ok",
        text: "y",
      })).status,
      403,
    );
    assertEquals((await call("POST", "/api/languages/keywords", staff, { side: "admin_side" })).status, 403);
    assertEquals((await call("GET", "/api/languages", {})).status, 401);
    const page = await app.request("/lang/en", { headers: { ...staff, accept: "text/html" } });
    assertEquals(page.status, 403);
    await page.body?.cancel();
    const redirect = await app.request("/lang", { headers: admin, redirect: "manual" });
    assertEquals(redirect.status, 303);
    assertEquals(redirect.headers.get("location"), "/lang/ka?side=admin_side");
    await save("en", "common.ok", ""); // back to the shipped text
  });

  await t.step("a viewer (menu.languages without .edit) reads the tabs but cannot change them", async () => {
    const role = await createRole("Language viewer", ["menu.languages"], null);
    const user = await createUser({
      email: "viewer@uni.test",
      passwordHash: "x",
      guard: "custom",
      chatType: "user",
      name: "მნახველი",
      nameEn: "Viewer",
      image: null,
      hrUserId: null,
      studentId: null,
      roleIds: [role.id],
      linkedAccountIds: [],
      disabled: false,
    }, null);
    const { token } = await createSession({
      userId: user.id,
      guard: "custom",
      ttlSeconds: 600,
      ip: "127.0.0.1",
      userAgent: "test",
    });
    const viewer = { authorization: `Bearer ${token}` };
    assertEquals((await call("GET", "/api/languages", viewer)).status, 200);
    assertEquals((await call("GET", "/api/languages/en/translations?q=common.ok", viewer)).status, 200);
    const edit = { side: "admin_side", key: "common.ok", text: "y" };
    assertEquals((await call("PUT", "/api/languages/en/translations", viewer, edit)).status, 403);
    assertEquals(
      (await call("POST", "/api/languages", viewer, { side: "admin_side", code: "de", name: "D" })).status,
      403,
    );
    assertEquals(
      (await call("POST", "/api/languages/templates", viewer, { side: "admin_side" })).status,
      403,
    );
    const page = await (await app.request("/lang/en?side=admin_side&q=common.ok", { headers: viewer }))
      .text();
    assert(page.includes("lang-tabs") && page.includes(">common.ok<"), "the page shows the tabs and the key");
    assert(
      !page.includes('data-key="common.ok"') && !page.includes("LanguageActions"),
      "no editing controls",
    );
  });

  await t.step("languageList: ka and en built in on both sides, with key counts", async () => {
    const { status, body } = await call("GET", "/api/languages?side=admin_side", admin);
    assertEquals(status, 200);
    assertEquals(body.languages.map((l: { code: string }) => l.code), ["ka", "en"]);
    assert(body.languages[0].keys > 100 && body.languages[0].translated === body.languages[0].keys);
    const student = await call("GET", "/api/languages?side=student_side", admin);
    assertEquals(student.body.languages.map((l: { keys: number }) => l.keys), [0, 0]);
    assertEquals((await call("GET", "/api/languages?side=elsewhere", admin)).status, 422);
  });

  await t.step("languageAdd: a new language; its code unique on the side; bad input 422", async () => {
    const added = await call("POST", "/api/languages", admin, {
      side: "admin_side",
      code: "ru",
      name: "Русский",
    });
    assertEquals(added.status, 201);
    assertEquals(added.body.code, "ru");
    assertEquals(
      (await call("POST", "/api/languages", admin, { side: "admin_side", code: "ru", name: "x" })).status,
      409,
    );
    assertEquals(
      (await call("POST", "/api/languages", admin, { side: "admin_side", code: "en", name: "x" })).status,
      409,
    );
    const bad = await call("POST", "/api/languages", admin, { side: "admin_side", code: "R1", name: "" });
    assertEquals(bad.status, 422);
    assert(bad.body.error.fields.code && bad.body.error.fields.name);
    assertEquals((await listAudit("languages", "admin_side:ru")).items.length, 1);
  });

  await t.step("keywordsGenerate adds the keys the code uses that a language lacks", async () => {
    const { status, body } = await call("POST", "/api/languages/keywords", admin, { side: "admin_side" });
    assertEquals(status, 200);
    assertEquals(typeof body.added.ka, "number"); // 0 once the shipped files hold every key the code uses
    assert(body.added.ru > 100);
    const rows = await call("GET", "/api/languages/ru/translations?side=admin_side&q=common.ok", admin);
    assertEquals(rows.body.data[0].key, "common.ok");
    assertEquals(rows.body.data[0].text, "");
    assertEquals(rows.body.data[0].reference, translatorFor("ka")("common.ok"));
    const again = await call("POST", "/api/languages/keywords", admin, { side: "admin_side" });
    assertEquals(again.body.added.ru, 0);
  });

  await t.step("an edited translation overrides the shipped text: API, dictionary and pages", async () => {
    const saved = await save("en", "students.title", "Learners registry");
    assertEquals(saved.status, 200);
    assertEquals(saved.body.text, "Learners registry");
    assertEquals(saved.body.edited, true);
    const dictionary = await call("GET", "/static/i18n/en.json", {});
    assertEquals(dictionary.body.students.title, "Learners registry");
    assertEquals(translatorFor("en")("students.title"), "Learners registry");
    const html = await (await app.request("/students", { headers: { ...admin, cookie: "lang=en" } })).text();
    assert(html.includes("Learners registry"), "the page renders the edit");
    // The cached side-menu island is keyed by the dictionary version, so its HTML follows edits too.
    await save("en", "app.name", "Edited University");
    const again = await (await app.request("/students", { headers: { ...admin, cookie: "lang=en" } })).text();
    assert(again.includes("Edited University"), "the side menu island shows the edit");
    const version = /data-i18n-version="([^"]+)"/.exec(again)?.[1] ?? "";
    assert(version.includes("-"), `version names the edit: ${version}`);
    // Georgian is untouched.
    assertEquals(translatorFor("ka")("students.title") !== "Learners registry", true);
    const audit = await listAudit("translations", "admin_side:en:students.title");
    assertEquals(audit.items[0].after, "Learners registry");
    assertEquals(audit.items[0].actor, 1);
  });

  await t.step("an empty text brings the shipped one back", async () => {
    const reverted = await save("en", "app.name", "");
    assertEquals(reverted.body.edited, false);
    assert(reverted.body.text !== "Edited University" && reverted.body.text.length > 0);
    assert(
      !(await (await app.request("/students", { headers: { ...admin, cookie: "lang=en" } })).text())
        .includes("Edited University"),
    );
  });

  await t.step("unknown keys and bad keys are 422; unknown languages 404", async () => {
    const unknown = await save("en", "nothing.like.this", "x");
    assertEquals(unknown.status, 422);
    assert(unknown.body.error.fields.key);
    assertEquals((await save("en", "../etc", "x")).status, 422);
    assertEquals((await save("de", "common.ok", "x")).status, 404);
    assertEquals((await save("en", "common.ok", "x".repeat(4001))).status, 422);
  });

  await t.step("names every object inherits are not keys of the dictionary", async () => {
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      for (const side of ["admin_side", "student_side"]) {
        assertEquals((await save("en", key, "x", side)).status, 422, `${side} ${key}`);
      }
    }
  });

  await t.step("templatesGenerate: every language of the side as a nested dictionary download", async () => {
    const { status, body, res } = await call("POST", "/api/languages/templates", admin, {
      side: "admin_side",
    });
    assertEquals(status, 200);
    assert((res.headers.get("content-disposition") ?? "").includes("admin_side-templates.json"));
    assertEquals(Object.keys(body), ["ka", "en", "ru"]);
    assertEquals(body.en.students.title, "Learners registry");
    assertEquals(body.ru.common.ok, "");
  });

  await t.step("the student side keeps its own texts and never touches this application's", async () => {
    const keywords = await call("POST", "/api/languages/keywords", admin, { side: "student_side" });
    assert(keywords.body.added.ka > 0, "the public pages' keys");
    const saved = await save("en", "login.title", "Student portal sign-in", "student_side");
    assertEquals(saved.status, 200);
    assert(translatorFor("en")("login.title") !== "Student portal sign-in");
  });

  await t.step("another process's edit shows after the version moves (about a second)", async () => {
    // As another process would: store a text and move the version in one atomic, straight in KV.
    await db().atomic().set(["translations", "admin_side", "en", "common.cancel"], "Abort")
      .sum(TRANSLATIONS_VERSION_KEY, 1n).commit();
    translationOverrides(Date.now() + 5000); // a request more than a second later starts the refresh
    for (let i = 0; i < 50 && translatorFor("en")("common.cancel") !== "Abort"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assertEquals(translatorFor("en")("common.cancel"), "Abort");
  });
});
