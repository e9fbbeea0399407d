import { assertEquals } from "../tests/assert.ts";
import { pickLanguage } from "./accept_language.ts";

const LANGS = ["ka", "en"] as const;

Deno.test("Accept-Language lookup", async (t) => {
  await t.step("the highest weight we have wins; a region falls back to its language", () => {
    assertEquals(pickLanguage("en", LANGS), "en");
    assertEquals(pickLanguage("en-GB,en;q=0.9", LANGS), "en");
    assertEquals(pickLanguage("fr, en;q=0.5, ka;q=0.4", LANGS), "en");
    assertEquals(pickLanguage("en;q=0.5, ka;q=0.8", LANGS), "ka");
    assertEquals(pickLanguage("KA-ge", LANGS), "ka");
  });

  await t.step("nothing we have, nothing at all, or only refusals: no pick", () => {
    assertEquals(pickLanguage("de, fr;q=0.8", LANGS), null);
    assertEquals(pickLanguage("", LANGS), null);
    assertEquals(pickLanguage(null, LANGS), null);
    assertEquals(pickLanguage("en;q=0", LANGS), null);
  });

  await t.step("* takes the first language not refused", () => {
    assertEquals(pickLanguage("*", LANGS), "ka");
    assertEquals(pickLanguage("ka;q=0, *", LANGS), "en");
  });
});
