/**
 * The reports (issue 22) through the API: each report's numbers are the registry's, the lists', registration's
 * and finances' own for the same filter; the export holds exactly the preview's rows, as text where a value
 * would read as a formula; bad filters are 4xx in the one error shape; each report answers only to its key and
 * shows personal numbers only to holders of theirs.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "./assert.ts";
import { ACCOUNTS, type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { findUserByEmail, permissionsOf } from "../services/identity/users.ts";
import { REPORTS } from "../services/reports/catalogue.ts";
import { REPORT_IDS } from "../services/reports/model.ts";

const app = await seededApp();
const auth = new Map<DemoAccount, Record<string, string>>();
const keys = new Map<DemoAccount, ReadonlySet<string>>();
for (const account of ACCOUNTS) {
  auth.set(account, { authorization: `Bearer ${await tokenFor(account)}`, cookie: "lang=en" });
  keys.set(account, await permissionsOf((await findUserByEmail(DEMO_ACCOUNTS[account].email))!));
}
const admin = auth.get("admin")!;

type Row = Record<string, string | number | null>;
interface Preview {
  columns: { key: string; label: string }[];
  rows: Row[];
  total: number;
}

async function get(path: string, as = admin) {
  const res = await app.request(path, { headers: as });
  const body = (res.headers.get("content-type") ?? "").includes("json") ? await res.json() : null;
  if (body === null) await res.body?.cancel();
  return { status: res.status, body };
}

async function preview(path: string, as = admin): Promise<Preview> {
  const { status, body } = await get(path, as);
  assertEquals(status, 200, `${path}: ${JSON.stringify(body)}`);
  return body;
}

/** The sheet's rows under its header, each cell as the file holds it. */
async function exported(path: string, as = admin) {
  const res = await app.request(path, { headers: as });
  assertEquals(res.status, 200);
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null });
  return { header: rows[0], rows: rows.slice(1), sheet };
}

Deno.test("reports API", async (t) => {
  await t.step("the catalogue lists exactly the reports whose key the caller holds", async () => {
    for (const account of ACCOUNTS) {
      const { status, body } = await get("/api/reports", auth.get(account)!);
      const has = keys.get(account)!;
      if (!has.has("menu.reporting.reports")) {
        assertEquals(status, 403, account);
        continue;
      }
      const expected = REPORT_IDS.filter((id) => has.has(REPORTS[id].permission));
      assertEquals(body.data.map((r: { id: string }) => r.id), expected, account);
    }
    assertEquals((await get("/api/reports")).body.data.length, REPORT_IDS.length);
  });

  await t.step("every report has rows on the demo data", async () => {
    const lists = await preview("/api/reports/course_lists?limit=1000");
    const section = lists.rows.find((r) => (r.students as number) > 0)!.sectionId;
    for (const id of REPORT_IDS) {
      const query = id === "course_grades" || id === "rosters" ? `?sectionId=${section}` : "";
      assert((await preview(`/api/reports/${id}${query}`)).total > 0, `${id} has rows`);
    }
  });

  await t.step("enrolment: each program and year is the students list's total for that filter", async () => {
    const report = await preview("/api/reports/enrolment?limit=1000");
    const students = (await get("/api/students?limit=1")).body.total;
    assertEquals(report.rows.reduce((sum, r) => sum + (r.students as number), 0), students);
    const programs = (await get("/api/programs?limit=1000")).body;
    const programId = (code: string) =>
      (programs.data ?? programs).find((p: { code: string }) => code.startsWith(`${p.code} `)).id;
    for (const row of report.rows.slice(0, 4)) {
      const q = `programId=${programId(row.program as string)}&admissionYear=${row.admissionYear}`;
      assertEquals(row.students, (await get(`/api/students?${q}&limit=1`)).body.total, q);
      assertEquals(row.active, (await get(`/api/students?${q}&status=active&limit=1`)).body.total, q);
    }
    const year = report.rows[0].admissionYear as number;
    const since = await preview(`/api/reports/enrolment?yearFrom=${year}&yearTo=${year}&limit=1000`);
    assert(since.rows.every((r) => r.admissionYear === year));
    assertEquals(
      since.rows.reduce((sum, r) => sum + (r.students as number), 0),
      (await get(`/api/students?admissionYear=${year}&limit=1`)).body.total,
    );
  });

  await t.step("students by status: each status total is the students list's", async () => {
    const report = await preview("/api/reports/statuses?limit=1000");
    for (const status of ["active", "suspended", "graduated", "withdrawn"]) {
      const sum = report.rows.reduce((s, r) => s + (r[status] as number), 0);
      assertEquals(sum, (await get(`/api/students?status=${status}&limit=1`)).body.total, status);
    }
    const schoolId = (await get("/api/schools")).body;
    const first = (schoolId.data ?? schoolId)[0].id;
    const ofSchool = await preview(`/api/reports/statuses?schoolId=${first}&limit=1000`);
    assertEquals(
      ofSchool.rows.reduce((s, r) => s + (r.students as number), 0),
      (await get(`/api/students?schoolId=${first}&limit=1`)).body.total,
    );
  });

  await t.step(
    "graduates and withdrawals: one row per graduated or withdrawn student, in the period",
    async () => {
      const graduated = await preview("/api/reports/leavers?kind=graduated&limit=1");
      const withdrawn = await preview("/api/reports/leavers?kind=withdrawn&limit=1");
      assertEquals(graduated.total, (await get("/api/students?status=graduated&limit=1")).body.total);
      assertEquals(withdrawn.total, (await get("/api/students?status=withdrawn&limit=1")).body.total);
      const all = await preview("/api/reports/leavers?limit=1000");
      const dates = all.rows.map((r) => r.date as string).sort();
      const [from, to] = [dates[Math.floor(dates.length / 4)], dates[Math.floor((dates.length * 3) / 4)]];
      const period = await preview(`/api/reports/leavers?from=${from}&to=${to}&limit=1000`);
      assertEquals(period.total, dates.filter((d) => d >= from && d <= to).length);
      assert(period.rows.every((r) => (r.date as string) >= from && (r.date as string) <= to));
    },
  );

  await t.step("course lists and grades: the lists' own answers", async () => {
    const report = await preview("/api/reports/course_lists?limit=1000");
    const mine = (await get("/api/lists?limit=200")).body;
    assertEquals(report.total, mine.total);
    const section = report.rows.find((r) => (r.students as number) > 0)!;
    assertEquals(section.students, mine.data.find((r: Row) => r.sectionId === section.sectionId).students);
    const grades = await preview(`/api/reports/course_grades?sectionId=${section.sectionId}&limit=1000`);
    const sheet = (await get(`/api/lists/${section.sectionId}`)).body;
    assertEquals(
      grades.rows.map((r) => [r.studentId, r.total, r.grade]),
      sheet.students.map((s: Row) => [s.studentId, s.total, s.grade]),
    );
  });

  await t.step("rosters: registration's roster and waitlist", async () => {
    const lists = await preview("/api/reports/course_lists?limit=1000");
    const section = lists.rows.find((r) => (r.students as number) > 0)!.sectionId;
    const report = await preview(`/api/reports/rosters?sectionId=${section}&limit=1000`);
    const roster = (await get(`/api/registration_rosters/${section}`)).body;
    assertEquals(
      report.rows.map((r) => r.studentId),
      [...roster.enrolled, ...roster.waitlist].map((s: Row) => s.studentId),
    );
  });

  await t.step("debtors: the finance module's debtors report", async () => {
    const report = await preview("/api/reports/debtors?date=2026-11-20&limit=1000");
    const finance = (await get("/api/finance_reports?kind=debtors&date=2026-11-20")).body;
    assertEquals(report.total, finance.debtors.length);
    assertEquals(report.rows.map((r) => r.studentId), finance.debtors.map((d: Row) => d.studentId));
    assertEquals(
      report.rows.map((r) => Math.round((r.balance as number) * 100)),
      finance.debtors.map((d: Row) => d.balance),
    );
  });

  await t.step("the export holds exactly the preview's rows, every page of them", async () => {
    for (const path of ["leavers?kind=withdrawn", "enrolment?yearFrom=2020", "debtors", "statuses"]) {
      const [id, query = ""] = path.split("?");
      const pages: Row[] = [];
      let page = 1, shown: Preview;
      do {
        shown = await preview(`/api/reports/${id}?${query}&page=${page++}&limit=7`);
        pages.push(...shown.rows);
      } while (pages.length < shown.total);
      const file = await exported(`/api/reports/${id}/export?${query}`);
      assertEquals(file.header, shown.columns.map((c) => c.label), path);
      assertEquals(file.rows, pages.map((r) => shown.columns.map((c) => r[c.key] ?? null)), path);
    }
  });

  await t.step("a value that reads as a formula is exported as text", async () => {
    const withdrawn = (await get("/api/students?status=active&limit=1")).body.data[0].id;
    const reason = '=HYPERLINK("http://evil.test","click")';
    const change = await app.request(
      `/api/student_status/${withdrawn}`,
      jsonRequest("POST", { action: "withdraw", reason, date: "2026-11-20" }, admin),
    );
    assertEquals(change.status, 201, await change.text());
    const file = await exported("/api/reports/leavers/export?kind=withdrawn&from=2026-11-20&to=2026-11-20");
    const at = file.rows.findIndex((r) => r.includes(withdrawn));
    assert(at >= 0, "the new withdrawal is in the file");
    const column = file.header.indexOf("Reason");
    const cell = file.sheet[XLSX.utils.encode_cell({ r: at + 1, c: column })];
    assertEquals(cell.t, "s");
    assertEquals(cell.v, reason);
    assertEquals(cell.f, undefined);
    // The lists and counts kept between requests follow the write at once.
    assertEquals(
      (await preview("/api/reports/leavers?kind=withdrawn&limit=1")).total,
      (await get("/api/students?status=withdrawn&limit=1")).body.total,
    );
    const statuses = await preview("/api/reports/statuses?limit=1000");
    assertEquals(
      statuses.rows.reduce((sum, r) => sum + (r.withdrawn as number), 0),
      (await get("/api/students?status=withdrawn&limit=1")).body.total,
    );
  });

  await t.step("bad filters are 4xx with field errors, never 500", async () => {
    const bad: [string, number, string | null][] = [
      // Not a route at all: the API's 404 in the one error shape, as for any unknown path.
      ["/api/reports/nope", 404, null],
      ["/api/reports/nope/export", 404, null],
      ["/api/reports/enrolment?yearFrom=2025&yearTo=2020", 422, "yearTo"],
      ["/api/reports/leavers?from=2026-05-01&to=2026-01-01", 422, "to"],
      ["/api/reports/leavers?from=2026-02-30", 422, "from"],
      ["/api/reports/leavers?kind=expelled", 422, "kind"],
      ["/api/reports/statuses?admissionYear=99999", 422, "admissionYear"],
      ["/api/reports/debtors?page=0", 422, "page"],
      ["/api/reports/debtors?limit=100000", 422, "limit"],
      ["/api/reports/debtors?color=red", 422, "color"],
      ["/api/reports/rosters", 422, "sectionId"],
      ["/api/reports/course_grades?sectionId=abc", 422, "sectionId"],
      ["/api/reports/rosters?sectionId=999-1-1", 404, null],
      ["/api/reports/leavers/export?from=2026-05-01&to=2026-01-01", 422, "to"],
    ];
    for (const [path, status, field] of bad) {
      const { status: got, body } = await get(path);
      assertEquals(got, status, path);
      assert(typeof body.error.code === "string" && typeof body.error.message === "string", path);
      if (field) assert(body.error.fields?.[field], `${path} names ${field}: ${JSON.stringify(body)}`);
    }
  });

  await t.step("the pages parse the address with the same schema", async () => {
    const page = async (path: string, as = admin) => {
      const res = await app.request(path, { headers: as });
      return { status: res.status, html: await res.text() };
    };
    const shown = await page("/reports/leavers?kind=withdrawn");
    assertEquals(shown.status, 200);
    assert(shown.html.includes('value="withdrawn" selected'), "the filter is kept from the address");
    const total = (await preview("/api/reports/leavers?kind=withdrawn")).total;
    assert(shown.html.includes(`${total} rows`), "the page shows the API's total for the same link");
    const bad = await page("/reports/leavers?from=2026-05-01&to=2026-01-01");
    assert(bad.html.includes("The end comes before the start"));
    assert((await page("/reports/course_grades")).html.includes("Choose a course list"));
    assertEquals((await page("/reports/nope")).status, 404);
    assertEquals((await page("/reports/debtors", auth.get("prof")!)).status, 403);
  });

  await t.step("each report answers only to its key; rows only as far as the caller may see", async () => {
    for (const account of ACCOUNTS) {
      for (const id of ["enrolment", "debtors", "course_lists"] as const) {
        const { status } = await get(`/api/reports/${id}`, auth.get(account)!);
        assertEquals(status, keys.get(account)!.has(REPORTS[id].permission) ? 200 : 403, `${account} ${id}`);
      }
    }
    // The professor's course lists are their own sections; another professor's list is refused.
    const prof = auth.get("prof")!;
    const own = await preview("/api/reports/course_lists?limit=1000", prof);
    const every = await preview("/api/reports/course_lists?limit=1000");
    assert(own.total > 0 && own.total < every.total, "the professor sees their own sections only");
    const others = every.rows.find((r) => !own.rows.some((o) => o.sectionId === r.sectionId))!;
    assertEquals((await get(`/api/reports/course_grades?sectionId=${others.sectionId}`, prof)).status, 403);
    const mine = await preview(`/api/reports/course_grades?sectionId=${own.rows[0].sectionId}`, prof);
    assert(!mine.columns.some((c) => c.key === "personalNumber"), "no personal numbers without the key");
    assert(mine.rows.every((r) => !("personalNumber" in r)));
    const asAdmin = await preview(`/api/reports/course_grades?sectionId=${own.rows[0].sectionId}`);
    assert(asAdmin.columns.some((c) => c.key === "personalNumber"), "the administrator sees them");
  });
});
