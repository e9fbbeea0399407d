import { assertEquals } from "../tests/assert.ts";
import { localRedirectTarget } from "./local_redirect.ts";

Deno.test("redirect targets stay on this site", async (t) => {
  await t.step("a local path with its query and fragment is kept", () => {
    assertEquals(localRedirectTarget("/students?page=2#top"), "/students?page=2#top");
  });

  await t.step("paths a browser would take to another host are refused", () => {
    for (
      const target of [
        "//evil.example/x",
        "/\\evil.example/x",
        "/\t/127.0.0.1:8199/phish/",
        "/\n/evil.example",
        "/\r\n/evil.example",
        "/ /evil.example",
        "/\u00a0/evil.example",
        "https://evil.example/",
        "evil.example",
        "javascript:alert(1)",
        "",
      ]
    ) {
      assertEquals(localRedirectTarget(target), null, JSON.stringify(target));
    }
  });

  await t.step("non-Latin characters come back percent-encoded, fit for a Location header", () => {
    const target = localRedirectTarget("/სტუდენტები?q=ნინო")!;
    assertEquals(
      target,
      "/%E1%83%A1%E1%83%A2%E1%83%A3%E1%83%93%E1%83%94%E1%83%9C%E1%83%A2%E1%83%94%E1%83%91%E1%83%98?q=%E1%83%9C%E1%83%98%E1%83%9C%E1%83%9D",
    );
    new Headers({ location: target }); // throws on a value a header cannot carry
  });

  await t.step("bidi and invisible format characters are refused", () => {
    assertEquals(localRedirectTarget("/a\u202eb"), null);
    assertEquals(localRedirectTarget("/a\u200bb"), null);
  });
});
