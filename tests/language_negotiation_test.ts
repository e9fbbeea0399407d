/**
 * The language of an answer (issue 30, defect 7): the `lang` cookie, else `Accept-Language`, else Georgian —
 * for pages and for the API's error messages — stated in `Content-Language`, with `Vary` naming what chose it
 * (a shared cache must not hand one person's language to another; an API answer, which no cache keeps, needs no
 * `Vary`).
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { seededApp } from "./helpers.ts";

const app = await seededApp();

const langOfPage = async (headers: Record<string, string>) => {
  const res = await app.request("/login", { headers });
  const html = await res.text();
  return { res, lang: html.match(/<html lang="(\w+)"/)?.[1] };
};

Deno.test("language negotiation", async (t) => {
  await t.step("a first visit with Accept-Language: en renders English", async () => {
    const { res, lang } = await langOfPage({ "accept-language": "en-US,en;q=0.9" });
    assertEquals(lang, "en");
    assertEquals(res.headers.get("content-language"), "en");
    assertMatch(res.headers.get("vary") ?? "", /accept-language/i);
    assertMatch(res.headers.get("vary") ?? "", /cookie/i);
  });

  await t.step("the lang cookie comes before Accept-Language", async () => {
    const { res, lang } = await langOfPage({ "accept-language": "en", cookie: "lang=ka" });
    assertEquals(lang, "ka");
    assertEquals(res.headers.get("content-language"), "ka");
  });

  await t.step("a language we do not have, or none asked for, is Georgian", async () => {
    assertEquals((await langOfPage({ "accept-language": "de-DE, fr;q=0.5" })).lang, "ka");
    assertEquals((await langOfPage({})).lang, "ka");
  });

  await t.step("a token client's error messages follow Accept-Language", async () => {
    const en = await app.request("/api/nothing-here", { headers: { "accept-language": "en" } });
    assertEquals((await en.json()).error.message, "There is no such API path");
    assertEquals(en.headers.get("content-language"), "en");
    // No cache keeps an API answer, so none needs to be told what chose its language.
    assertEquals(en.headers.get("cache-control"), "no-store");
    assertEquals(en.headers.get("vary"), null);
    const ka = await app.request("/api/nothing-here");
    const message = (await ka.json()).error.message;
    assert(/[\u10d0-\u10ff]/.test(message), message);
    assertEquals(ka.headers.get("content-language"), "ka");
  });
});
