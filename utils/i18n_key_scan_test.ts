import { assertEquals } from "../tests/assert.ts";
import { withEdits } from "../services/languages/i18n.ts";
import { flattenDictionary, keysInSource, nestDictionary } from "./i18n_key_scan.ts";

Deno.test("translation key scan and dictionaries", async (t) => {
  await t.step("finds keys named by t(), titleKey and key namespaces; skips run-time prefixes", () => {
    const source = `t("a.b"); t('menu.x', { n: 1 }); const meta = { titleKey: "sections.lang" };
      throw new AppError(404, "not_found", "errors.notFound"); t(\`menu.\${id}\`); "errors." + code; "menu.hr"`;
    assertEquals(keysInSource(source).sort(), ["a.b", "errors.notFound", "menu.x", "sections.lang"]);
  });

  await t.step("flat and nested dictionaries convert both ways", () => {
    const nested = { a: { b: "x", c: { d: "y" } }, e: "z" };
    const flat = flattenDictionary(nested);
    assertEquals(flat, { "a.b": "x", "a.c.d": "y", e: "z" });
    assertEquals(nestDictionary(flat), nested);
    // A key that would turn a text into a group is dropped rather than breaking the file.
    assertEquals(nestDictionary({ e: "z", "e.f": "w" }), { e: "z" });
  });

  await t.step("edits apply to a copy, never to the shipped dictionary, and never replace a group", () => {
    const shipped = { a: { b: "x" }, e: "z" };
    const edited = withEdits(shipped, { "a.b": "X", "n.m": "new", a: "flat", "e.f": "deep" });
    assertEquals(edited, { a: { b: "X" }, e: "z", n: { m: "new" } });
    assertEquals(shipped, { a: { b: "x" }, e: "z" });
  });
});
