import { assertEquals, assertMatch } from "../../tests/assert.ts";
import { newNonce } from "./security_headers.ts";

Deno.test("nonces are 32 hex digits and never repeat, across refills of the random pool", () => {
  // 256 nonces use up one pool: 1,000 cross three refills.
  const nonces = Array.from({ length: 1000 }, newNonce);
  for (const nonce of nonces) assertMatch(nonce, /^[0-9a-f]{32}$/);
  assertEquals(new Set(nonces).size, nonces.length);
});
