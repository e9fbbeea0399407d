/**
 * Behind a TLS-ending reverse proxy (TRUST_PROXY=1): the proxy's X-Forwarded-Proto: https makes the session
 * cookie Secure and the answers carry HSTS; without the header (plain http on the inside) neither. The server
 * runs as `deno task serve` does, since TRUST_PROXY is read once at start.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { DEMO, startServer } from "./e2e/harness.ts";
import { servedOverHttps } from "../http/session_cookie.ts";

Deno.test("X-Forwarded-Proto is believed only from a trusted proxy", () => {
  const forwarded = new Request("http://app.internal/login", { headers: { "x-forwarded-proto": "https" } });
  assertEquals(servedOverHttps(forwarded, true), true);
  assertEquals(servedOverHttps(forwarded, false), false);
  assertEquals(servedOverHttps(new Request("https://uni.example/login"), false), true);
});

Deno.test("signing in behind a TLS proxy", async (t) => {
  const server = await startServer({ TRUST_PROXY: "1" });
  const signIn = (headers: Record<string, string>, password: string = DEMO.staff.password) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, ...headers },
      body: JSON.stringify({ login: DEMO.staff.email, password }),
    });
  try {
    await t.step("X-Forwarded-Proto: https gives a Secure session cookie and HSTS", async () => {
      const res = await signIn({ "x-forwarded-proto": "https" });
      await res.body?.cancel();
      assertEquals(res.status, 200);
      assertMatch(res.headers.get("set-cookie") ?? "", /^session=[^;]+;.*; Secure/);
      assertMatch(res.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    });

    await t.step("the sign-in form's cookie is Secure too", async () => {
      const res = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-proto": "https",
        },
        body: new URLSearchParams({ email: DEMO.staff.email, password: DEMO.staff.password }),
      });
      await res.body?.cancel();
      assertEquals(res.status, 303);
      assertMatch(res.headers.get("set-cookie") ?? "", /; Secure/);
    });

    await t.step("plain http inside the proxy: no Secure flag, no HSTS", async () => {
      const res = await signIn({});
      await res.body?.cancel();
      assertEquals(res.status, 200);
      assertEquals(/Secure/.test(res.headers.get("set-cookie") ?? ""), false);
      assertEquals(res.headers.get("strict-transport-security"), null);
    });

    await t.step("the JSON sign-in's 429 says when to try again (Retry-After)", async () => {
      let res: Response | null = null;
      for (let i = 0; i < 30; i++) {
        res = await signIn({}, "wrong-password");
        if (res.status === 429) break;
        await res.body?.cancel();
      }
      assertEquals(res?.status, 429);
      const body = await res!.json();
      assertEquals(body.error.code, "too_many_attempts");
      assert(Number(res!.headers.get("retry-after")) > 0, "Retry-After is a positive number of seconds");
    });
  } finally {
    await server.stop();
  }
});
