/**
 * The permissions screen's API: accounts (disable ends sessions at once), roles (a change counts from the next
 * request), authorization parameters (read by password change and sign-in), the stored menu (drawn by the
 * shell), and the tabs' visibility per key.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { keysUnder } from "../services/identity/permission_catalogue.ts";
import { PASSWORD_ALPHABET } from "../services/identity/passwords.ts";
import { listUserSessions } from "../services/identity/user_sessions.ts";
import { accessPointsOf } from "../utils/access_points.ts";

const app = await seededApp();
const admin = await tokenFor("admin");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, token = admin) => app.request(path, { headers: bearer(token) });
const send = (method: string, path: string, body: unknown, token = admin) =>
  app.request(path, jsonRequest(method, body, bearer(token)));

async function login(login: string, password: string) {
  return await app.request("/api/auth/login", jsonRequest("POST", { login, password }));
}

const newAccount = (email: string, roleIds: number[] = []) => ({
  email,
  name: "ნიკა ქარდავა",
  nameEn: "Nika Kardava",
  guard: "custom",
  roleIds,
});

Deno.test("permissions screen API", async (t) => {
  let roleId = 0;
  let userId = 0;
  let password = "";
  let userToken = "";

  await t.step("tabs per key: admin sees every tab, staff and limited none (403)", async () => {
    const pages = ["users", "professors", "roles", "params", "menu", "access-points"];
    for (const page of pages) {
      const res = await get(`/permissions/${page}`);
      assertEquals(res.status, 200, page);
      await res.body?.cancel();
      for (const account of ["staff", "limited"] as const) {
        const refused = await get(`/permissions/${page}`, await tokenFor(account));
        assertEquals(refused.status, 403, `${account} ${page}`);
        await refused.body?.cancel();
      }
    }
    const first = await get("/permissions");
    assertEquals(first.status, 303);
    assertEquals(first.headers.get("location"), "/permissions/users");
    const api = await get("/api/users", await tokenFor("staff"));
    assertEquals(api.status, 403);
    await api.body?.cancel();
  });

  await t.step("roleAdd creates a role with course keys; unknown keys → 422", async () => {
    const bad = await send("POST", "/api/roles", { name: "Bad", keys: ["menu.nothing"] });
    assertEquals(bad.status, 422);
    assert((await bad.json()).error.fields.keys);
    const res = await send("POST", "/api/roles", { name: "Course editors", keys: ["menu.hr"] });
    assertEquals(res.status, 201);
    roleId = (await res.json()).id;
  });

  await t.step("userAdd: generated 8-character password shown once, never stored in clear", async () => {
    const res = await send("POST", "/api/users", newAccount("nika@uni.test", [roleId]));
    assertEquals(res.status, 201);
    const body = await res.json();
    password = body.password;
    userId = body.account.id;
    assertEquals(password.length, 8);
    assert([...password].every((c) => PASSWORD_ALPHABET.includes(c)));
    assertEquals("passwordHash" in body.account, false);
    const dup = await send("POST", "/api/users", newAccount("NIKA@uni.test"));
    assertEquals(dup.status, 409);
    await dup.body?.cancel();
    const signedIn = await login("nika@uni.test", password);
    assertEquals(signedIn.status, 200);
    userToken = (await signedIn.json()).token;
    const list = await (await get("/api/users?text=kardava")).json();
    assertEquals(list.total, 1);
    assertMatch(list.data[0].lastSignInAt, /^\d{4}-/);
  });

  await t.step(
    "a role change takes effect on the user's next request, without signing in again",
    async () => {
      const me = async () => (await (await get("/api/auth/me", userToken)).json()).permissions as string[];
      assertEquals((await me()).includes("menu.learningProcesses.learningCourses"), false);
      const role = (await (await get("/api/roles")).json()).data.find((r: { id: number }) => r.id === roleId);
      const keys = [
        "menu.hr",
        "menu.learningProcesses",
        ...keysUnder("menu.learningProcesses.learningCourses"),
      ];
      const res = await send("PUT", `/api/roles/${roleId}`, {
        name: "Course editors",
        keys,
        versionstamp: role.versionstamp,
      });
      assertEquals(res.status, 200);
      await res.body?.cancel();
      assert((await me()).includes("menu.learningProcesses.learningCourses.edit"));
      const who = await (await get("/api/roles/who?key=menu.learningProcesses.learningCourses.edit")).json();
      assert(who.roles.some((r: { id: number }) => r.id === roleId));
      assert(who.users.some((u: { id: number }) => u.id === userId));
      assert(who.users.some((u: { id: number }) => u.id === 1));
    },
  );

  await t.step(
    "an edit that replaces a record needs its versionstamp: two edits of one read, one wins",
    async () => {
      const role = (await (await get("/api/roles")).json()).data.find((r: { id: number }) => r.id === roleId);
      const without = await send("PUT", `/api/roles/${roleId}`, { name: role.name, keys: role.keys });
      assertEquals(without.status, 422);
      assertEquals(Object.keys((await without.json()).error.fields), ["versionstamp"]);
      const edits = await Promise.all(
        ["First", "Second"].map((name) =>
          send("PUT", `/api/roles/${roleId}`, { name, keys: role.keys, versionstamp: role.versionstamp })
        ),
      );
      assertEquals(
        edits.map((r) => r.status).sort(),
        [200, 409],
      );
      await Promise.all(edits.map((r) => r.body?.cancel()));
      const account = (await (await get("/api/users")).json()).data.find((u: { id: number }) =>
        u.id === userId
      );
      const {
        id: _,
        versionstamp: __,
        student: ___,
        email: ____,
        disabled: _____,
        createdAt: ______,
        ...fields
      } = account;
      delete fields.lastSignInAt;
      const accountWithout = await send("PUT", `/api/users/${userId}`, fields);
      assertEquals(accountWithout.status, 422);
      assertEquals(Object.keys((await accountWithout.json()).error.fields), ["versionstamp"]);
    },
  );

  await t.step("roleRemove is refused while a user holds the role", async () => {
    const role = (await (await get("/api/roles")).json()).data.find((r: { id: number }) => r.id === roleId);
    assertEquals(role.userCount, 1);
    const res = await app.request(
      `/api/roles/${roleId}?versionstamp=${role.versionstamp}`,
      jsonRequest("DELETE", undefined, bearer(admin)),
    );
    assertEquals(res.status, 409);
    assertEquals((await res.json()).error.code, "in_use");
  });

  await t.step("userRemove disables: the next API call is 401 and no session is left", async () => {
    assertEquals((await listUserSessions(userId)).length, 1);
    const row = (await (await get("/api/users?text=nika")).json()).data[0];
    const res = await app.request(
      `/api/users/${userId}?versionstamp=${row.versionstamp}`,
      jsonRequest("DELETE", undefined, bearer(admin)),
    );
    assertEquals(res.status, 200);
    assertEquals((await res.json()).disabled, true);
    const next = await get("/api/auth/me", userToken);
    assertEquals(next.status, 401);
    await next.body?.cancel();
    assertEquals((await listUserSessions(userId)).length, 0);
    const again = await login("nika@uni.test", password);
    assertEquals(again.status, 401);
    await again.body?.cancel();
  });

  await t.step("account 1 is protected; password reset gives a new one-time password", async () => {
    const res = await send("POST", "/api/users/1/password", undefined);
    assertEquals(res.status, 409);
    await res.body?.cancel();
    const row = (await (await get("/api/users?text=nika")).json()).data[0];
    const restored = await send("POST", `/api/users/${userId}/restore`, { versionstamp: row.versionstamp });
    assertEquals(restored.status, 200);
    await restored.body?.cancel();
    const reset = await send("POST", `/api/users/${userId}/password`, undefined);
    const fresh = (await reset.json()).password;
    assertEquals(fresh.length, 8);
    assertEquals((await login("nika@uni.test", password)).status, 401);
    assertEquals((await login("nika@uni.test", fresh)).status, 200);
  });

  await t.step("userLog shows the changes with actor, never a password hash", async () => {
    const log = await (await get(`/api/users/${userId}/log`)).json();
    assert(log.data.length >= 4);
    assertEquals(JSON.stringify(log.data).includes("argon2"), false);
    assert(log.data.some((e: { after: { passwordReset?: boolean } }) => e.after?.passwordReset));
    assertEquals(log.data.at(-1).action, "create");
    assertEquals(log.data.at(-1).actor, 1);
  });

  await t.step("professors: academic HR record required; staff list excludes professors", async () => {
    const base = {
      email: "prof2@uni.test",
      name: "ლევან გელაშვილი",
      nameEn: "Levan Gelashvili",
      roleIds: [],
    };
    const administrative = await send("POST", "/api/professors", { ...base, guard: "prof", hrUserId: 2 });
    assertEquals(administrative.status, 422);
    assert((await administrative.json()).error.fields.hrUserId);
    const ok = await send("POST", "/api/professors", { ...base, guard: "prof", hrUserId: 4 });
    assertEquals(ok.status, 201);
    const { account } = await ok.json();
    assertEquals(account.guard, "prof");
    const staff = await (await get("/api/users?limit=1000")).json();
    assertEquals(staff.data.some((u: { guard: string }) => u.guard === "prof"), false);
    const profs = await (await get("/api/professors")).json();
    assert(profs.data.some((u: { id: number }) => u.id === account.id));
    const crossTab = await send("POST", `/api/users/${account.id}/password`, undefined);
    assertEquals(crossTab.status, 404);
    await crossTab.body?.cancel();
  });

  await t.step(
    "auth params: password policy is enforced by passwordUpdate; session length by sign-in",
    async () => {
      const params = await (await get("/api/auth_params")).json();
      const res = await send("PUT", "/api/auth_params", {
        ...params,
        password: { minLength: 14, refuseCommon: true },
        sessionHours: null,
      });
      assertEquals(res.status, 200);
      await res.body?.cancel();
      const tooLow = await send("PUT", "/api/auth_params", {
        ...params,
        password: { minLength: 6, refuseCommon: true },
      });
      assertEquals(tooLow.status, 422);
      await tooLow.body?.cancel();
      const current = await currentPassword();
      const signedIn = await (await login("nika@uni.test", current)).json();
      const me = await (await get("/api/auth/me", signedIn.token)).json();
      assertEquals(me.sessionExpiresAt, null);
      const change = await send("POST", "/api/auth/password", {
        oldPassword: current,
        password1: "Long-enough-1",
        password2: "Long-enough-1",
      }, signedIn.token);
      assertEquals(change.status, 422);
      assertEquals((await change.json()).error.fields.password1 !== undefined, true);
      const log = await (await get("/api/auth_params/log")).json();
      assertEquals(log.data[0].after.password.minLength, 14);
    },
  );

  await t.step("menuSet: an edited menu item appears in the shell's menu", async () => {
    const { rows } = await (await get("/api/menu")).json();
    const edited = rows.map((r: { id: number; titleKey: string }) =>
      r.id === 80 ? { ...r, titleKey: "menu.calendar", route: "/tables-renamed" } : r
    );
    const res = await send("PUT", "/api/menu", { rows: edited });
    assertEquals(res.status, 200);
    await res.body?.cancel();
    const page = await (await get("/permissions/users")).text();
    assert(page.includes("/tables-renamed"));
    const bad = await send("PUT", "/api/menu", { rows: [{ ...rows[0], permission: "menu.unknown" }] });
    assertEquals(bad.status, 422);
    await bad.body?.cancel();
    await (await send("PUT", "/api/menu", { rows })).body?.cancel();
  });

  await t.step("the access-points list equals the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    const points = accessPointsOf(doc);
    const fromDoc = Object.entries(doc.paths as Record<string, Record<string, Record<string, string>>>)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) =>
          `${method.toUpperCase()} ${path} ${op.operationId} ${op["x-permission"]}`
        )
      );
    assertEquals(
      points.map((p) => `${p.method} ${p.path} ${p.operationId} ${p.permission}`).sort(),
      fromDoc.sort(),
    );
    const byId = new Map(points.map((p) => [p.operationId, p]));
    assertEquals(byId.get("userRemove")?.method, "DELETE");
    assertEquals(byId.get("roleEdit")?.permission, "menu.settings.users.roles");
    assertEquals(byId.get("authParamsSet")?.permission, "menu.settings.users.params");
  });

  /** A fresh known password for nika (an admin reset). */
  async function currentPassword() {
    const reset = await send("POST", `/api/users/${userId}/password`, undefined);
    password = (await reset.json()).password;
    return password;
  }
});
