/**
 * Guards that hold without permission flags. Deno Deploy runs the server with `--allow-all`, so what
 * tests/permissions_test.ts proves through the serve task's flags must also hold by the code alone: no path
 * outside static/ is served, only the documented environment variables are read, and nothing the server loads
 * spawns processes, loads native code or writes files (uploads live in KV).
 */
import { assert, assertEquals } from "./assert.ts";
import { DENO, freePort, ROOT, serveFlags } from "./serve_flags.ts";
import { DOCUMENTED_ENV, type EnvName, envVar } from "../utils/env.ts";

/** What each guarded file says of itself, so that a served copy is recognised whatever the status. */
const SECRETS = [/"nodeModulesDir"/, /createApp/, /root:x?:0:0/, /"tasks"/];

const TRAVERSALS = [
  "/static/../deno.json",
  "/static/%2e%2e/deno.json",
  "/static/%2E%2E/main.ts",
  "/static/.%2e/deno.json",
  "/static/%252e%252e/deno.json",
  "/static/..%2fdeno.json",
  "/static/..%252fdeno.json",
  "/static/..%5cdeno.json",
  "/static/_build/../../deno.json",
  "/static/_build/%2e%2e/%2e%2e/main.ts",
  "/static/i18n/..%2f..%2fdeno.json",
  "/static//etc/passwd",
  "/static/%2fetc%2fpasswd",
  "/static/%c0%ae%c0%ae/deno.json",
  "/static/..;/deno.json",
  "/../deno.json",
  "/%2e%2e/deno.json",
];

/** One request with its path sent exactly as written (fetch would normalise the dots away). */
async function rawGet(port: number, path: string): Promise<{ status: number; text: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
  );
  const text = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
  return { status: Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), text };
}

/** The local modules the server loads (main.ts's module graph, without node_modules). */
async function serverModules(): Promise<string[]> {
  const { stdout } = await new Deno.Command(DENO, {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    stdout: "piped",
  })
    .output();
  const graph = JSON.parse(new TextDecoder().decode(stdout)) as { modules: { specifier: string }[] };
  return graph.modules.map((m) => m.specifier)
    .filter((s) => s.startsWith(`file://${ROOT}/`) && !s.includes("/node_modules/"))
    .map((s) => s.slice(`file://${ROOT}/`.length));
}

Deno.test("guards that hold under --allow-all (Deno Deploy)", async (t) => {
  await t.step("the serve task's --allow-env grants exactly the documented variables", async () => {
    const flag = (await serveFlags()).find((f) => f.startsWith("--allow-env="));
    assert(flag, "the serve task names the variables it may read");
    assertEquals(flag.slice("--allow-env=".length).split(",").sort(), [...DOCUMENTED_ENV].sort());
  });

  await t.step("an undocumented variable is refused by the code, not only by the flags", () => {
    let refused = false;
    try {
      envVar("HOME" as EnvName);
    } catch {
      refused = true;
    }
    assert(refused, "envVar must refuse a name that is not documented");
  });

  await t.step(
    "nothing the server loads reads the environment itself, spawns, loads native code or writes files",
    async () => {
      const modules = await serverModules();
      assert(
        modules.includes("main.ts") && modules.length > 100,
        `the module graph was read (${modules.length})`,
      );
      const forbidden = [
        /Deno\.env\b/,
        /Deno\.(Command|run|dlopen|writeFile|writeTextFile|create|mkdir|remove|rename|truncate|symlink|chmod)\b/,
        /node:(child_process|fs|worker_threads)/,
        /Deno\.open\([^)]*\bwrite\b/,
      ];
      // The only exceptions, each for its one use: the env reader, and the folder of a self-hosted KV file.
      const allowed: Record<string, RegExp> = {
        "utils/env.ts": /Deno\.env\b/g,
        "services/db/kv.ts": /Deno\.mkdir\b/g,
      };
      const found: string[] = [];
      for (const file of modules) {
        const source = (await Deno.readTextFile(`${ROOT}/${file}`)).replace(allowed[file] ?? /^$/, "");
        for (const pattern of forbidden) if (pattern.test(source)) found.push(`${file}: ${pattern}`);
      }
      assertEquals(found, []);
    },
  );

  await t.step(
    "a server started with -A serves nothing outside static/, however the path is encoded",
    async () => {
      const port = freePort();
      const dir = `data/test-allow-all-${crypto.randomUUID().slice(0, 8)}`;
      const server = new Deno.Command(DENO, {
        args: ["run", "-A", "main.ts"],
        cwd: ROOT,
        env: { PORT: String(port), HOST: "127.0.0.1", KV_PATH: `./${dir}/app.kv`, SEED: "off" },
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
      // What the server writes after it listens (its log) is read to the end, so its stdout closes with it.
      const reader = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let drained: Promise<void> = Promise.resolve();
      try {
        for (let seen = ""; !seen.includes("listening on");) {
          const next = await reader.read();
          assert(!next.done, "the server exited before listening");
          seen += next.value;
        }
        drained = (async () => {
          while (!(await reader.read()).done);
        })().catch(() => {});
        assertEquals((await rawGet(port, "/static/favicon.svg")).status, 200, "static files are served");
        const served: string[] = [];
        for (const path of TRAVERSALS) {
          const { status, text } = await rawGet(port, path);
          if (status < 300 || SECRETS.some((secret) => secret.test(text))) served.push(`${path} → ${status}`);
          assert(status < 500, `${path} answered ${status}`);
        }
        assertEquals(served, []);
      } finally {
        server.kill("SIGKILL");
        await server.status;
        await drained;
        await Deno.remove(`${ROOT}/${dir}`, { recursive: true }).catch(() => {});
      }
    },
  );
});
