import { assertEquals } from "../tests/assert.ts";
import { BENCH_V8_FLAGS, DENO, denoRun } from "./server.ts";

Deno.test("a benchmarked process gets the bench's V8 flags in its one --v8-flags (deno refuses two)", async (t) => {
  const bench = BENCH_V8_FLAGS.join(",");
  await t.step("a server without V8 flags of its own", () => {
    assertEquals(denoRun("bench/servers/bare.ts", ["--allow-net"]), [
      DENO,
      "run",
      `--v8-flags=${bench}`,
      "--allow-net",
      "bench/servers/bare.ts",
    ]);
  });
  await t.step("the production server keeps its own V8 flags first", () => {
    const command = denoRun("bench/servers/app.ts", [
      "--v8-flags=--no-allocation-site-pretenuring",
      "--allow-net",
    ]);
    assertEquals(command.filter((arg) => arg.startsWith("--v8-flags")), [
      `--v8-flags=--no-allocation-site-pretenuring,${bench}`,
    ]);
    assertEquals(command.at(-1), "bench/servers/app.ts");
  });
  await t.step("the command starts", async () => {
    const [program, ...args] = denoRun("-", ["--v8-flags=--no-allocation-site-pretenuring"]);
    const child = new Deno.Command(program, {
      args: [...args],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    })
      .spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode("console.log('started')"));
    await writer.close();
    const { code, stdout, stderr } = await child.output();
    assertEquals(code, 0, new TextDecoder().decode(stderr));
    assertEquals(new TextDecoder().decode(stdout).trim(), "started");
  });
});
