import { assertEquals } from "../tests/assert.ts";
import { varyOn } from "./vary.ts";

Deno.test("varyOn", async (t) => {
  const varied = (before: string | null, names: string[]) => {
    const headers = new Headers(before === null ? {} : { vary: before });
    varyOn(headers, names);
    return [...headers].filter(([name]) => name === "vary").map(([, value]) => value);
  };

  await t.step("names are added to the one Vary line, each once, in any case", () => {
    assertEquals(varied(null, ["Accept-Language", "Cookie"]), ["Accept-Language, Cookie"]);
    assertEquals(varied("Accept-Language, Cookie", ["Accept-Encoding"]), [
      "Accept-Language, Cookie, Accept-Encoding",
    ]);
    assertEquals(varied("origin, cookie", ["Cookie", "Accept-Language"]), [
      "origin, cookie, Accept-Language",
    ]);
  });

  await t.step("an answer that varies on everything stays so", () => {
    assertEquals(varied("*", ["Accept-Encoding"]), ["*"]);
  });

  await t.step("a line that names them already is left as it is, again and again", () => {
    for (let i = 0; i < 3; i++) {
      assertEquals(varied("Cookie, accept-encoding", ["Accept-Encoding"]), ["Cookie, accept-encoding"]);
      assertEquals(varied("Cookie", ["Accept-Encoding"]), ["Cookie, Accept-Encoding"]);
    }
  });
});
