/**
 * Every translation key used in code exists in both locales, and the two locales hold the same keys.
 * Keys are found where code names them: `t("…")`, `titleKey: "…"`, and any string literal of a known
 * namespace such as "errors.…" (AppError and field errors carry keys, translated later). `menu.…` strings are
 * left to `titleKey`, since permission keys share that prefix.
 */
import { assertEquals } from "./assert.ts";
import { createTranslator } from "../services/languages/i18n.ts";
import { createLightTranslator, type Lang } from "../utils/i18n.ts";
import { ROOT } from "./serve_flags.ts";

const SOURCE_DIRS = ["routes", "islands", "components", "services", "utils", "framework", "main.ts"];
const NAMESPACED =
  /["'`]((?:errors|common|routes|shell|app|ui|sections|login|devices|password|guards|home|notAvailable)\.[A-Za-z0-9_.]+)["'`]/g;
const CALLS = /\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g;
const TITLES = /titleKey:\s*["'`]([A-Za-z0-9_.]+)["'`]/g;

async function sources(path: string, out: string[] = []): Promise<string[]> {
  const info = await Deno.stat(path);
  if (info.isFile) return /\.(ts|tsx)$/.test(path) && !/_test\.tsx?$/.test(path) ? [...out, path] : out;
  for await (const entry of Deno.readDir(path)) {
    await sources(`${path}/${entry.name}`, out).then((r) => (out = r));
  }
  return out;
}

function leaves(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

Deno.test("translation keys", async (t) => {
  const ka = new Set(leaves(JSON.parse(await Deno.readTextFile(`${ROOT}/locales/ka.json`))));
  const en = new Set(leaves(JSON.parse(await Deno.readTextFile(`${ROOT}/locales/en.json`))));

  await t.step("both locales hold the same keys", () => {
    assertEquals([...ka].filter((k) => !en.has(k)), [], "keys only in ka.json");
    assertEquals([...en].filter((k) => !ka.has(k)), [], "keys only in en.json");
  });

  await t.step("the browser's light translator says exactly what i18next says on the server", async () => {
    for (const lang of ["ka", "en"] as Lang[]) {
      const dictionary = JSON.parse(await Deno.readTextFile(`${ROOT}/locales/${lang}.json`));
      const server = createTranslator(lang, dictionary);
      const browser = createLightTranslator(dictionary);
      const differ: string[] = [];
      for (const key of lang === "ka" ? ka : en) {
        const names = [...(browser(key).matchAll(/\{\{\s*(\w+)\s*\}\}/g))].map((m) => m[1]);
        const params = Object.fromEntries(names.map((name, i) => [name, i + 7]));
        if (server(key, params) !== browser(key, params)) differ.push(`${lang}:${key}`);
      }
      assertEquals(differ, []);
    }
  });

  await t.step("every key used in code exists in both locales", async () => {
    const used = new Map<string, string>();
    for (const dir of SOURCE_DIRS) {
      for (const file of await sources(`${ROOT}/${dir}`)) {
        const text = await Deno.readTextFile(file);
        for (const pattern of [CALLS, TITLES, NAMESPACED]) {
          for (const match of text.matchAll(pattern)) {
            // Skip prefixes that code completes at run time, e.g. t(`menu.${x}`) or "errors." + code.
            if (!match[1].endsWith(".")) used.set(match[1], file.slice(ROOT.length + 1));
          }
        }
      }
    }
    const missing = [...used].filter(([key]) => !ka.has(key) || !en.has(key)).map(([key, file]) =>
      `${key} (${file})`
    );
    assertEquals(missing, []);
  });
});
