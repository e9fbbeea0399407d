import { gunzipSync } from "node:zlib";
import { createApp } from "../main.ts";
import { seed } from "../services/seed/mod.ts";
import { tokenFor } from "../tests/helpers.ts";
import { assert, assertEquals, assertMatch } from "../tests/assert.ts";
import { acceptsGzip, COMPRESS_MIN_BYTES } from "./compression.ts";

Deno.test("answers compressed for clients that accept it", async (t) => {
  const app = await createApp({ kvPath: ":memory:" });
  await seed("small", () => {});
  const cookie = `session=${await tokenFor("admin")}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { cookie, ...headers } });

  await t.step(
    "a page comes gzipped and unpacks to the page sent to a client that does not ask",
    async () => {
      const plain = await get("/my-devices");
      const packed = await get("/my-devices", { "accept-encoding": "gzip, deflate, br" });
      assertEquals(plain.headers.get("content-encoding"), null);
      assertEquals(packed.headers.get("content-encoding"), "gzip");
      // Field names are case-insensitive.
      for (const answer of [packed, plain]) {
        assertMatch(answer.headers.get("vary") ?? "", /^Accept-Language, Cookie, Accept-Encoding$/i);
      }
      const html = new TextDecoder().decode(gunzipSync(new Uint8Array(await packed.arrayBuffer())));
      const plainHtml = await plain.text();
      // The CSP nonce differs per answer; everything else is the same document.
      const nonceless = (s: string) => s.replace(/nonce="[^"]*"/g, "");
      assertEquals(nonceless(html), nonceless(plainHtml));
      assert(packed.headers.get("content-security-policy")?.includes("nonce-"));
    },
  );

  await t.step("the dictionary comes gzipped, and its weakened tag still answers 304", async () => {
    const first = await get("/static/i18n/ka.json", { "accept-encoding": "gzip" });
    assertEquals(first.headers.get("content-encoding"), "gzip");
    const etag = first.headers.get("etag")!;
    assert(etag.startsWith('W/"'));
    const dictionary = JSON.parse(
      new TextDecoder().decode(gunzipSync(new Uint8Array(await first.arrayBuffer()))),
    );
    assertEquals(typeof dictionary, "object");
    const again = await get("/static/i18n/ka.json", { "accept-encoding": "gzip", "if-none-match": etag });
    assertEquals(again.status, 304);
  });

  await t.step("a small answer leaves as it is", async () => {
    const health = await get("/api/system/health", { "accept-encoding": "gzip" });
    const body = await health.text();
    assert(new TextEncoder().encode(body).length < COMPRESS_MIN_BYTES);
    assertEquals(health.headers.get("content-encoding"), null);
    JSON.parse(body);
  });

  await t.step("gzip refused with q=0 is not used", () => {
    assertEquals(acceptsGzip("gzip;q=0, br"), false);
    assertEquals(acceptsGzip("br, gzip;q=0.5"), true);
    assertEquals(acceptsGzip("*"), true);
    assertEquals(acceptsGzip("identity"), false);
    assertEquals(acceptsGzip(null), false);
  });
});
