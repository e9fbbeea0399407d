import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { HttpSmsProvider, LogSmsProvider, smsProviderFromEnv } from "./sms_provider.ts";
import { AppError } from "../../utils/errors.ts";

/** The AppError `fn` rejects with (fails when it resolves or throws something else). */
async function appErrorOf(fn: () => Promise<unknown>): Promise<AppError> {
  const error = await assertRejects(fn, AppError);
  return error as AppError;
}

Deno.test("LogSmsProvider writes one line naming the phone and the text", async () => {
  const lines: string[] = [];
  await new LogSmsProvider((line) => lines.push(line)).send("+995555000004", "code 123456");
  assertEquals(lines, ["SMS to +995555000004: code 123456"]);
});

Deno.test("smsProviderFromEnv: the log by default, the gateway when SMS_GATEWAY_URL is set", () => {
  assert(smsProviderFromEnv(() => undefined) instanceof LogSmsProvider);
  const env: Record<string, string> = { SMS_GATEWAY_URL: "http://127.0.0.1:1/sms" };
  assert(smsProviderFromEnv((name) => env[name]) instanceof HttpSmsProvider);
});

Deno.test("HttpSmsProvider against a local gateway", async (t) => {
  const received: { auth: string | null; body: unknown }[] = [];
  let status = 200;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    received.push({ auth: req.headers.get("authorization"), body: await req.json() });
    return new Response("{}", { status });
  });
  const url = `http://127.0.0.1:${server.addr.port}/send`;
  const provider = new HttpSmsProvider({ url, key: "secret-key", sender: "UNI" });
  try {
    await t.step("posts the message as JSON with the key and the sender", async () => {
      await provider.send("+995555000004", "code 654321");
      assertEquals(received, [{
        auth: "Bearer secret-key",
        body: { to: "+995555000004", from: "UNI", text: "code 654321" },
      }]);
    });
    await t.step("a gateway error is sms_failed", async () => {
      status = 500;
      const error = await appErrorOf(() => provider.send("+995555000004", "x"));
      assertEquals(error.code, "sms_failed");
    });
    await t.step("an unreachable gateway is sms_failed", async () => {
      const down = new HttpSmsProvider({ url: "http://127.0.0.1:1/send", key: "k", sender: "s" });
      const error = await appErrorOf(() => down.send("+995555000004", "x"));
      assert(error.code === "sms_failed");
    });
  } finally {
    await server.shutdown();
  }
});
