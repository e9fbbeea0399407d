/**
 * HTTP as clients expect it (issue 30, defects 8–10; RFC 9110): HEAD answers what GET would, without the body;
 * static files carry validators and answer 304 to every form of If-None-Match; built assets come compressed;
 * a trailing slash redirects to the canonical path; a missing static file is a 404.
 */
import { assert, assertEquals } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";

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
      const get = await fetch(url);
      const length = (await get.arrayBuffer()).byteLength;
      const head = await fetch(url, { method: "HEAD" });
      await head.body?.cancel();
      assertEquals(head.headers.get("content-length"), String(length));
    } finally {
      await server.shutdown();
    }
  });
});
