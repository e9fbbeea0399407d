/**
 * Academic registration through HTTP (issue 19): the student's sections with eligibility, clash and seats; a
 * registration refused with every failed check named in the request's language; waitlisting and promotion on
 * a drop; the registrar's roster, export, holds, overrides and windows; bad input answered 4xx in the error shape.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { db } from "../services/db/kv.ts";
import { listAudit } from "../services/db/reads.ts";
import type { BookConditions } from "../services/books/conditions.ts";
import { listGroups } from "../services/academic/semesters.ts";
import { addTranscriptEntry } from "../services/students/transcripts.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "limited"] as const) tokens.set(account, await tokenFor(account));

async function call(account: DemoAccount, method: string, path: string, body?: unknown, lang = "en") {
  const res = await app.request(
    path,
    jsonRequest(method, body, { authorization: `Bearer ${tokens.get(account)}`, cookie: `lang=${lang}` }),
  );
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    body: type.includes("json") ? await res.json() : new Uint8Array(await res.arrayBuffer()),
  };
}

interface Offer {
  id: string;
  course: { id: number; name: string; credits: number };
  seatsLeft: number;
  capacity: number;
  enrolled: number;
  waitlisted: number;
  clash: string[];
  eligibility: { eligible: boolean; rules: { status: string; reason: string }[] };
  refusals: { check: string; message: string }[];
  mine: { id: string; status: string; position: number | null } | null;
}

const offers = async (lang = "en") =>
  (await call("student", "GET", "/api/registration_offerings?limit=200", undefined, lang)).body
    .data as Offer[];

Deno.test("academic registration API", async (t) => {
  await t.step("the OpenAPI document names every operation of the issue", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const ids = new Set(
      Object.values(doc.paths).flatMap((p) => Object.values(p as object).map((o) => o.operationId)),
    );
    for (
      const id of [
        "registrationWindowList",
        "registrationWindowSet",
        "offeringList",
        "offeringEdit",
        "registrationMine",
        "registrationAdd",
        "registrationDrop",
        "registrationRoster",
        "registrationRosterExport",
        "holdList",
        "holdAdd",
        "holdRemove",
      ]
    ) assert(ids.has(id), id);
  });

  const all = await offers();
  const held = all.find((o) => o.mine?.status === "enrolled")!;
  const full = all.find((o) => !o.mine && o.seatsLeft === 0 && o.waitlisted > 0)!;
  const clash = all.find((o) => o.clash.length > 0 && o.refusals.length === 1)!;
  const failing = all.find((o) => o.refusals.some((r) => r.check === "eligibility"))!;
  const open = all.filter((o) => !o.mine && o.refusals.length === 0 && o.seatsLeft > 0 && o !== full);

  await t.step("the student sees seats, eligibility per rule, clashes and what they hold", async () => {
    assert(held && full && clash && failing && open.length > 0);
    assert(failing.eligibility.rules.some((r) => r.status === "fail" && r.reason.length > 0));
    const mine = (await call("student", "GET", "/api/registrations/mine")).body;
    assertEquals(mine.registrations.map((r: { sectionId: string }) => r.sectionId), [held.id]);
    assertEquals(mine.credits, held.course.credits);
    assertEquals(mine.creditLimit, 30);
  });

  await t.step(
    "a refusal names every failed check, in the request's language, and writes nothing",
    async () => {
      const en = await call("student", "POST", "/api/registrations", { sectionId: clash.id });
      assertEquals([en.status, en.body.error.code], [422, "registration_refused"]);
      assertStringIncludes(en.body.error.fields.clash, "clash");
      const ka = await call("student", "POST", "/api/registrations", { sectionId: failing.id }, "ka");
      assertEquals(ka.status, 422);
      assertStringIncludes(ka.body.error.fields.eligibility, "წინაპირობები");
      assertEquals((await offers()).find((o) => o.id === clash.id)!.enrolled, clash.enrolled);
    },
  );

  await t.step("what the student sees follows a new hold and a new grade at the next request", async () => {
    // The page keeps a student's holds and transcript between requests while their version keys stay put.
    const refusalsOf = async (id: string) =>
      (await offers()).find((o) => o.id === id)!.refusals.map((r) => r.check);
    assertEquals(await refusalsOf(open[2].id), []);
    const hold = await call("staff", "POST", "/api/holds", {
      studentId: 1,
      kind: "academic",
      reason: "Thesis",
    });
    assertEquals(await refusalsOf(open[2].id), ["hold"]);
    assertEquals((await call("staff", "DELETE", `/api/holds/1/${hold.body.id}`)).status, 204);
    assertEquals(await refusalsOf(open[2].id), []);

    assert((await refusalsOf(failing.id)).includes("eligibility"));
    const conditions = (await db().get<BookConditions>(["book_conditions", failing.course.id])).value!;
    const [past] = await listGroups();
    for (const bookId of conditions.groups.flatMap((g) => g.conditions.map((c) => c.bookId))) {
      await addTranscriptEntry({ studentId: 1, bookId, groupId: past.id, points: 95 }, null);
    }
    assert(!(await refusalsOf(failing.id)).includes("eligibility"));
  });

  await t.step("registers, refuses a duplicate, waitlists on a full section", async () => {
    const ok = await call("student", "POST", "/api/registrations", { sectionId: open[0].id });
    assertEquals([ok.status, ok.body.status], [201, "enrolled"]);
    assertEquals(
      (await call("student", "POST", "/api/registrations", { sectionId: open[0].id })).status,
      409,
    );
    const wait = await call("student", "POST", "/api/registrations", { sectionId: full.id });
    assertEquals([wait.status, wait.body.status, wait.body.position], [
      201,
      "waitlisted",
      full.waitlisted + 1,
    ]);
  });

  await t.step("bad input: someone else, unknown or malformed section, unknown registration", async () => {
    const other = await call("student", "POST", "/api/registrations", {
      sectionId: open[1].id,
      studentId: 2,
    });
    assertEquals([other.status, other.body.error.code], [403, "forbidden"]);
    assertEquals((await call("student", "POST", "/api/registrations", { sectionId: "99-1-1" })).status, 404);
    assertEquals((await call("student", "POST", "/api/registrations", { sectionId: "x" })).status, 422);
    assertEquals(
      (await call("student", "POST", "/api/registrations", { sectionId: open[1].id, extra: 1 })).status,
      422,
    );
    assertEquals((await call("student", "POST", `/api/registrations/2-${full.id}/drop`, {})).status, 403);
    assertEquals((await call("student", "POST", "/api/registrations/1-99-1-1/drop", {})).status, 404);
    assertEquals((await call("limited", "GET", "/api/registration_offerings")).status, 403);
    assertEquals((await call("student", "GET", `/api/registration_rosters/${full.id}`)).status, 403);
  });

  await t.step("a drop frees the seat for the first waitlisted student", async () => {
    const roster = (await call("staff", "GET", `/api/registration_rosters/${full.id}`)).body;
    const first = roster.waitlist[0];
    const leaving = roster.enrolled[0];
    const dropped = await call("staff", "POST", `/api/registrations/${leaving.registrationId}/drop`, {});
    assertEquals([dropped.status, dropped.body.promoted?.studentId], [200, first.studentId]);
    const after = (await call("staff", "GET", `/api/registration_rosters/${full.id}`)).body;
    assertEquals(after.enrolled.length, roster.enrolled.length);
    assert(after.enrolled.some((s: { studentId: number }) => s.studentId === first.studentId));
    assertEquals(after.waitlist.length, roster.waitlist.length - 1);
  });

  await t.step("the roster exports to .xlsx with headers in the request's language", async () => {
    const res = await call("staff", "GET", `/api/registration_rosters/${full.id}/export`, undefined, "ka");
    assertEquals(res.status, 200);
    const sheet = XLSX.read(res.body as Uint8Array, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    assertEquals(rows[0][0], "სტუდენტის ID");
    assert(rows.length > 3);
  });

  await t.step(
    "a hold blocks registration with its reason; staff override needs a reason and is audited",
    async () => {
      const hold = await call("staff", "POST", "/api/holds", {
        studentId: 1,
        kind: "finance",
        reason: "Unpaid fee",
      });
      assertEquals(hold.status, 201);
      const refused = await call("student", "POST", "/api/registrations", { sectionId: open[1].id });
      assertEquals(refused.status, 422);
      assertStringIncludes(refused.body.error.fields.hold, "Unpaid fee");
      const mine = (await call("student", "GET", "/api/registrations/mine")).body;
      assertEquals(mine.holds[0].reason, "Unpaid fee");
      const noReason = await call("staff", "POST", "/api/registrations", {
        sectionId: open[1].id,
        studentId: 1,
        override: true,
      });
      assertEquals([noReason.status, Object.keys(noReason.body.error.fields)], [422, ["reason"]]);
      const overridden = await call("staff", "POST", "/api/registrations", {
        sectionId: open[1].id,
        studentId: 1,
        override: true,
        reason: "Paid at the desk",
      });
      assertEquals([overridden.status, overridden.body.overridden], [201, ["hold"]]);
      const audit = await listAudit("registrations", overridden.body.registration.id);
      assertEquals(
        (audit.items[0] as unknown as { override: { reason: string } }).override.reason,
        "Paid at the desk",
      );
      assertEquals((await call("staff", "DELETE", `/api/holds/1/${hold.body.id}`)).status, 204);
      assertEquals((await call("staff", "GET", "/api/holds?studentId=1")).body.data, []);
    },
  );

  await t.step("windows: listed, validated, and a drop after the deadline is refused", async () => {
    const list = (await call("student", "GET", "/api/registration_windows")).body.data;
    const current = list.find((w: { window: unknown }) => w.window);
    assertEquals(
      (await call("student", "PUT", `/api/registration_windows/${current.groupId}`, current.window)).status,
      403,
    );
    const { groupId: _, ...window } = current.window;
    const bad = await call("staff", "PUT", `/api/registration_windows/${current.groupId}`, {
      ...window,
      closes: "2026-01-01",
    });
    assertEquals([bad.status, Object.keys(bad.body.error.fields)], [422, ["closes"]]);
    const late = { ...window, dropDeadline: window.opens };
    assertEquals(
      (await call("staff", "PUT", `/api/registration_windows/${current.groupId}`, late)).status,
      200,
    );
    const drop = await call("student", "POST", `/api/registrations/1-${open[0].id}/drop`, {});
    assertEquals([drop.status, Object.keys(drop.body.error.fields)], [422, ["dropDeadline"]]);
    assertEquals(
      (await call("staff", "PUT", `/api/registration_windows/${current.groupId}`, window)).status,
      200,
    );
    assertEquals((await call("student", "POST", `/api/registrations/1-${open[0].id}/drop`, {})).status, 200);
  });

  await t.step("offeringEdit closes a section and sets its capacity", async () => {
    const edit = await call("staff", "PUT", `/api/registration_offerings/${open[2].id}`, {
      capacity: 5,
      closed: true,
    });
    assertEquals([edit.status, edit.body], [200, { capacity: 5, closed: true }]);
    const after = (await offers()).find((o) => o.id === open[2].id)!;
    assertEquals(after.capacity, 5);
    assert(after.refusals.some((r) => r.check === "closed"));
    assertEquals(
      (await call("staff", "PUT", `/api/registration_offerings/${open[2].id}`, {
        capacity: -1,
        closed: false,
      })).status,
      422,
    );
  });

  await t.step(
    "the page's section cells, kept once rendered, follow the language and a renamed course",
    async () => {
      // The sections' table alone: the student's own registrations above it name their courses too.
      const page = async (lang: string) => {
        const html = await (await app.request("/registration", {
          headers: { cookie: `session=${tokens.get("student")}; lang=${lang}` },
        })).text();
        return html.slice(html.indexOf('id="registration-sections"'), html.indexOf("</table>"));
      };
      const [ka, en] = [(await offers("ka"))[0], (await offers("en"))[0]];
      for (let i = 0; i < 2; i++) {
        assertStringIncludes(await page("en"), `>${en.course.name}<`);
        assertStringIncludes(await page("ka"), `>${ka.course.name}<`);
      }
      const renamed = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
      const book = (await call("staff", "GET", `/api/books/${en.course.id}`)).body;
      const { id: _, ...form } = book;
      const edit = await call("staff", "PUT", `/api/books/${en.course.id}`, { ...form, nameEng: renamed });
      assertEquals(edit.status, 200, JSON.stringify(edit.body));
      assertStringIncludes(await page("en"), `>${renamed}<`);
      const { id: __, ...saved } = edit.body;
      const back = await call("staff", "PUT", `/api/books/${en.course.id}`, {
        ...saved,
        nameEng: form.nameEng,
      });
      assertEquals(back.status, 200, JSON.stringify(back.body));
    },
  );

  await t.step("the student's timetable shows exactly their enrolled sections", async () => {
    const res = await app.request("/tables?group=" + held.id.split("-")[0], {
      headers: { cookie: `session=${tokens.get("student")}; lang=en` },
    });
    const html = await res.text();
    assertStringIncludes(html, held.course.name);
    assert(!html.includes(clash.course.name) || clash.course.name === held.course.name);
  });
  void db;
});
