import { assertEquals, assertMatch } from "../../tests/assert.ts";
import { applySecurityHeaders, newNonce } from "./security_headers.ts";

Deno.test("nonces are 32 hex digits and never repeat, across refills of the random pool", () => {
  // 256 nonces use up one pool: 1,000 cross three refills.
  const nonces = Array.from({ length: 1000 }, newNonce);
  for (const nonce of nonces) assertMatch(nonce, /^[0-9a-f]{32}$/);
  assertEquals(new Set(nonces).size, nonces.length);
});

Deno.test("documents and JSON answers each get their set of security headers", async (t) => {
  const answer = (type: string, init: HeadersInit = {}) => {
    const headers = new Headers({ "content-type": type, ...init });
    applySecurityHeaders(headers, type, null, true);
    return headers;
  };

  await t.step("a page: its document policy, referrer, opener and permissions", () => {
    const page = answer("text/html; charset=utf-8");
    assertMatch(page.get("content-security-policy")!, /default-src 'self'.*script-src 'none'/);
    assertEquals(page.get("referrer-policy"), "same-origin");
    assertEquals(page.get("cross-origin-opener-policy"), "same-origin");
    assertMatch(page.get("permissions-policy")!, /camera=\(\)/);
    assertEquals(page.get("x-frame-options"), "DENY");
    assertEquals(page.get("strict-transport-security"), "max-age=31536000; includeSubDomains");
  });

  await t.step("JSON, and an error in the problem type: nothing allowed, no framing, no sniffing", () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "application/problem+json"]) {
      const data = answer(type);
      assertEquals(data.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'", type);
      assertEquals(data.get("x-content-type-options"), "nosniff");
      assertEquals(data.get("x-frame-options"), "DENY");
      assertEquals(data.get("cross-origin-resource-policy"), "same-origin");
      assertEquals(data.get("strict-transport-security"), "max-age=31536000; includeSubDomains");
      assertEquals(data.get("referrer-policy"), null);
      assertEquals(data.get("permissions-policy"), null);
    }
  });

  await t.step("a policy the handler set, and a stricter referrer policy, are kept", () => {
    const viewer = answer("text/html", {
      "content-security-policy": "default-src 'self'; script-src 'self'",
    });
    assertEquals(viewer.get("content-security-policy"), "default-src 'self'; script-src 'self'");
    const card = answer("text/html", { "referrer-policy": "no-referrer" });
    assertEquals(card.get("referrer-policy"), "no-referrer");
  });
});
