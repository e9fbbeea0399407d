/**
 * No default credentials: the production server (`deno task serve`: main.ts with the serve task's flags) on an
 * empty KV has no demo accounts unless SEED=demo asks for them, and its first administrator comes from
 * `deno task admin`, whose password only the person running it sees.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { DENO, ROOT } from "./serve_flags.ts";
import { startServer, type TestServer } from "./e2e/harness.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { ALL_PERMISSIONS } from "../services/identity/permission_catalogue.ts";

async function signIn(server: TestServer, login: string, password: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ login, password }),
  });
  return { status: response.status, body: await response.json() };
}

/** `deno task admin` as deno.json spells it, run by this test's Deno (the server's: a KV written by a newer Deno
 * holds values an older one cannot read, and the minimum-version run uses 2.5 for both). */
async function runAdminTask(server: TestServer, ...args: string[]) {
  const task: string = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`)).tasks.admin;
  const { code, stdout, stderr } = await new Deno.Command(DENO, {
    args: [...task.trim().split(/\s+/).slice(1), ...args],
    cwd: ROOT,
    env: { KV_PATH: `./data/${server.kvDir}/app.kv` },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

Deno.test("a deployment starts without known passwords", async (t) => {
  // An empty SEED counts as unset (utils/env.ts); it also hides a SEED this test process may have inherited.
  const server = await startServer({ SEED: "" });
  try {
    await t.step("on an empty KV without SEED, the demo administrator cannot sign in", async () => {
      const { status, body } = await signIn(server, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      assertEquals(status, 401);
      assertEquals(body.error.code, "invalid_credentials");
      assertStringIncludes(server.output(), "deno task admin --email");
    });

    await t.step(
      "`deno task admin` creates the first administrator, who signs in with every key",
      async () => {
        const created = await runAdminTask(server, "--email", "Rector@Example.edu", "--name", "ნინო რექტორი");
        assertEquals(created.code, 0, created.err);
        const password = created.out.match(/^password: (\S+)$/m)?.[1];
        assert(password, created.out);
        assertMatch(password, /^[A-Za-z0-9]{16}$/);

        const { status, body } = await signIn(server, "rector@example.edu", password);
        assertEquals(status, 200);
        assertEquals(body.user.id, 1);
        assertEquals(body.user.name, "ნინო რექტორი");
        const me = await fetch(`${server.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${body.token}` },
        });
        assertEquals(me.status, 200);
        assertEquals((await me.json()).permissions, [...ALL_PERMISSIONS].sort());
      },
    );

    await t.step("a second run makes no other administrator", async () => {
      const again = await runAdminTask(server, "--email", "someone@example.edu");
      assertEquals(again.code, 1);
      assertStringIncludes(again.err, "has users already");
      const { status } = await signIn(server, "someone@example.edu", "anything-at-all");
      assertEquals(status, 401);
    });
  } finally {
    await server.stop();
  }

  await t.step("SEED=demo (npm start) loads the demo university into an empty KV", async () => {
    const demo = await startServer({ SEED: "demo" });
    try {
      const { status } = await signIn(demo, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      assertEquals(status, 200);
    } finally {
      await demo.stop();
    }
  });

  await t.step("npm start asks for the demo; the serve task does not", async () => {
    const config = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`));
    const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/package.json`));
    assertEquals(pkg.scripts.start, "deno task start");
    assertStringIncludes(config.tasks.start, "SEED=demo node_modules/.bin/deno task serve");
    assertEquals(config.tasks.serve.includes("SEED="), false);
  });
});
