import { SignJWT } from "jose";
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { MAX_SESSIONS_PER_USER } from "../services/identity/sessions.ts";
import { listUserSessions } from "../services/identity/user_sessions.ts";

const app = await seededApp();
const me = (token: string) => app.request("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

async function login(login: string, password: string, ip = "203.0.113.7") {
  return await app.request(
    "/api/auth/login",
    jsonRequest("POST", { login, password }, { "x-forwarded-for": ip }),
  );
}

Deno.test("sign-in, sessions and tokens", async (t) => {
  await t.step(
    "authLogin: wrong password → 401 with a clear message; right one → user, token, HttpOnly cookie",
    async () => {
      const bad = await login("staff@uni.test", "wrong-password");
      assertEquals(bad.status, 401);
      assertEquals((await bad.json()).error.code, "invalid_credentials");
      const unknown = await login("nobody@uni.test", "whatever-password");
      assertEquals(unknown.status, 401);
      await unknown.body?.cancel();
      const good = await login("Staff@Uni.Test ", "Staff-Demo-2026");
      assertEquals(good.status, 200);
      const body = await good.json();
      assertEquals(body.user.email, "staff@uni.test");
      assertEquals("passwordHash" in body.user, false);
      assertMatch(
        good.headers.get("set-cookie") ?? "",
        /^session=[\w.-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
      );
      assertEquals((await me(body.token)).status, 200);
    },
  );

  await t.step("authMe by cookie and by Bearer token", async () => {
    const token = await tokenFor("prof");
    const byCookie = await app.request("/api/auth/me", { headers: { cookie: `session=${token}` } });
    const body = await byCookie.json();
    assertEquals(body.user.guard, "prof");
    assert(body.permissions.includes("menu.table"));
    assert(typeof body.sessionExpiresAt === "string");
  });

  await t.step("forged, unsigned, unbounded, expired and misdirected tokens → 401", async () => {
    const valid = await tokenFor("staff");
    const [, payload] = valid.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const otherKey = crypto.getRandomValues(new Uint8Array(32));
    const sign = (c: Record<string, unknown>, key = otherKey) =>
      new SignJWT(c).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      algNone: `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
      otherKey: await sign(claims),
      tamperedPayload: `${valid.split(".")[0]}.${b64({ ...claims, id: 1 })}.${valid.split(".")[2]}`,
      noExp: await sign({ ...claims, exp: undefined }),
      expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
      wrongAud: await sign({ ...claims, aud: "someone-else" }),
      garbage: "not.a.token",
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await me(token);
      assertEquals(res.status, 401, name);
      assertEquals((await res.json()).error.code, "unauthorized", name);
    }
  });

  await t.step("logout ends the session at once: the same token is refused on the next request", async () => {
    const token = await tokenFor("limited");
    assertEquals((await me(token)).status, 200);
    const out = await app.request(
      "/api/auth/logout",
      jsonRequest("POST", undefined, { authorization: `Bearer ${token}` }),
    );
    assertEquals(out.status, 200);
    assertEquals((await me(token)).status, 401);
  });

  await t.step("repeated failures are throttled per account (429), and the lock ends", async () => {
    for (let i = 0; i < 5; i++) {
      await (await login("limited@uni.test", "wrong", "198.51.100.1")).body?.cancel();
    }
    const locked = await login("limited@uni.test", "Limited-Demo-2026", "198.51.100.2");
    assertEquals(locked.status, 429);
    const body = await locked.json();
    assertEquals(body.error.code, "too_many_attempts");
    assertMatch(body.error.message, /\d+/);
  });

  await t.step(
    "password change: wrong old password and mismatches are field errors; success ends other sessions",
    async () => {
      const current = await tokenFor("prof");
      const other = await tokenFor("prof");
      const auth = { authorization: `Bearer ${current}` };
      const wrongOld = await app.request(
        "/api/auth/password",
        jsonRequest("POST", {
          oldPassword: "nope",
          password1: "Kvali-Akhali-2027",
          password2: "Kvali-Akhali-2027",
        }, auth),
      );
      assertEquals(wrongOld.status, 422);
      assert((await wrongOld.json()).error.fields.oldPassword);
      const differ = await app.request(
        "/api/auth/password",
        jsonRequest("POST", {
          oldPassword: "Prof-Demo-2026",
          password1: "Kvali-Akhali-2027",
          password2: "Kvali-Akhali-2028",
        }, auth),
      );
      assert((await differ.json()).error.fields.password2);
      const common = await app.request(
        "/api/auth/password",
        jsonRequest("POST", {
          oldPassword: "Prof-Demo-2026",
          password1: "password123",
          password2: "password123",
        }, auth),
      );
      assert((await common.json()).error.fields.password1);
      const ok = await app.request(
        "/api/auth/password",
        jsonRequest("POST", {
          oldPassword: "Prof-Demo-2026",
          password1: "Kvali-Akhali-2027",
          password2: "Kvali-Akhali-2027",
        }, auth),
      );
      assertEquals(ok.status, 200);
      await ok.body?.cancel();
      assertEquals((await me(current)).status, 200);
      assertEquals((await me(other)).status, 401);
      assertEquals((await login("prof@uni.test", "Kvali-Akhali-2027", "192.0.2.50")).status, 200);
    },
  );

  await t.step(
    "devices: list marks the current one; revoking another signs it out; others' sessions are not found",
    async () => {
      const current = await tokenFor("student");
      const second = await tokenFor("student");
      const list =
        await (await app.request("/api/devices", { headers: { authorization: `Bearer ${current}` } })).json();
      assert(list.data.length >= 2);
      assertEquals(list.data.filter((d: { current: boolean }) => d.current).length, 1);
      const target = list.data.find((d: { current: boolean }) => !d.current).sid;
      const revoke = await app.request(
        `/api/devices/${target}`,
        jsonRequest("DELETE", undefined, { authorization: `Bearer ${current}` }),
      );
      assertEquals(revoke.status, 200);
      await revoke.body?.cancel();
      const secondStatus = (await me(second)).status;
      const stillHere = (await me(current)).status;
      assertEquals(stillHere, 200);
      assert(
        secondStatus === 401 ||
          target !== JSON.parse(atob(second.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid,
      );
      const staffList = await (await app.request("/api/devices", {
        headers: { authorization: `Bearer ${await tokenFor("staff")}` },
      })).json();
      const foreign = await app.request(
        `/api/devices/${staffList.data[0].sid}`,
        jsonRequest("DELETE", undefined, { authorization: `Bearer ${current}` }),
      );
      assertEquals(foreign.status, 404);
      await foreign.body?.cancel();
    },
  );

  await t.step("the devices page lists a device signed in since, and no longer one signed out", async () => {
    const current = await tokenFor("staff");
    const page = async () => {
      const response = await app.request("/my-devices", { headers: { cookie: `session=${current}` } });
      assertEquals(response.status, 200);
      return await response.text();
    };
    // Each listed device has its sign-out form.
    const rows = (html: string) => html.match(/name="sid"/g)?.length ?? 0;
    const before = rows(await page());
    const added = await tokenFor("staff");
    const sid = JSON.parse(atob(added.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid;
    const withAdded = await page();
    assertEquals(rows(withAdded), before + 1);
    assert(withAdded.includes(`value="${sid}"`), "the new device can be signed out from the page");
    const logout = await app.request(
      "/api/auth/logout",
      jsonRequest("POST", {}, { authorization: `Bearer ${added}` }),
    );
    assertEquals(logout.status, 200);
    await logout.body?.cancel();
    const after = await page();
    assertEquals(rows(after), before);
    assertEquals(after.includes(`value="${sid}"`), false);
  });

  await t.step("the audit log of a user never holds a password hash", async () => {
    const { listAudit } = await import("../services/db/reads.ts");
    const prof = await findUserByEmail("prof@uni.test");
    const entries = (await listAudit("users", prof!.id, { limit: 100 })).items;
    assert(entries.length >= 2, "the password change was audited");
    assertEquals(JSON.stringify(entries).includes("$argon2"), false);
  });

  await t.step(
    "password change: guesses of the current password are throttled per account and end the session",
    async () => {
      const thief = await tokenFor("student");
      const guess = (oldPassword: string) =>
        app.request(
          "/api/auth/password",
          jsonRequest(
            "POST",
            { oldPassword, password1: "Kvali-Akhali-2027", password2: "Kvali-Akhali-2027" },
            {
              authorization: `Bearer ${thief}`,
            },
          ),
        );
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await guess(`guess-${i}`);
        answers.push(res.status);
        await res.body?.cancel();
      }
      assertEquals(answers.slice(0, 4), [422, 422, 422, 422]);
      assertEquals(answers[4], 429, "the fifth wrong guess locks the account");
      assertEquals((await me(thief)).status, 401, "and ends the session that guessed");
      const locked = await login("student@uni.test", "Student-Demo-2026", "192.0.2.77");
      assertEquals(locked.status, 429, "signing in to the account waits out the same lock");
      assert(Number(locked.headers.get("retry-after")) > 0);
      await locked.body?.cancel();
    },
  );

  await t.step("account switching: only to a linked account; the old session ends", async () => {
    const prof = await tokenFor("prof");
    const accounts =
      await (await app.request("/api/auth/accounts", { headers: { authorization: `Bearer ${prof}` } }))
        .json();
    assertEquals(accounts.data.map((a: { email: string }) => a.email), ["limited@uni.test"]);
    const staff = await tokenFor("staff");
    const refused = await app.request(
      "/api/auth/switch",
      jsonRequest("POST", { accountId: 3 }, { authorization: `Bearer ${staff}` }),
    );
    assertEquals(refused.status, 403);
    await refused.body?.cancel();
    const switched = await app.request(
      "/api/auth/switch",
      jsonRequest("POST", { accountId: 3 }, { authorization: `Bearer ${prof}` }),
    );
    assertEquals(switched.status, 200);
    const { token } = await switched.json();
    assertEquals((await (await me(token)).json()).user.email, "limited@uni.test");
    assertEquals((await me(prof)).status, 401);
  });

  await t.step("switching keeps the session's expiry, back and forth, and cannot fork a token", async () => {
    const expiry = async (token: string) => (await (await me(token)).json()).sessionExpiresAt;
    const switchTo = (token: string, accountId: number) =>
      app.request(
        "/api/auth/switch",
        jsonRequest("POST", { accountId }, { authorization: `Bearer ${token}` }),
      );
    const prof = await tokenFor("prof");
    const profId = (await findUserByEmail("prof@uni.test"))!.id;
    const limitedId = (await findUserByEmail("limited@uni.test"))!.id;
    const started = await expiry(prof);
    const there = (await (await switchTo(prof, limitedId)).json()).token;
    assertEquals(await expiry(there), started);
    const back = (await (await switchTo(there, profId)).json()).token;
    assertEquals(await expiry(back), started);

    const before = (await listUserSessions(limitedId)).length;
    const parallel = await Promise.all(Array.from({ length: 5 }, () => switchTo(back, limitedId)));
    const statuses = parallel.map((r) => r.status).sort();
    await Promise.all(parallel.map((r) => r.body?.cancel()));
    assertEquals(statuses, [200, 401, 401, 401, 401]);
    assertEquals((await listUserSessions(limitedId)).length, before + 1);
  });

  await t.step(
    "signing in over a live session ends it; an account keeps at most a few sessions",
    async () => {
      const first = await login("admin@uni.test", "Admin-Demo-2026", "192.0.2.90");
      const cookie = first.headers.get("set-cookie")!.split(";")[0];
      const { token: firstToken } = await first.json();
      const over = await app.request(
        "/api/auth/login",
        jsonRequest("POST", { login: "staff@uni.test", password: "Staff-Demo-2026" }, {
          cookie,
          "x-forwarded-for": "192.0.2.91",
        }),
      );
      assertEquals(over.status, 200);
      await over.body?.cancel();
      assertEquals((await me(firstToken)).status, 401, "the admin's session ended with the staff sign-in");

      const adminId = (await findUserByEmail("admin@uni.test"))!.id;
      for (let i = 0; i < MAX_SESSIONS_PER_USER + 3; i++) {
        await (await login("admin@uni.test", "Admin-Demo-2026", `192.0.2.${100 + i}`)).body?.cancel();
      }
      assertEquals((await listUserSessions(adminId)).length, MAX_SESSIONS_PER_USER);
    },
  );

  await t.step("pages: an unauthenticated deep link goes to /login and carries the way back", async () => {
    const res = await app.request("/books?tab=sub");
    assertEquals(res.status, 303);
    assertEquals(res.headers.get("location"), "/login?next=%2Fbooks%3Ftab%3Dsub");
    const loginPage = await app.request("/login");
    assertEquals(loginPage.status, 200);
    assertEquals(/<script/i.test(await loginPage.text()), false);
  });

  await t.step("/ leads each person to the landing page of SPEC §2.1", async () => {
    const expected = {
      admin: "/students",
      staff: "/hr",
      limited: "/hr",
      prof: "/lists/list",
      student: "/tables",
    } as const;
    for (const [account, path] of Object.entries(expected)) {
      const res = await app.request("/", {
        headers: { cookie: `session=${await tokenFor(account as keyof typeof expected)}` },
      });
      assertEquals(res.headers.get("location"), path, account);
    }
  });

  await t.step("a page needing a key refuses a person without it, even by URL", async () => {
    const res = await app.request("/permissions", {
      headers: { cookie: `session=${await tokenFor("limited")}`, accept: "text/html" },
    });
    assertEquals(res.status, 403);
    await res.body?.cancel();
    // /permissions itself redirects to the first tab the person may see.
    const allowed = await app.request("/permissions/users", {
      headers: { cookie: `session=${await tokenFor("admin")}` },
    });
    assertEquals(allowed.status, 200);
    await allowed.body?.cancel();
  });
});
