import { assert, assertEquals, assertMatch, assertNotEquals } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";

const app = await seededApp();
const staffCookie = { cookie: `session=${await tokenFor("staff")}` };
const ORIGIN = "http://localhost";

const put = (path: string, init: { body?: string; headers?: Record<string, string> }) =>
  app.request(path, { method: "PUT", body: init.body, headers: init.headers });

Deno.test("HTTP platform", async (t) => {
  await t.step(
    "the OpenAPI document lists every operation with its operationId and x-permission",
    async () => {
      const doc = await (await app.request("/api/openapi.json")).json();
      const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, op]) => ({ path, method, ...op } as Record<string, unknown>))
        );
      assert(operations.length >= 2);
      for (const op of operations) {
        assertMatch(String(op.operationId), /^[a-z][A-Za-z]+$/, `${op.method} ${op.path} has no operationId`);
        assert(
          typeof op["x-permission"] === "string" && op["x-permission"],
          `${op.operationId} has no x-permission`,
        );
      }
      const ids = operations.map((o) => o.operationId);
      assertEquals(new Set(ids).size, ids.length, "operationIds are unique");
      assert(ids.includes("systemHealth") && ids.includes("languageSet"));
    },
  );

  await t.step(
    "every registered /api route is an OpenAPI operation (none escapes the permission guard)",
    async () => {
      const doc = await (await app.request("/api/openapi.json")).json();
      const documented = new Set(
        Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
          Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`)
        ),
      );
      const undocumented = app.routes
        .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`)
        .filter((key) =>
          !documented.has(key) &&
          !["GET /api/openapi.json", "GET /api/docs", "GET /api/asyncapi.json", "GET /api/docs/asyncapi"]
            .includes(key)
        );
      assertEquals(undocumented, []);
    },
  );

  await t.step("the API viewer is served from our own origin", async () => {
    const res = await app.request("/api/docs");
    const html = await res.text();
    assertEquals(res.status, 200);
    assertEquals(/https?:\/\//.test(html.replace(/http:\/\/www\.w3\.org/g, "")), false);
    assertMatch(html, /\/static\/_build\/vendor\/swagger\/swagger-ui-bundle\.js/);
  });

  await t.step("bad input gets 4xx in the one error shape, in the request's language", async () => {
    const headers = { "content-type": "application/json", origin: ORIGIN };
    const invalid = await put("/api/preferences/language", { body: JSON.stringify({ lang: "fr" }), headers });
    assertEquals(invalid.status, 422);
    const body = await invalid.json();
    assertEquals(body.error.code, "invalid");
    assertEquals(typeof body.error.fields.lang, "string");
    const english = await put("/api/preferences/language", {
      body: "{}",
      headers: { ...headers, cookie: "lang=en" },
    });
    assertEquals((await english.json()).error.fields.lang, "This field is required");
    const extra = await put("/api/preferences/language", {
      body: JSON.stringify({ lang: "en", admin: true }),
      headers,
    });
    assertEquals(extra.status, 422);
    const broken = await put("/api/preferences/language", { body: "{not json", headers });
    assertEquals(broken.status, 400);
    assertEquals((await broken.json()).error.code, "bad_json");
    const missing = await app.request("/api/nothing-here");
    assertEquals(missing.status, 404);
    assertEquals((await missing.json()).error.code, "not_found");
  });

  await t.step("a JSON operation sent another Content-Type answers 415 in the error shape", async () => {
    const bodies: [string, BodyInit][] = [
      ["application/x-www-form-urlencoded", "email=a%40b.c&password=x"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ],
      ["application/octet-stream", new Uint8Array([1, 2, 3])],
    ];
    for (const [type, body] of bodies) {
      for (const path of ["/api/auth/login", "/api/preferences/language"]) {
        const res = await app.request(path, {
          method: path.endsWith("login") ? "POST" : "PUT",
          body,
          headers: { "content-type": type, origin: ORIGIN },
        });
        assertEquals(res.status, 415, `${path} as ${type}`);
        assertEquals((await res.json()).error.code, "unsupported_media_type");
      }
    }
  });

  await t.step("the shell's JSON calls outside /api refuse in the error shape, never as a page", async () => {
    for (
      const headers of [{ ...staffCookie, origin: ORIGIN }, { ...staffCookie, "content-type": "text/plain" }]
    ) {
      const res = await app.request("/user/notifications/count", { method: "POST", body: "{}", headers });
      assertEquals(res.status, 415);
      assertMatch(res.headers.get("content-type") ?? "", /application\/json/);
      assertEquals((await res.json()).error.code, "unsupported_media_type");
    }
  });

  await t.step("valid input succeeds", async () => {
    const ok = await put("/api/preferences/language", {
      body: JSON.stringify({ lang: "en" }),
      headers: { "content-type": "application/json", origin: ORIGIN },
    });
    assertEquals(ok.status, 200);
    assertMatch(ok.headers.get("set-cookie") ?? "", /^lang=en;/);
  });

  await t.step("bodies over the limit are refused with 413", async () => {
    const res = await put("/api/preferences/language", {
      body: JSON.stringify({ lang: "x".repeat(1_100_000) }),
      headers: { "content-type": "application/json", origin: ORIGIN },
    });
    assertEquals(res.status, 413);
    assertEquals((await res.json()).error.code, "payload_too_large");
  });

  await t.step(
    "every route that reads a body stops reading at its limit: 413, without reading it all",
    async () => {
      // An endless stream (no Content-Length): the server must refuse it after a bounded number of bytes.
      const endless = () => {
        const counter = { sent: 0 };
        const chunk = new TextEncoder().encode("a=" + "x".repeat(64 * 1024));
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (counter.sent > 50_000_000) return controller.close();
            counter.sent += chunk.byteLength;
            controller.enqueue(chunk);
          },
        });
        return { counter, body };
      };
      const cases: [string, string, number][] = [
        ["/login", "application/x-www-form-urlencoded", 64 * 1024],
        ["/user/notifications/count", "application/json", 1024],
        ["/api/preferences/language", "application/json", 1024 * 1024],
      ];
      for (const [path, type, limit] of cases) {
        const { counter, body } = endless();
        const res = await app.request(path, {
          method: path.startsWith("/api/") ? "PUT" : "POST",
          body,
          headers: { "content-type": type, origin: ORIGIN, accept: "application/json", ...staffCookie },
        });
        assertEquals(res.status, 413, path);
        assertEquals((await res.json()).error.code, "payload_too_large");
        assert(counter.sent <= limit + 4 * 64 * 1024, `${path} read ${counter.sent} bytes`);
      }
    },
  );

  await t.step("CSRF: no Content-Type, text/plain and a foreign Origin are refused", async () => {
    const body = JSON.stringify({ lang: "en" });
    const noType = await app.request("/api/preferences/language", {
      method: "PUT",
      body: new Blob([body]).stream(),
    });
    assertEquals(noType.status, 415);
    const plain = await put("/api/preferences/language", {
      body,
      headers: { "content-type": "text/plain", origin: ORIGIN },
    });
    assertEquals(plain.status, 415);
    const foreign = await put("/api/preferences/language", {
      body,
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    assertEquals(foreign.status, 403);
    assertEquals((await foreign.json()).error.code, "csrf");
    const cookieNoOrigin = await put("/api/preferences/language", {
      body,
      headers: { "content-type": "application/json", cookie: "session=abc" },
    });
    assertEquals(cookieNoOrigin.status, 403);
    const crossSite = await put("/api/preferences/language", {
      body,
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    });
    assertEquals(crossSite.status, 403);
    const bearer = await put("/api/preferences/language", {
      body,
      headers: { "content-type": "application/json", cookie: "session=abc", authorization: "Bearer x" },
    });
    assertEquals(bearer.status, 200);
  });

  await t.step(
    "a body-less POST or DELETE needs no Content-Type: the Origin check alone guards the cookie",
    async () => {
      const bearer = { authorization: `Bearer ${await tokenFor("staff")}` };
      const refresh = (headers: Record<string, string>) =>
        app.request("/api/auth/refresh-permissions", { method: "POST", headers });
      assertEquals((await refresh(bearer)).status, 200);
      assertEquals((await refresh({ ...staffCookie, origin: ORIGIN })).status, 200);
      // Without the Content-Type a foreign page could send, the Origin rule still refuses what a browser forges.
      assertEquals((await refresh(staffCookie)).status, 403);
      assertEquals((await refresh({ ...staffCookie, origin: "https://evil.example" })).status, 403);
      assertEquals((await refresh({ ...staffCookie, "sec-fetch-site": "cross-site" })).status, 403);
      const list = await (await app.request("/api/books?limit=1", { headers: bearer })).json();
      const [{ id, versionstamp }] = list.data;
      const removal = await app.request(`/api/books/${id}?versionstamp=${versionstamp}`, {
        method: "DELETE",
        headers: bearer,
      });
      assertNotEquals(removal.status, 415);
      // An operation that takes a body is not run on an absent one as if it were empty and valid.
      const settings = await app.request("/api/notifications/settings", { method: "PUT", headers: bearer });
      assertEquals(settings.status, 422);
      // A body still needs its type: the CSRF rule for bodies is unchanged.
      const typeless = await app.request("/api/auth/refresh-permissions", {
        method: "POST",
        body: new Blob(["{}"]).stream(),
        headers: { ...staffCookie, origin: ORIGIN },
      });
      assertEquals(typeless.status, 415);
    },
  );

  await t.step("secure headers and a fresh CSP nonce on every page", async () => {
    const a = await app.request("/ui-kit", { headers: staffCookie });
    const b = await app.request("/ui-kit", { headers: staffCookie });
    const csp = a.headers.get("content-security-policy") ?? "";
    assertMatch(csp, /script-src 'nonce-[\w-]+' 'strict-dynamic'/);
    assertEquals(csp.includes("unsafe-eval") || csp.includes("unsafe-inline"), false);
    assertNotEquals(csp, b.headers.get("content-security-policy"));
    assertEquals(a.headers.get("x-content-type-options"), "nosniff");
    assertEquals(a.headers.get("x-frame-options"), "DENY");
    const html = await a.text();
    const nonce = csp.match(/'nonce-([\w-]+)'/)![1];
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert(scripts.length >= 2);
    for (const tag of scripts) assertMatch(tag, new RegExp(`nonce="${nonce}"`));
    await b.body?.cancel();
  });

  await t.step("built assets are immutable and served precompressed", async () => {
    const html = await (await app.request("/ui-kit", { headers: staffCookie })).text();
    const boot = html.match(/src="(\/static\/_build\/boot-[\w]+\.js)"/)![1];
    const res = await app.request(boot, { headers: { "accept-encoding": "gzip" } });
    assertEquals(res.status, 200);
    assertMatch(res.headers.get("cache-control") ?? "", /immutable/);
    assertEquals(res.headers.get("content-encoding"), "gzip");
    await res.arrayBuffer(); // read to the end, so the file is closed before the test ends
  });

  await t.step("the dictionary is served under the static assets path", async () => {
    const ka = await app.request("/static/i18n/ka.json");
    assertEquals(ka.status, 200);
    assertEquals((await ka.json()).app.home, "მთავარი");
    const etag = ka.headers.get("etag")!;
    assertEquals(
      (await app.request("/static/i18n/ka.json", { headers: { "if-none-match": etag } })).status,
      304,
    );
    const unknown = await app.request("/static/i18n/xx.json");
    assertEquals(unknown.status, 404);
    await unknown.body?.cancel();
  });

  await t.step("an unknown page renders the 404 page, not a 500", async () => {
    const res = await app.request("/no/such/page", { headers: { accept: "text/html", ...staffCookie } });
    assertEquals(res.status, 404);
    assertMatch(await res.text(), /\/no\/such\/page/);
  });

  await t.step("personal API answers are never kept in the browser's cache", async () => {
    for (const path of ["/api/auth/me", "/api/auth/accounts", "/api/students?limit=1", "/api/devices"]) {
      const res = await app.request(path, { headers: staffCookie });
      await res.body?.cancel();
      assertEquals([res.status, res.headers.get("cache-control")], [200, "no-store"], path);
    }
  });

  await t.step("the language link sets the cookie and returns only to local paths", async () => {
    const res = await app.request("/language/en?next=/ui-kit");
    assertEquals(res.status, 303);
    assertEquals(res.headers.get("location"), "/ui-kit");
    assertMatch(res.headers.get("set-cookie") ?? "", /^lang=en;/);
    const evil = await app.request("/language/en?next=//evil.example/x");
    assertEquals(evil.headers.get("location"), "/");
    const tab = await app.request("/language/en?next=/%09/127.0.0.1:8199/phish/");
    assertEquals(tab.headers.get("location"), "/");
    const crlf = await app.request("/language/en?next=/a%0d%0aSet-Cookie:x=1");
    assertEquals([crlf.status, crlf.headers.get("location")], [303, "/"]);
    const georgian = await app.request(`/language/ka?next=${encodeURIComponent("/სტუდენტები")}`);
    assertEquals(georgian.status, 303);
    assertEquals(decodeURIComponent(georgian.headers.get("location")!), "/სტუდენტები");
  });
});
