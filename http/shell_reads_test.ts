import { assertEquals } from "../tests/assert.ts";
import { mayRenderShell } from "./shell_reads.ts";

Deno.test("which requests start the shell's reads beside the session's check", () => {
  const cases: [string, string, boolean][] = [
    ["GET", "/students", true],
    ["HEAD", "/my-devices", true],
    ["GET", "/", true],
    ["POST", "/online-register", false],
    ["GET", "/api/students", false],
    ["GET", "/event/getEventCount", false],
    ["GET", "/static/_build/app.css", false],
    ["GET", "/ws/chat", false],
  ];
  for (const [method, path, expected] of cases) assertEquals(mayRenderShell(method, path), expected, path);
});
