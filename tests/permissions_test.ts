import { assertEquals } from "./assert.ts";
import { DENO, ROOT, serveFlags } from "./serve_flags.ts";

Deno.test("the server process runs with minimal permissions", async (t) => {
  const flags = await serveFlags();

  await t.step("the serve task never grants everything", () => {
    assertEquals(flags.some((f) => f === "-A" || f === "--allow-all"), false);
    assertEquals(
      flags.some((f) => f === "--allow-read" || f === "--allow-write" || f === "--allow-run"),
      false,
    );
  });

  await t.step("with those flags the app runs but cannot read or write outside its folders", async () => {
    const dir = `data/test-probe-${crypto.randomUUID().slice(0, 8)}`;
    try {
      const { code, stdout, stderr } = await new Deno.Command(DENO, {
        args: ["run", ...flags, "tests/fixtures/permission_probe.ts", `./${dir}/app.kv`],
        cwd: ROOT,
        stdout: "piped",
        stderr: "piped",
        env: { HOME: "/root" },
      }).output();
      const out = new TextDecoder().decode(stdout);
      assertEquals(code, 0, new TextDecoder().decode(stderr));
      const results = JSON.parse(out.trim().split("\n").pop()!);
      assertEquals(results, {
        appHealthy: true,
        readEtcPasswd: "denied",
        readParentFolder: "denied",
        readGitConfig: "denied",
        readSourceCode: "denied",
        readDenoJson: "denied",
        writeOutsideData: "denied",
        writeTmp: "denied",
        readHomeEnv: "denied",
        runSubprocess: "denied",
        loadFfi: "denied",
        readStatic: "allowed",
        buildXlsxInWorker: "allowed",
      });
    } finally {
      await Deno.remove(`${ROOT}/${dir}`, { recursive: true }).catch(() => {});
    }
  });
});
