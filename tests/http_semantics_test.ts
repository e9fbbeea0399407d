/**
 * HTTP as clients expect it (issue 30, defects 8–10; RFC 9110): HEAD answers what GET would, without the body;
 * static files carry validators and answer 304 to every form of If-None-Match; built assets come compressed;
 * a trailing slash redirects to the canonical path; a missing static file is a 404.
 */
import { brotliDecompressSync } from "node:zlib";
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";
import { readBuildManifest } from "../framework/build_manifest.ts";

const app = await seededApp();
const bearer = { authorization: `Bearer ${await tokenFor("admin")}` };

Deno.test("HTTP semantics", async (t) => {
  await t.step(
    "HEAD has GET's status and Content-Length, and no body (pages, JSON, static, exports)",
    async () => {
      const cases: [string, Record<string, string>][] = [
        ["/login", {}],
        ["/api/books?limit=2", bearer],
        ["/api/openapi.json", {}],
        ["/static/favicon.svg", {}],
        ["/api/books/export", bearer],
      ];
      for (const [path, headers] of cases) {
        const get = await app.request(path, { headers });
        const length = (await get.arrayBuffer()).byteLength;
        assert(length > 0, path);
        const head = await app.request(path, { method: "HEAD", headers });
        assertEquals(head.status, get.status, path);
        assertEquals(head.headers.get("content-length"), String(length), path);
        assertEquals(head.headers.get("content-type"), get.headers.get("content-type"), path);
        assertEquals((await head.arrayBuffer()).byteLength, 0, path);
      }
    },
  );

  await t.step("over a real socket too: HEAD's Content-Length is GET's", async () => {
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
    try {
      const url = `http://127.0.0.1:${server.addr.port}/api/openapi.json`;
      // Deno's fetch asks for gzip and unpacks it: the bytes it hands back are not the bytes sent. Asked for
      // as they are, the two lengths compare; asked for gzipped, HEAD states the gzipped length.
      const identity = { "accept-encoding": "identity" };
      const get = await fetch(url, { headers: identity });
      const length = (await get.arrayBuffer()).byteLength;
      const head = await fetch(url, { method: "HEAD", headers: identity });
      await head.body?.cancel();
      assertEquals(head.headers.get("content-length"), String(length));
      const gzip = { "accept-encoding": "gzip" };
      const packed = await app.request("/api/openapi.json", { headers: gzip });
      assertEquals(packed.headers.get("content-encoding"), "gzip");
      // Read off the wire: Deno 2.5's fetch, unpacking gzip, drops Content-Encoding and Content-Length.
      const packedHead = await rawHead(server.addr.port, "/api/openapi.json", gzip);
      assertEquals(packedHead.get("content-encoding"), "gzip");
      assertEquals(packedHead.get("content-length"), String((await packed.arrayBuffer()).byteLength));
    } finally {
      await server.shutdown();
    }
  });

  await t.step(
    "static files carry ETag and Last-Modified, and answer 304 to each form of If-None-Match",
    async () => {
      const first = await app.request("/static/favicon.svg");
      await first.body?.cancel();
      const etag = first.headers.get("etag")!;
      assert(/^(W\/)?"[^"]+"$/.test(etag ?? ""), `favicon ETag: ${etag}`);
      const modified = first.headers.get("last-modified")!;
      assert(!Number.isNaN(Date.parse(modified)), `favicon Last-Modified: ${modified}`);
      const weak = etag.startsWith("W/") ? etag : `W/${etag}`;
      for (const ifNoneMatch of [etag, weak, `"other", ${etag}`, `"a","b",${weak}`, "*"]) {
        const again = await app.request("/static/favicon.svg", { headers: { "if-none-match": ifNoneMatch } });
        assertEquals(again.status, 304, ifNoneMatch);
        assertEquals(again.headers.get("etag"), etag);
        assertEquals((await again.arrayBuffer()).byteLength, 0);
      }
      const changed = await app.request("/static/favicon.svg", { headers: { "if-none-match": '"other"' } });
      assertEquals(changed.status, 200);
      await changed.body?.cancel();
      const since = await app.request("/static/favicon.svg", { headers: { "if-modified-since": modified } });
      assertEquals(since.status, 304);
    },
  );

  await t.step("the dictionaries' ETag is honoured in its weak and list forms too", async () => {
    const first = await app.request("/static/i18n/en.json");
    await first.body?.cancel();
    const etag = first.headers.get("etag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"x", ${etag}`]) {
      const again = await app.request("/static/i18n/en.json", { headers: { "if-none-match": ifNoneMatch } });
      assertEquals(again.status, 304, ifNoneMatch);
      await again.body?.cancel();
    }
  });

  await t.step(
    "built assets come brotli-compressed to a client that takes it, gzip to one that does not",
    async () => {
      const { css } = await readBuildManifest(".");
      const plain = await (await app.request(css)).text();
      const br = await app.request(css, { headers: { "accept-encoding": "gzip, br" } });
      assertEquals(br.headers.get("content-encoding"), "br");
      assertEquals(
        new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer()))),
        plain,
      );
      const gzip = await app.request(css, { headers: { "accept-encoding": "gzip" } });
      assertEquals(gzip.headers.get("content-encoding"), "gzip");
      await gzip.body?.cancel();
      assert(br.headers.get("etag") !== gzip.headers.get("etag"), "each encoding is its own representation");
    },
  );

  await t.step("a trailing slash redirects (308) to the canonical path, keeping the query", async () => {
    for (const [from, to] of [["/books/", "/books"], ["/api/books/?limit=1", "/api/books?limit=1"]]) {
      const res = await app.request(from, { headers: bearer });
      assertEquals(res.status, 308, from);
      assertEquals(new URL(res.headers.get("location")!, "http://localhost").href, `http://localhost${to}`);
    }
    const favicon = await app.request("/static/favicon.svg/");
    assertEquals(favicon.status, 308);
    const followed = await app.request(favicon.headers.get("location")!);
    assertMatch(followed.headers.get("content-type") ?? "", /^image\/svg\+xml/);
    await followed.body?.cancel();
  });

  await t.step("a missing static file is a 404, never the sign-in page", async () => {
    for (const path of ["/static/nothing.png", "/static/_build/nothing.js", "/static/fonts/none.woff2"]) {
      const res = await app.request(path);
      assertEquals(res.status, 404, path);
      await res.body?.cancel();
    }
  });

  await t.step("the 404 page's title names it", async () => {
    const cookie = `session=${await tokenFor("staff")}; lang=en`;
    for (const path of ["/no-such-page", "/books/no/such/page"]) {
      const res = await app.request(path, { headers: { cookie } });
      assertEquals(res.status, 404, path);
      const title = (await res.text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      assert(title.endsWith("Page not found"), `${path}: ${title}`);
    }
  });
});

/** The headers of a HEAD answer as they arrive on the socket (HTTP/1.1, the connection closed after it). */
async function rawHead(port: number, path: string, headers: Record<string, string>): Promise<Headers> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const lines = [`HEAD ${path} HTTP/1.1`, "host: 127.0.0.1", "connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  await conn.write(new TextEncoder().encode(`${lines.join("\r\n")}\r\n\r\n`));
  const text = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
  const answer = new Headers();
  for (const line of text.split("\r\n\r\n")[0].split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    answer.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return answer;
}
