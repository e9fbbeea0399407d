/**
 * Analytics through HTTP (issue 22): the dashboard's counts match what the registry's own API counts, a grade
 * published in a transcript moves the distribution at once (aggregates kept on write, not rescanned), students by
 * citizenship with the students behind each count, citizenship hidden without `menu.personalInfo.view.country`,
 * and bad filters answered 422 with the field named.
 */
import { assert, assertEquals } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { addTranscriptEntry } from "../services/students/transcripts.ts";
import { createRole } from "../services/identity/roles.ts";
import { createUser } from "../services/identity/users.ts";
import { createSession } from "../services/identity/sessions.ts";
import { listGroups } from "../services/academic/semesters.ts";
import { appendEntry } from "../services/finances/ledger.ts";

const app = await seededApp();
const tokens = new Map<string, string>();
for (const account of ["admin", "staff", "limited"] as const) tokens.set(account, await tokenFor(account));

async function call(who: DemoAccount | string, path: string, lang = "en") {
  const token = tokens.get(who) ?? who;
  const res = await app.request(
    path,
    jsonRequest("GET", undefined, { authorization: `Bearer ${token}`, cookie: `lang=${lang}` }),
  );
  return { status: res.status, body: await res.json() };
}

const registryTotal = async (query: string) =>
  (await call("admin", `/api/students?limit=1&${query}`)).body.total as number;

Deno.test("analytics: the dashboard counts what the registry counts", async (t) => {
  const { status, body: d } = await call("admin", "/api/analytics/dashboard");
  assertEquals(status, 200);

  await t.step("students in all and by status, school and admission year", async () => {
    assertEquals(d.students.total, await registryTotal(""));
    assert(d.students.total > 100, "the demo's students are counted");
    for (const row of d.students.byStatus) {
      assertEquals(row.count, await registryTotal(`status=${row.key}`), row.key);
    }
    for (const row of d.students.bySchool) {
      assertEquals(row.count, await registryTotal(`schoolId=${row.key}`), row.label);
    }
    for (const row of d.students.byAdmissionYear) {
      assertEquals(row.count, await registryTotal(`admissionYear=${row.key}`), row.key);
    }
    for (const row of d.students.byProgram.slice(0, 4)) {
      assertEquals(row.count, await registryTotal(`programId=${row.key}`), row.label);
    }
    const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
    assertEquals(sum(d.students.byProgram), d.students.total);
    assertEquals(sum(d.students.byLevel), d.students.total);
  });

  await t.step("the GPA bands hold every student the registry shows a GPA for", async () => {
    const list = (await call("admin", "/api/students?limit=1000")).body.data as { gpa: number | null }[];
    const withGpa = list.filter((s) => s.gpa !== null).length;
    assertEquals(d.students.gpa.overall.reduce((a: number, b: number) => a + b, 0), withGpa);
    assertEquals(d.students.gpa.withoutGpa, list.length - withGpa);
  });

  await t.step("grades counted per school add up to the whole", () => {
    const overall = d.students.grades.overall as number[];
    assert(overall.reduce((a, b) => a + b, 0) > 0, "the demo's transcripts are counted");
    const bySchool = d.students.grades.bySchool.map((r: { counts: number[] }) => r.counts);
    assertEquals(overall, overall.map((_, i) => bySchool.reduce((n: number, c: number[]) => n + c[i], 0)));
    assertEquals(d.students.gradesUncounted, 0);
  });

  await t.step("the fill rates count the enrolments the offerings show", async () => {
    const reg = d.registration;
    assert(reg && reg.sections > 0, "the current semester has sections");
    const offers = (await call("admin", `/api/registration_offerings?groupId=${reg.groupId}&limit=200`)).body;
    const rows = offers.data as { enrolled: number; capacity: number }[];
    assertEquals(offers.total, rows.length, "one page holds the demo's sections");
    const seated = rows.filter((r) => r.capacity > 0);
    assertEquals(reg.enrolled, seated.reduce((n, r) => n + r.enrolled, 0));
    assertEquals(reg.capacity, seated.reduce((n, r) => n + r.capacity, 0));
    assert(reg.fullest[0].rate >= reg.emptiest[0].rate);
  });

  await t.step("a published grade moves the distribution at once", async () => {
    const groups = await listGroups();
    const before = (await call("admin", "/api/analytics/dashboard")).body.students.grades.overall as number[];
    await addTranscriptEntry({ studentId: 2, bookId: 1, groupId: groups.at(-1)!.value.id, points: 95 }, null);
    const after = (await call("admin", "/api/analytics/dashboard")).body.students.grades.overall as number[];
    assertEquals(after[0], before[0] + 1, "one more A");
    assertEquals(after.slice(1), before.slice(1));
  });

  await t.step("money per month nets to what the ledger's period report nets", async () => {
    const year = (await call("admin", "/api/analytics/dashboard?from=2026-01&to=2026-12")).body.money as {
      charged: number;
      credited: number;
    }[];
    assertEquals(year.length, 12);
    const report =
      (await call("admin", "/api/finance_reports?kind=period&from=2026-01-01&to=2026-12-31")).body;
    assert(year.some((m) => m.charged > 0), "the demo's charges are counted");
    assertEquals(year.reduce((n, m) => n + m.charged - m.credited, 0), report.total.net);
  });

  await t.step("a payment moves its month at once", async () => {
    const month = async () =>
      (await call("admin", "/api/analytics/dashboard?from=2026-10&to=2026-10")).body.money[0]
        .credited as number;
    const before = await month();
    await appendEntry({
      studentId: 3,
      kind: "payment",
      amount: 12_345,
      date: "2026-10-15",
      source: { type: "manual", id: "analytics-test" },
    }, null);
    assertEquals(await month(), before + 12_345);
  });

  await t.step("labels follow the language", async () => {
    const ka = (await call("admin", "/api/analytics/dashboard", "ka")).body;
    assertEquals(ka.students.byStatus[0].label, "აქტიური");
  });
});

Deno.test("analytics: bad filters are 422 with the field named, never 500", async (t) => {
  const cases: [string, string][] = [
    ["from=2026-06&to=2026-01", "to"],
    ["from=2020-01&to=2026-01", "to"],
    ["to=2026-13", "to"],
    ["from=yesterday", "from"],
    ["schoolId=999999", "schoolId"],
    ["groupId=999999", "groupId"],
    ["status=expelled", "status"],
    ["tab=nothing", "tab"],
  ];
  for (const [query, field] of cases) {
    await t.step(query, async () => {
      const { status, body } = await call("admin", `/api/analytics/dashboard?${query}`);
      assertEquals(status, 422);
      assert(field in (body.error.fields ?? {}), `${field} in ${JSON.stringify(body.error)}`);
    });
  }
  await t.step("the page shows the refusal beside the unfiltered figures", async () => {
    const res = await app.request("/analytics/dashboard?from=2026-06&to=2026-01", {
      headers: { authorization: `Bearer ${tokens.get("admin")}`, cookie: "lang=en", accept: "text/html" },
    });
    assertEquals(res.status, 422);
    const html = await res.text();
    assert(html.includes("The period must not end before it starts"));
  });
  await t.step("an unknown tab is not found", async () => {
    const res = await app.request("/analytics/nothing", {
      headers: { authorization: `Bearer ${tokens.get("admin")}`, accept: "text/html" },
    });
    assertEquals(res.status, 404);
    await res.body?.cancel();
  });
});

Deno.test("analytics: students by citizenship, and who is behind each count", async (t) => {
  const { status, body } = await call("admin", "/api/analytics/citizenships");
  assertEquals(status, 200);
  const rows = body.rows as { code: string; count: number }[];

  await t.step("every student counted once; a minority is foreign", async () => {
    assertEquals(body.total, await registryTotal(""));
    assertEquals(rows.reduce((n, r) => n + r.count, 0), body.total);
    assert(body.foreign > 0 && body.foreign < body.total / 4, `${body.foreign} of ${body.total}`);
    assertEquals(rows.find((r) => r.code === "GE")!.count, body.total - body.foreign);
  });

  await t.step("the list behind a count holds exactly those students, a page at a time", async () => {
    const row = rows.find((r) => r.code !== "GE")!;
    const first =
      (await call("admin", `/api/analytics/citizenships/students?citizenship=${row.code}&limit=2`)).body;
    assertEquals(first.total, row.count);
    assert(first.data.every((s: { citizenship: string }) => s.citizenship === row.code));
    const all = (await call("admin", "/api/analytics/citizenships/students?limit=1000")).body;
    assertEquals(all.total, body.foreign);
    const one = (await call("admin", `/api/students/${all.data[0].id}`)).body;
    assertEquals(one.student.citizenship, all.data[0].citizenship, "the registry says the same");
  });

  await t.step("bad input is 422", async () => {
    for (const q of ["citizenship=georgia", "limit=0", "page=-1", "status=x"]) {
      assertEquals((await call("admin", `/api/analytics/citizenships/students?${q}`)).status, 422, q);
    }
  });
});

Deno.test("analytics: citizenship is personal data", async (t) => {
  // Analytics and the registry, but none of the personal-data keys.
  const role = await createRole(
    "Analyst",
    ["menu.reporting.analytics", "menu.reporting.analytics.dashboard", "menu.students"],
    null,
  );
  const user = await createUser({
    email: "analyst@uni.test",
    passwordHash: "x",
    guard: "custom",
    chatType: "user",
    name: "ანალიტიკოსი",
    nameEn: "Analyst",
    image: null,
    hrUserId: null,
    studentId: null,
    roleIds: [role.id],
    linkedAccountIds: [],
    disabled: false,
  }, null);
  const { token: analyst } = await createSession({
    userId: user.id,
    guard: "custom",
    ttlSeconds: 600,
    ip: "127.0.0.1",
    userAgent: "test",
  });

  await t.step(
    "without menu.personalInfo.view.country: no citizenship tab, no citizenship in records",
    async () => {
      assertEquals((await call(analyst, "/api/analytics/citizenships")).status, 403);
      assertEquals((await call(analyst, "/api/analytics/citizenships/students")).status, 403);
      assertEquals(
        (await call(analyst, "/api/analytics/dashboard")).status,
        200,
        "the dashboard holds no personal data",
      );
      const student = (await call(analyst, "/api/students/3")).body.student;
      assert(!("citizenship" in student), "absent, not blank");
      const page = await app.request("/analytics/foreign-students", {
        headers: { authorization: `Bearer ${analyst}`, accept: "text/html" },
      });
      assertEquals(page.status, 403);
      await page.body?.cancel();
    },
  );

  await t.step("with it: the record says where the student is from", async () => {
    assertEquals((await call("staff", "/api/students/3")).body.student.citizenship.length, 2);
  });
});
