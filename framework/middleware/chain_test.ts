import { Hono } from "hono";
import { chain } from "./chain.ts";
import { assertEquals } from "../../tests/assert.ts";

function appWith(order: string[]) {
  const app = new Hono();
  app.use(chain(
    async (c, next) => {
      order.push("outer in");
      try {
        await next();
      } catch (error) {
        c.res = c.text(`caught: ${(error as Error).message}`, 500);
      }
      order.push("outer out");
      c.res.headers.set("x-outer", "yes");
    },
    (c, next) => {
      order.push("middle");
      if (c.req.path === "/refused") throw new Error("refused in the middle");
      return next();
    },
    async (_c, next) => {
      order.push("inner in");
      await next();
      order.push("inner out");
    },
  ));
  app.get("/", (c) => {
    order.push("route");
    return c.text("page");
  });
  return app;
}

Deno.test("chain", async (t) => {
  await t.step("layers run in order around the route, and the outer one sees its answer", async () => {
    const order: string[] = [];
    const res = await appWith(order).request("/");
    assertEquals([await res.text(), res.headers.get("x-outer")], ["page", "yes"]);
    assertEquals(order, ["outer in", "middle", "inner in", "route", "inner out", "outer out"]);
  });

  await t.step("what a layer throws reaches the layer outside it; the rest are skipped", async () => {
    const order: string[] = [];
    const res = await appWith(order).request("/refused");
    assertEquals([res.status, await res.text()], [500, "caught: refused in the middle"]);
    assertEquals(order, ["outer in", "middle", "outer out"]);
  });

  await t.step("a path no route answers falls through to the app's not-found", async () => {
    const order: string[] = [];
    const res = await appWith(order).request("/nowhere");
    assertEquals([res.status, order], [404, ["outer in", "middle", "inner in", "inner out", "outer out"]]);
  });
});
