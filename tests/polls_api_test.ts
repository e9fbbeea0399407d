/**
 * Polls through HTTP (issue 26): staff build a poll for a program and open it; the student of that program is
 * alerted, answers once (or edits when allowed), and staff read the results and export them; bad input is a
 * 4xx with field errors in the request's language, and nothing is stored.
 */
import * as XLSX from "@e965/xlsx";
import { assert, assertEquals } from "./assert.ts";
import { type DemoAccount, jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { getStudent } from "../services/students/mod.ts";
import { listPolls } from "../services/polls/store.ts";
import { pollTemplate } from "../services/polls/templates.ts";

const app = await seededApp();
const tokens = new Map<DemoAccount, string>();
for (const account of ["staff", "student", "prof", "limited"] as const) {
  tokens.set(account, await tokenFor(account));
}

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

const studentUser = (await findUserByEmail(DEMO_ACCOUNTS.student.email))!;
const programId = (await getStudent(studentUser.studentId!))!.value.programId;
const DAY = 86_400_000;

const pollInput = (extra: Record<string, unknown> = {}) => ({
  title: "კურსის შეფასება",
  titleEn: "Course feedback",
  questions: [
    { kind: "scale", text: "შეფასება", textEn: "Rating", required: true },
    {
      kind: "single",
      text: "ფორმატი",
      textEn: "Format",
      required: true,
      options: [{ text: "ლექცია", textEn: "Lecture" }, { text: "სემინარი", textEn: "Seminar" }],
    },
    {
      kind: "multiple",
      text: "რესურსები",
      textEn: "Resources",
      options: [{ text: "წიგნი", textEn: "Book" }, { text: "ვიდეო", textEn: "Video" }, {
        text: "სლაიდი",
        textEn: "Slides",
      }],
    },
    { kind: "text", text: "კომენტარი", textEn: "Comment" },
  ],
  audience: { programIds: [programId] },
  opensAt: new Date(Date.now() - DAY).toISOString(),
  closesAt: new Date(Date.now() + 7 * DAY).toISOString(),
  ...extra,
});

Deno.test("polls API", async (t) => {
  let pollId = 0;
  let versionstamp = "";

  await t.step("the OpenAPI document names every poll operation of API.md", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const ids = new Set(
      Object.values(doc.paths).flatMap((p) => Object.values(p as object).map((o) => o.operationId)),
    );
    for (const id of ["pollList", "pollGet", "pollAdd", "pollEdit", "pollOpen", "pollClose", "pollMine"]) {
      assert(ids.has(id), id);
    }
    for (const id of ["pollAnswer", "pollResults", "pollExport"]) assert(ids.has(id), id);
  });

  await t.step("bad polls are refused with every problem named, in the request's language", async () => {
    const before = (await listPolls()).length;
    const empty = await call("staff", "POST", "/api/polls", pollInput({ questions: [], audience: {} }));
    assertEquals(empty.status, 422);
    assertEquals(empty.body.error.fields.questions, "Add at least one question");
    assertEquals(empty.body.error.fields.audience, "Choose who answers the poll");
    const noOptions = await call(
      "staff",
      "POST",
      "/api/polls",
      pollInput({ questions: [{ kind: "single", text: "ა", textEn: "a", options: [] }] }),
      "ka",
    );
    assertEquals(noOptions.status, 422);
    assertEquals(
      noOptions.body.error.fields["questions.0.options"],
      "არჩევით კითხვას სჭირდება მინიმუმ ორი ვარიანტი",
    );
    const backwards = await call(
      "staff",
      "POST",
      "/api/polls",
      pollInput({
        opensAt: new Date(Date.now() + DAY).toISOString(),
        closesAt: new Date(Date.now()).toISOString(),
      }),
    );
    assertEquals(backwards.body.error.fields.closesAt, "The poll must close after it opens");
    const anonymousEditable = await call(
      "staff",
      "POST",
      "/api/polls",
      pollInput({ anonymous: true, editable: true }),
    );
    assertEquals(anonymousEditable.status, 422);
    assertEquals((await listPolls()).length, before, "nothing stored");
  });

  await t.step("without the polls key: 403", async () => {
    assertEquals((await call("student", "POST", "/api/polls", pollInput())).status, 403);
    assertEquals((await call("limited", "GET", "/api/polls")).status, 403);
  });

  await t.step("staff create a draft for the student's program and count its audience", async () => {
    const preview = await call("staff", "POST", "/api/polls/audience", { programIds: [programId] });
    assertEquals(preview.status, 200);
    assert(preview.body.students >= 1);
    assert(preview.body.people >= 1);
    const created = await call("staff", "POST", "/api/polls", pollInput({ editable: true }));
    assertEquals(created.status, 201);
    assertEquals(created.body.poll.status, "draft");
    assertEquals(created.body.poll.questions.map((q: { id: string }) => q.id), ["q1", "q2", "q3", "q4"]);
    pollId = created.body.poll.id;
    versionstamp = created.body.versionstamp;
  });

  await t.step("a draft is not answerable and raises no alert", async () => {
    const alert = await call("student", "GET", "/api/shell/polls/waiting");
    assert(!alert.body.data.some((p: { link: string }) => p.link === `/poll-response?poll=${pollId}`));
    assertEquals(
      (await call("student", "PUT", `/api/polls/${pollId}/response`, { answers: {} })).status,
      404,
    );
  });

  await t.step("opening with a stale versionstamp is 409; with the shown one it opens", async () => {
    const stale = await call("staff", "POST", `/api/polls/${pollId}/open`, { versionstamp: "0".repeat(20) });
    assertEquals(stale.status, 409);
    const opened = await call("staff", "POST", `/api/polls/${pollId}/open`, { versionstamp });
    assertEquals(opened.status, 200);
    assertEquals(opened.body.poll.status, "open");
    assert(opened.body.poll.audienceSize >= 1);
    const edit = await call("staff", "PUT", `/api/polls/${pollId}`, pollInput());
    assertEquals(edit.status, 409, "an opened poll's questions are fixed");
  });

  await t.step("the student of the program gets the alert; the professor does not", async () => {
    const alert = await call("student", "GET", "/api/shell/polls/waiting");
    const mine = alert.body.data.find((p: { link: string }) => p.link === `/poll-response?poll=${pollId}`);
    assertEquals(mine?.title, "Course feedback");
    const prof = await call("prof", "GET", "/api/shell/polls/waiting");
    assert(!prof.body.data.some((p: { link: string }) => p.link === `/poll-response?poll=${pollId}`));
    const refused = await call("prof", "PUT", `/api/polls/${pollId}/response`, { answers: { q1: 3, q2: 0 } });
    assertEquals(refused.status, 403);
    assertEquals(refused.body.error.code, "not_in_audience");
  });

  await t.step("bad answers are refused, naming each question", async () => {
    const bad = await call("student", "PUT", `/api/polls/${pollId}/response`, {
      answers: { q1: 9, q3: [7], q9: "x" },
    });
    assertEquals(bad.status, 422);
    assertEquals(bad.body.error.fields["answers.q1"], "Choose a point from 1 to 5");
    assertEquals(bad.body.error.fields["answers.q2"], "This question requires an answer");
    assertEquals(bad.body.error.fields["answers.q3"], "Choose one of the given choices");
    assertEquals(bad.body.error.fields["answers.q9"], "This poll has no such question");
    const results = await call("staff", "GET", `/api/polls/${pollId}/results`);
    assertEquals(results.body.responses, 0, "nothing counted");
  });

  await t.step("the student answers; the alert is gone; an edit replaces the counts", async () => {
    const answered = await call("student", "PUT", `/api/polls/${pollId}/response`, {
      answers: { q1: 4, q2: 1, q3: [0, 2], q4: "More labs" },
    });
    assertEquals(answered.status, 200);
    assertEquals(answered.body.edited, false);
    const alert = await call("student", "GET", "/api/shell/polls/waiting");
    assert(!alert.body.data.some((p: { link: string }) => p.link === `/poll-response?poll=${pollId}`));
    const edited = await call("student", "PUT", `/api/polls/${pollId}/response`, {
      answers: { q1: 5, q2: 1, q3: [2], q4: "More labs, please" },
    });
    assertEquals(edited.body.edited, true);
    const mine = await call("student", "GET", `/api/polls/${pollId}/response`);
    assertEquals(mine.body.answers.q1, 5);
  });

  await t.step("staff see per-question results and free-text answers", async () => {
    const results = await call("staff", "GET", `/api/polls/${pollId}/results`);
    assertEquals(results.status, 200);
    assertEquals(results.body.responses, 1);
    const [scale, single, multiple, text] = results.body.questions;
    assertEquals(scale.counts.map((c: { count: number }) => c.count), [0, 0, 0, 0, 1]);
    assertEquals(scale.mean, 5);
    assertEquals(single.counts, [{ label: "Lecture", count: 0 }, { label: "Seminar", count: 1 }]);
    assertEquals(multiple.counts.map((c: { count: number }) => c.count), [0, 0, 1]);
    assertEquals(text.texts, ["More labs, please"]);
    const ka = await call("staff", "GET", `/api/polls/${pollId}/results`, undefined, "ka");
    assertEquals(ka.body.questions[1].counts[1].label, "სემინარი");
  });

  await t.step("the export holds every response with the person's name", async () => {
    const res = await call("staff", "GET", `/api/polls/${pollId}/export`);
    assertEquals(res.status, 200);
    const book = XLSX.read(res.body as Uint8Array, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    assertEquals(rows[0].slice(2), ["Rating", "Format", "Resources", "Comment"]);
    assertEquals(rows.length, 2);
    assertEquals(rows[1].slice(2), [5, "Seminar", "Slides", "More labs, please"]);
  });

  await t.step("once closed, no answer is taken, and the student's calendar drops its deadline", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const calendarLists = async () =>
      (await call("student", "GET", `/api/calendar/mine?from=${day(-1)}&to=${day(9)}`)).body.data
        .some((item: { href?: string }) => item.href === `/poll-response?poll=${pollId}`);
    assert(await calendarLists(), "an open poll's closing is on the calendar");
    const poll = await call("staff", "GET", `/api/polls/${pollId}`);
    const closed = await call("staff", "POST", `/api/polls/${pollId}/close`, {
      versionstamp: poll.body.versionstamp,
    });
    assertEquals(closed.status, 200);
    const late = await call("student", "PUT", `/api/polls/${pollId}/response`, { answers: { q1: 1, q2: 0 } });
    assertEquals(late.status, 409);
    assert(!await calendarLists(), "a closed poll takes no answers: its closing leaves the calendar");
  });

  await t.step("a poll answered once refuses a second answer", async () => {
    const created = await call("staff", "POST", "/api/polls", pollInput());
    const id = created.body.poll.id;
    await call("staff", "POST", `/api/polls/${id}/open`, { versionstamp: created.body.versionstamp });
    const answers = { answers: { q1: 2, q2: 0 } };
    const [a, b] = await Promise.all([
      call("student", "PUT", `/api/polls/${id}/response`, answers),
      call("student", "PUT", `/api/polls/${id}/response`, answers),
    ]);
    assertEquals([a.status, b.status].sort(), [200, 409]);
    assertEquals((await call("staff", "GET", `/api/polls/${id}/results`)).body.responses, 1);
  });

  await t.step("the demo data: an open poll waits for the student, a closed one has results", async () => {
    const polls = (await call("staff", "GET", "/api/polls")).body.data as { id: number; status: string }[];
    const closed = polls.find((p) => p.status === "closed" && p.id !== pollId)!;
    assert((await call("staff", "GET", `/api/polls/${closed.id}/results`)).body.responses >= 3);
    const mine = await call("student", "GET", "/api/polls/mine");
    assert(mine.body.data.some((p: { title: string }) => p.title === "Satisfaction with study conditions"));
  });

  await t.step(
    "the course evaluation form is a template: the builder starts from it, and it saves",
    async () => {
      const res = await app.request("/poll?template=evaluation", {
        headers: { authorization: `Bearer ${tokens.get("staff")}`, cookie: "lang=en" },
      });
      assertEquals(res.status, 200);
      const html = await res.text();
      assert(html.includes("The course objectives and learning outcomes were clearly stated"));
      const template = pollTemplate("evaluation");
      assertEquals(template.questions.length, 20);
      const created = await call("staff", "POST", "/api/polls", pollInput({ ...template }));
      assertEquals(created.status, 201);
      assert(created.body.poll.questions.every((q: { kind: string }) => q.kind === "scale"));
    },
  );
});
