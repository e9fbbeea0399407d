/**
 * Several instances at once (issue 32, point 4; README "Several instances"): two server processes on one KV
 * file, as Deno Deploy runs several isolates on one database, and one person's requests landing on either.
 * Each step writes through instance A and asserts what the person then sees through instance B, which has
 * read the same data just before (so whatever B keeps in process is warm and would show the old answer).
 * The chat's and the user channel's delivery across processes have their own suites
 * (tests/e2e/chat_processes_test.ts, tests/e2e/notifications_test.ts).
 */
import { assert, assertEquals } from "./assert.ts";
import { chatClient, type ChatTestClient } from "./chat_client.ts";
import { type Credentials, DEMO, startServer, type TestServer } from "./e2e/harness.ts";

const STAFF = 2, PROF = 4;
const WEEK = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"];

interface Answer {
  status: number;
  // deno-lint-ignore no-explicit-any
  body: any;
}

async function call(
  server: TestServer,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === "GET" ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

const signIn = (server: TestServer, account: Credentials, password = account.password) =>
  call(server, "POST", "/api/auth/login", null, { login: account.email, password });

async function tokenOf(server: TestServer, account: Credentials): Promise<string> {
  const answer = await signIn(server, account);
  assertEquals(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.token;
}

/** Closes a test socket, waiting for the server's answer at most a few seconds (a loaded CI machine is slow). */
function closeSoon(client: ChatTestClient): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    client.close().finally(() => clearTimeout(timer)),
    new Promise((resolve) => (timer = setTimeout(resolve, 5_000))),
  ]);
}

async function chatSocket(server: TestServer, token: string): Promise<ChatTestClient> {
  const client = await chatClient(`${server.url.replace("http", "ws")}/ws/chat`, { token });
  await client.call("getRooms", {});
  await client.next("setRooms");
  return client;
}

Deno.test({
  name: "two instances on one KV: what one person does through A, B shows at once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const a = await startServer();
    let b: TestServer | null = null;
    try {
      b = await startServer({}, { kvDir: a.kvDir });
      const B = b;
      const admin = await tokenOf(a, DEMO.admin);
      const staff = await tokenOf(a, DEMO.staff);
      // Before the lockout step below locks the student's sign-in for a minute.
      const student = await tokenOf(a, DEMO.student);

      await t.step("a course renamed through A is listed renamed by B (courses snapshot)", async () => {
        const code = `MI-${crypto.randomUUID().slice(0, 6)}`;
        const course = {
          name: "ორი ეგზემპლარი",
          nameEng: "Two instances",
          code,
          credit: 6,
          type: 1,
          status: "active",
          langCode: "geo",
          level: 1,
        };
        const created = await call(a, "POST", "/api/books", staff, course);
        assertEquals(created.status, 201, JSON.stringify(created.body));
        const before = await call(B, "GET", `/api/books?text=${code}`, staff);
        assertEquals(before.body.data.map((x: { nameEng: string }) => x.nameEng), ["Two instances"]);
        const renamed = await call(a, "PUT", `/api/books/${created.body.id}`, staff, {
          ...course,
          nameEng: "Renamed on A",
          versionstamp: created.body.versionstamp,
        });
        assertEquals(renamed.status, 200, JSON.stringify(renamed.body));
        const after = await call(B, "GET", `/api/books?text=${code}`, staff);
        assertEquals(after.body.data.map((x: { nameEng: string }) => x.nameEng), ["Renamed on A"]);
      });

      await t.step("a permission revoked through A is refused by B at the next request", async () => {
        const limited = await tokenOf(B, DEMO.limited);
        assertEquals((await call(B, "GET", "/api/books", limited)).status, 200);
        const account = (await call(a, "GET", `/api/users?text=${DEMO.limited.email}`, admin)).body.data
          .find((u: { email: string }) => u.email === DEMO.limited.email);
        const role = (await call(a, "GET", "/api/roles", admin)).body.data
          .find((r: { id: number }) => r.id === account.roleIds[0]);
        const keys = role.keys.filter((k: string) => k !== "menu.learningProcesses.learningCourses");
        const saved = await call(a, "PUT", `/api/roles/${role.id}`, admin, {
          name: role.name,
          keys,
          versionstamp: role.versionstamp,
        });
        assertEquals(saved.status, 200, JSON.stringify(saved.body));
        assertEquals((await call(B, "GET", "/api/books", limited)).status, 403);
        // Given back, so that later steps (and the person) find the account as it was.
        const back = await call(a, "PUT", `/api/roles/${role.id}`, admin, {
          name: role.name,
          keys: role.keys,
          versionstamp: saved.body.versionstamp,
        });
        assertEquals(back.status, 200);
        assertEquals((await call(B, "GET", "/api/books", limited)).status, 200);
      });

      await t.step("a sign-out through A ends the session on B", async () => {
        const token = await tokenOf(a, DEMO.prof);
        assertEquals((await call(B, "GET", "/api/auth/me", token)).status, 200);
        assertEquals((await call(a, "POST", "/api/auth/logout", token, {})).status, 200);
        assertEquals((await call(B, "GET", "/api/auth/me", token)).status, 401);
      });

      await t.step("a device signed in or revoked through A is so in B's list of devices", async () => {
        const listed = async (
          token: string,
        ) => ((await call(B, "GET", "/api/devices", token)).body.data as { sid: string; current: boolean }[]);
        const first = await tokenOf(a, DEMO.prof);
        const before = await listed(first);
        const second = await tokenOf(a, DEMO.prof);
        const withSecond = await listed(first);
        assertEquals(withSecond.length, before.length + 1);
        const added = withSecond.find((d) => !before.some((b) => b.sid === d.sid))!;
        assertEquals((await call(a, "DELETE", `/api/devices/${added.sid}`, first)).status, 200);
        assertEquals((await listed(first)).map((d) => d.sid), before.map((d) => d.sid));
        assertEquals((await call(B, "GET", "/api/devices", second)).status, 401);
        assertEquals((await call(a, "POST", "/api/auth/logout", first, {})).status, 200);
      });

      await t.step("five wrong passwords split across A and B lock the account on both", async () => {
        for (const server of [a, B, a, B, a]) {
          assertEquals((await signIn(server, DEMO.student, "wrong-password")).status, 401);
        }
        for (const server of [B, a]) {
          const locked = await signIn(server, DEMO.student);
          assertEquals([locked.status, locked.body.error.code], [429, "too_many_attempts"]);
        }
      });

      await t.step("authorization parameters saved through A are in force on B at once", async () => {
        const held = (await call(B, "GET", "/api/auth_params", admin)).body;
        const saved = await call(a, "PUT", "/api/auth_params", admin, {
          ...held,
          chat: { ...held.chat, messagesPerMinute: 10 },
        });
        assertEquals(saved.status, 200, JSON.stringify(saved.body));
        assertEquals((await call(B, "GET", "/api/auth_params", admin)).body.chat.messagesPerMinute, 10);
      });

      await t.step("a chat message sent through A arrives on a socket to B", async () => {
        const sender = await chatSocket(a, await tokenOf(a, DEMO.prof));
        const receiver = await chatSocket(B, staff);
        try {
          const created = await sender.call("createChat", {
            members: [{ id: STAFF, type: "user" }],
            clientId: crypto.randomUUID(),
          });
          assert(created.ok, JSON.stringify(created));
          const sent = await sender.call("sendMessage", {
            chatId: created.result.chatId,
            text: "ორი ეგზემპლარი",
            clientId: crypto.randomUUID(),
          });
          assert(sent.ok);
          const got = await receiver.next("messageReceived", 5_000);
          assertEquals([got.message.text, got.seq], ["ორი ეგზემპლარი", sent.result.seq]);
        } finally {
          await Promise.all([closeSoon(sender), closeSoon(receiver)]);
        }
      });

      await t.step("a person's messages a minute are counted over both instances", async () => {
        const onA = await chatSocket(a, staff);
        const onB = await chatSocket(B, staff);
        try {
          const created = await onA.call("createChat", {
            members: [{ id: PROF, type: "prof" }],
            clientId: crypto.randomUUID(),
          });
          assert(created.ok);
          const chatId = created.result.chatId;
          // Within one minute's window: the count starts again with the next one.
          const intoMinute = Date.now() % 60_000;
          if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
          const outcomes: string[] = [];
          for (let i = 0; i < 14; i++) {
            const sent = await (i % 2 ? onB : onA).call("sendMessage", {
              chatId,
              text: `m${i}`,
              clientId: crypto.randomUUID(),
            });
            outcomes.push(sent.ok ? "ok" : sent.error.code);
          }
          assertEquals(outcomes.filter((o) => o === "ok").length, 10, outcomes.join());
          assertEquals(outcomes.slice(10), ["rate_limited", "rate_limited", "rate_limited", "rate_limited"]);
        } finally {
          await Promise.all([closeSoon(onA), closeSoon(onB)]);
        }
      });

      await t.step("a side menu saved through A is what B serves", async () => {
        const { rows } = (await call(B, "GET", "/api/menu", admin)).body;
        const edited = rows.map((r: { order: number }, i: number) =>
          i === 0 ? { ...r, order: r.order + 1 } : r
        );
        assertEquals((await call(a, "PUT", "/api/menu", admin, { rows: edited })).status, 200);
        assertEquals((await call(B, "GET", "/api/menu", admin)).body.rows[0].order, rows[0].order + 1);
      });

      await t.step("a room added through A is offered by B (cached room list)", async () => {
        const before = (await call(B, "GET", "/api/auditoriums", staff)).body.data.length;
        const name = `MI-${crypto.randomUUID().slice(0, 5)}`;
        const added = await call(a, "POST", "/api/auditoriums", staff, {
          name,
          building: "MI",
          capacity: 30,
        });
        assertEquals(added.status, 201, JSON.stringify(added.body));
        const after = (await call(B, "GET", "/api/auditoriums", staff)).body.data;
        assertEquals(after.length, before + 1);
        assert(after.some((r: { name: string }) => r.name === name));
      });

      await t.step("a notification created through A counts in the bell of B's next page", async () => {
        const me = (await call(B, "GET", "/api/auth/me", staff)).body.user.id;
        const bell = async () => {
          const html = await (await fetch(`${B.url}/hr`, { headers: { cookie: `session=${staff}` } })).text();
          return Number(/data-testid="unread-count"[^>]*>(\d+)</.exec(html)?.[1] ?? 0);
        };
        const before = await bell();
        const sent = await call(a, "POST", "/api/notifications/send", admin, {
          userId: me,
          title: "ორი ეგზემპლარი",
          body: "",
          kind: "system",
        });
        assertEquals(sent.status, 201, JSON.stringify(sent.body));
        assertEquals(await bell(), before + 1);
      });

      await t.step(
        "a registration through A counts in the seats and the row B shows the student",
        async () => {
          type Offer = {
            id: string;
            enrolled: number;
            seatsLeft: number;
            refusals: unknown[];
            mine: unknown;
          };
          const offers = async () =>
            (await call(B, "GET", "/api/registration_offerings?limit=200", student)).body.data as Offer[];
          const open = (await offers()).find((o) => !o.mine && o.refusals.length === 0 && o.seatsLeft > 1)!;
          assert(open, "the demo student has a section open to them");
          const registered = await call(a, "POST", "/api/registrations", student, { sectionId: open.id });
          assertEquals([registered.status, registered.body.status], [201, "enrolled"]);
          const after = (await offers()).find((o) => o.id === open.id)!;
          assertEquals([after.enrolled, after.seatsLeft], [open.enrolled + 1, open.seatsLeft - 1]);
          assert(after.mine, "B shows the section as the student's");
        },
      );

      await t.step(
        "a text edited on the language screen through A is on B's next signed-in page, and on its public pages " +
          "within about a second",
        async () => {
          const text = `შესვლა ${crypto.randomUUID().slice(0, 6)}`;
          const skip = `გადასვლა ${crypto.randomUUID().slice(0, 6)}`;
          const adminOnB = await tokenOf(B, DEMO.admin);
          const signedIn = async () =>
            await (await fetch(`${B.url}/my-devices`, { headers: { authorization: `Bearer ${adminOnB}` } }))
              .text();
          const login = async () => await (await fetch(`${B.url}/login`)).text();
          assert(!(await login()).includes(text));
          assert(!(await signedIn()).includes(skip));
          for (const [key, value] of [["login.title", text], ["shell.skipToContent", skip]]) {
            const saved = await call(a, "PUT", "/api/languages/ka/translations", admin, {
              side: "admin_side",
              key,
              text: value,
            });
            assertEquals(saved.status, 200, JSON.stringify(saved.body));
          }
          assert((await signedIn()).includes(skip), "a signed-in page reads the texts' version every time");
          // A public page, the one anyone can flood, takes B's copy of the texts, checked at most once a second.
          const until = Date.now() + 3000;
          while (!(await login()).includes(text)) {
            assert(Date.now() < until, "the public page shows the edit within about a second");
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        },
      );

      await t.step("a lesson removed through A is gone from the professor's week on B", async () => {
        const prof = await tokenOf(B, DEMO.prof);
        const week = async () =>
          (await call(B, "POST", "/api/timetable/professor", prof, { dates: WEEK, groupId: 11 })).body.data
            .map((l: { data: { id: number } }) => l.data.id) as number[];
        const before = await week();
        assert(before.length > 0, "the demo professor teaches this week");
        const lessons = (await call(a, "GET", "/api/timetable_entries?groupId=11", staff)).body.data;
        const gone = lessons.find((l: { id: number }) => l.id === before[0]);
        const removed = await call(
          a,
          "DELETE",
          `/api/timetable_entries/${gone.id}?versionstamp=${encodeURIComponent(gone.versionstamp)}`,
          staff,
        );
        assertEquals(removed.status, 200, JSON.stringify(removed.body));
        assert(!(await week()).includes(gone.id));
      });

      await t.step("both instances registered the schedules with Deno.cron (the serve task's flags)", () => {
        for (const server of [a, B]) {
          const started = server.output().split("\n").find((line) => line.includes('"schedules_started"'));
          assert(started?.includes("chat_unattached_files_sweep"), server.output().slice(-2000));
        }
      });
    } finally {
      await b?.stop();
      await a.stop();
    }
  },
});
