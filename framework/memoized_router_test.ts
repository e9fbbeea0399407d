import { Hono } from "hono";
import { assertEquals } from "../tests/assert.ts";
import { TrieRouter } from "hono/router/trie-router";
import { MemoizedRouter } from "./memoized_router.ts";

Deno.test("the memoized router answers as the router it wraps", async (t) => {
  const app = new Hono({ router: new MemoizedRouter() });
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("x-through", "api");
  });
  app.get("/api/students/export", (c) => c.text("export"));
  app.get("/api/students/:id", (c) => c.text(`student ${c.req.param("id")}`));
  app.get("/api/students/:id/log", (c) => c.text(`log of ${c.req.param("id")}`));
  const get = async (path: string) => {
    const res = await app.request(path);
    return `${res.status} ${await res.text()} ${res.headers.get("x-through")}`;
  };

  await t.step("a static segment beside a parameter, parameters, middleware, asked twice", async () => {
    for (let round = 0; round < 2; round++) {
      assertEquals(await get("/api/students/export"), "200 export api");
      assertEquals(await get("/api/students/7"), "200 student 7 api");
      assertEquals(await get("/api/students/8"), "200 student 8 api");
      assertEquals(await get("/api/students/7/log"), "200 log of 7 api");
      assertEquals(await get("/api/other"), "404 404 Not Found api");
    }
  });

  await t.step("far more paths than it keeps: each still gets its own answer", async () => {
    for (let id = 0; id < 2_500; id += 1) {
      assertEquals(await get(`/api/students/${id}`), `200 student ${id} api`);
    }
    assertEquals(await get("/api/students/export"), "200 export api");
  });
});

Deno.test("a route added after a match is matched (the memo is dropped)", () => {
  // Hono's default router refuses routes once it has matched; the trie alone takes them.
  const router = new MemoizedRouter<string>(new TrieRouter());
  router.add("GET", "/a/:id", "a");
  assertEquals(router.match("GET", "/a/1")[0].map(([handler]) => handler), ["a"]);
  router.add("GET", "/b", "b");
  assertEquals(router.match("GET", "/b")[0].map(([handler]) => handler), ["b"]);
});
