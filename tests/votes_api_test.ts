/**
 * Course evaluations through HTTP: voteSubmit (students only, every criterion required, one response per
 * course and period), voteResults (menu.table.votes), and the /vote-form page's plain form.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { CRITERIA } from "../services/votes/criteria.ts";
import { votableCourses } from "../services/votes/mod.ts";
import { currentGroupOf, listGroups } from "../services/academic/semesters.ts";
import { groupSections } from "../services/registration/sections.ts";
import { addRegistration } from "../services/registration/decide.ts";
import { REFERENCE_DATE } from "../services/seed/university_sizes.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "prof", "student"] as const) tokens.set(account, await tokenFor(account));
const all = (score: number) => Object.fromEntries(CRITERIA.map((id) => [id, score]));
const luka = { user: { id: 5, guard: "user" as const, hrUserId: null, studentId: 1 }, canAll: false };
// The demo student holds one section; a second one leaves a course to evaluate after the first vote.
{
  const held = new Set((await votableCourses(luka)).courses.map((b) => b.id));
  const group = currentGroupOf(await listGroups(), REFERENCE_DATE)!;
  for (const section of (await groupSections(group.id)).list.filter((s) => !held.has(s.bookId))) {
    const added = await addRegistration(
      { sectionId: section.id, studentId: 1, override: true, reason: "votes test" },
      { userId: null, staff: true },
    ).catch(() => null);
    if (added?.status === "enrolled") break;
  }
}
const { courses } = await votableCourses(luka);
const [first, second] = courses.map((b) => b.id);

async function call(method: string, path: string, account: DemoAccount, body?: unknown, lang = "ka") {
  const headers = { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` };
  const res = await app.request(path, jsonRequest(method, body, headers));
  return { status: res.status, body: await res.json() };
}

Deno.test("voteSubmit and voteResults", async (t) => {
  await t.step("a missing criterion → 422 naming it, in the request's language", async () => {
    const scores = all(4);
    delete scores["assessment.fairness"];
    const { status, body } = await call("POST", "/api/votes", "student", { bookId: first, scores }, "en");
    assertEquals(status, 422);
    assertEquals(body.error.fields, { "assessment.fairness": "Choose a score" });
    const outOfRange = await call("POST", "/api/votes", "student", { bookId: first, scores: all(5) });
    assertEquals(outOfRange.status, 422);
  });
  await t.step("not a student → 403", async () => {
    assertEquals((await call("POST", "/api/votes", "prof", { bookId: first, scores: all(4) })).status, 403);
    assertEquals((await call("POST", "/api/votes", "staff", { bookId: first, scores: all(4) })).status, 403);
  });
  await t.step("a student votes once; the second vote → 409", async () => {
    assertEquals(
      (await call("POST", "/api/votes", "student", { bookId: first, scores: all(4) })).status,
      201,
    );
    const again = await call("POST", "/api/votes", "student", { bookId: first, scores: all(1) });
    assertEquals([again.status, again.body.error.code], [409, "already_voted"]);
  });
  await t.step("staff with menu.table.votes read the averages; others → 403", async () => {
    const { status, body } = await call("GET", `/api/votes/results?bookId=${first}`, "staff");
    assertEquals(status, 200);
    assertEquals([body.groupId, body.count], [11, 1]);
    assert(body.averages.every((a: { average: number }) => a.average === 4));
    assertEquals((await call("GET", `/api/votes/results?bookId=${first}`, "student")).status, 403);
    assertEquals((await call("GET", `/api/votes/results?bookId=x`, "staff")).status, 422);
  });
});

Deno.test("/vote-form page", async (t) => {
  const post = async (form: Record<string, string>) => {
    const res = await app.request("/vote-form", {
      method: "POST",
      headers: { cookie: `session=${tokens.get("student")}`, origin: ORIGIN },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    return { status: res.status, location: res.headers.get("location"), html: await res.text() };
  };
  await t.step("the form: six blocks, radios 4 to 0 for each criterion", async () => {
    const res = await app.request("/vote-form", { headers: { cookie: `session=${tokens.get("student")}` } });
    const html = await res.text();
    assertEquals(res.status, 200);
    assertEquals((html.match(/<fieldset/g) ?? []).length, CRITERIA.length);
    assertEquals((html.match(/type="radio"/g) ?? []).length, CRITERIA.length * 5);
    assert(!html.includes(`value="${first}"`), "a course already evaluated is not offered again");
  });
  await t.step("unanswered criteria come back with errors and the answers kept", async () => {
    const answers = Object.fromEntries(Object.entries(all(3)).map(([k, v]) => [k, String(v)]));
    delete answers["overall.skills"];
    const res = await post({ bookId: String(second), ...answers });
    assertEquals(res.status, 422);
    assertStringIncludes(res.html, 'id="vote-overall-skills-error"');
    assertEquals((res.html.match(/checked/g) ?? []).length, CRITERIA.length - 1);
  });
  await t.step("a complete form is stored and redirects with thanks", async () => {
    const answers = Object.fromEntries(Object.entries(all(2)).map(([k, v]) => [k, String(v)]));
    const res = await post({ bookId: String(second), ...answers });
    assertEquals([res.status, res.location], [303, "/vote-form?done=1"]);
    const again = await post({ bookId: String(second), ...answers });
    assertEquals(again.status, 409);
  });
  await t.step("staff see the results view", async () => {
    const res = await app.request(`/vote-form?results=1&bookId=${second}`, {
      headers: { cookie: `session=${tokens.get("staff")}` },
    });
    const html = await res.text();
    assertStringIncludes(html, 'data-testid="vote-results"');
    assertStringIncludes(html, "2.00");
  });
});
