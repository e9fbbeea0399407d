import { assert, assertEquals } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { db } from "../services/db/kv.ts";
import { nextUlid } from "../services/db/ids.ts";
import { listDeadLetters } from "../services/operations/jobs.ts";

const app = await seededApp();

Deno.test("operations API: readiness, request ids, dead letters", async (t) => {
  await t.step(
    "readiness says the KV is reachable and the migrations are done; liveness stays apart",
    async () => {
      const ready = await app.request("/api/system/ready");
      assertEquals(ready.status, 200);
      assertEquals(await ready.json(), { ready: true, kv: true, migrations: true, draining: false });
      assertEquals((await app.request("/api/system/health")).status, 200);
    },
  );

  await t.step("every response carries a request id; a plain one from the client is kept", async () => {
    const given = await app.request("/api/system/health", { headers: { "x-request-id": "proxy-1234abcd" } });
    assertEquals(given.headers.get("x-request-id"), "proxy-1234abcd");
    const hostile = await app.request("/api/system/health", { headers: { "x-request-id": 'a"b<script>' } });
    assert(/^[0-9a-f-]{36}$/.test(hostile.headers.get("x-request-id") ?? ""));
    const error = await app.request("/api/books/999999999", {
      headers: { authorization: `Bearer ${await tokenFor("admin")}` },
    });
    assert(error.headers.get("x-request-id"));
  });

  await t.step("an administrator sees the dead letters and retries one; others may not", async () => {
    const id = nextUlid();
    await db().set(["jobs_dead", id], {
      id,
      name: "notification_deliver",
      key: "drill:1",
      payload: { userId: 2, notification: { title: "t", body: "b", kind: "system" } },
      attempts: 5,
      error: "Error: gateway down",
      at: new Date().toISOString(),
    });
    const admin = { authorization: `Bearer ${await tokenFor("admin")}` };
    const list = await app.request("/api/jobs/dead", { headers: admin });
    assertEquals(list.status, 200);
    const body = await list.json();
    assertEquals(body.data.map((d: { id: string; error: string }) => [d.id, d.error]), [[
      id,
      "Error: gateway down",
    ]]);
    assertEquals("payload" in body.data[0], false, "payloads stay on the server");
    const limited = { authorization: `Bearer ${await tokenFor("limited")}` };
    assertEquals((await app.request("/api/jobs/dead", { headers: limited })).status, 403);
    const retried = await app.request(`/api/jobs/dead/${id}/retry`, jsonRequest("POST", {}, admin));
    assertEquals(retried.status, 200);
    assertEquals(await listDeadLetters(), []);
    const again = await app.request(`/api/jobs/dead/${id}/retry`, jsonRequest("POST", {}, admin));
    assertEquals(again.status, 404);
  });

  await t.step("the permissions screen has a background jobs tab for those with its key", async () => {
    const admin = { authorization: `Bearer ${await tokenFor("admin")}` };
    const page = await app.request("/permissions/jobs", { headers: admin });
    assertEquals(page.status, 200);
    const html = await page.text();
    assert(html.includes("PermissionsDeadLetters"), "the dead letters island is on the page");
    assert(html.includes('href="/permissions/jobs"'), "the tab links to it");
    const limited = { authorization: `Bearer ${await tokenFor("limited")}` };
    assertEquals((await app.request("/permissions/jobs", { headers: limited })).status, 403);
  });
});
