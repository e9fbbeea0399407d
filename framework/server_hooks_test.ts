import { h, options, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { withServerHooks } from "./server_hooks.ts";
import { assertEquals, assertThrows } from "../tests/assert.ts";

// A client library's hook, installed after the server's were taken (as @preact/signals does when an island loads).
const seen: string[] = [];
const hooks = options as typeof options & Record<string, unknown>;
const before = hooks.vnode;
hooks.vnode = (vnode: VNode) => {
  if (typeof vnode.type === "string") seen.push(vnode.type);
  before?.(vnode);
};
const page = () => renderToString(h("main", null, h("p", null, "text")));

Deno.test("withServerHooks", async (t) => {
  await t.step("a hook installed later does not run in a server render, and the markup is the same", () => {
    seen.length = 0;
    const html = withServerHooks(page);
    assertEquals([html, seen], ["<main><p>text</p></main>", []]);
  });

  await t.step("it is back in place after the render, and after a render that failed", () => {
    assertThrows(() =>
      withServerHooks(() => {
        throw new Error("render failed");
      })
    );
    seen.length = 0;
    assertEquals(page(), "<main><p>text</p></main>");
    assertEquals(seen.sort(), ["main", "p"]);
  });
});
