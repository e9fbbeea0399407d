/**
 * The layout's rules (README "Layout"): `services/` holds one folder per domain and no loose files, and imports
 * point one way — services never reach into the web layer, utils (shared with the browser) depend on nothing of
 * the app's, islands take only types from services, and the framework knows nothing of the app. Tests leave the
 * process's environment alone (utils/env.ts's `withEnvVar` says why).
 */
import { assertEquals } from "./assert.ts";

const ROOT = new URL("../", import.meta.url);

/** Top-level folders a file in `from` must never import from; `typesOnly` folders may be imported for types. */
const RULES: { from: string; never: string[]; typesOnly?: string[]; skipTests?: boolean }[] = [
  { from: "services", never: ["components", "islands", "routes", "http", "framework"] },
  {
    from: "utils",
    never: ["services", "components", "islands", "routes", "http", "framework"],
    skipTests: true,
  },
  { from: "islands", never: [], typesOnly: ["services"] },
  { from: "framework", never: ["services", "components", "islands", "routes", "http"] },
];

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every module specifier in a source: static imports and re-exports (noting `import type`) and `import()`. */
export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const statement =
    /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
  for (const m of source.matchAll(statement)) {
    found.push({ specifier: m[3] ?? m[4], typeOnly: Boolean(m[2]) });
  }
  for (const m of source.matchAll(/import\(\s*["']([^"']+)["']/g)) {
    found.push({ specifier: m[1], typeOnly: false });
  }
  for (const m of source.matchAll(/typeof import\(\s*["']([^"']+)["']/g)) {
    found.find((i) => i.specifier === m[1] && !i.typeOnly)!.typeOnly = true;
  }
  return found;
}

/** The repository's top-level folder a relative specifier in `file` (a path from the root) points into. */
function topFolderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = new URL(specifier, new URL(file, ROOT)).pathname.slice(ROOT.pathname.length);
  return target.includes("/") ? target.split("/")[0] : null;
}

export function violationsIn(file: string, source: string): string[] {
  const rule = RULES.find((r) => file.startsWith(`${r.from}/`));
  if (!rule || (rule.skipTests && /_test\.tsx?$/.test(file))) return [];
  return importsOf(source).flatMap(({ specifier, typeOnly }) => {
    const folder = topFolderOf(file, specifier);
    if (!folder) return [];
    const forbidden = rule.never.includes(folder) || (!typeOnly && rule.typesOnly?.includes(folder));
    return forbidden ? [`${file} imports ${specifier}`] : [];
  });
}

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) files.push(...await sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

Deno.test("layout", async (t) => {
  await t.step("services/ holds domain folders and no loose files", async () => {
    const loose: string[] = [];
    for await (const entry of Deno.readDir(new URL("services", ROOT))) {
      if (!entry.isDirectory) loose.push(entry.name);
    }
    assertEquals(loose, []);
  });

  await t.step("imports point one way", async () => {
    const violations: string[] = [];
    for (const { from } of RULES) {
      for (const file of await sourceFiles(from)) {
        violations.push(...violationsIn(file, await Deno.readTextFile(new URL(file, ROOT))));
      }
    }
    assertEquals(violations, []);
  });

  await t.step("the check sees a wrong-way import, static, re-exported or dynamic", () => {
    assertEquals(violationsIn("services/books/mod.ts", `import { X } from "../../components/x.tsx";`), [
      "services/books/mod.ts imports ../../components/x.tsx",
    ]);
    assertEquals(
      violationsIn("services/books/mod.ts", `export type { Y } from "../../http/y.ts";`).length,
      1,
    );
    assertEquals(violationsIn("framework/a.ts", `const m = await import("../routes/r.tsx");`).length, 1);
    assertEquals(violationsIn("utils/a.ts", `import type { A } from "../framework/api.ts";`).length, 1);
    assertEquals(violationsIn("islands/a.tsx", `import { f } from "../services/s.ts";`).length, 1);
    assertEquals(violationsIn("islands/a.tsx", `import type { S } from "../services/s.ts";`), []);
    assertEquals(violationsIn("islands/a.tsx", `type M = typeof import("../services/s.ts");`), []);
    assertEquals(violationsIn("services/books/mod.ts", `import { db } from "../db/kv.ts";`), []);
  });

  await t.step("no test changes the process's environment", async () => {
    // `deno test --parallel` runs the modules in one process: a variable set by one reaches the others.
    const changes = new RegExp(String.raw`Deno\.env\.(set|delete)\(`);
    const offenders: string[] = [];
    for (
      const dir of ["services", "framework", "utils", "components", "islands", "routes", "http", "tests"]
    ) {
      for (const file of await sourceFiles(dir)) {
        if (changes.test(await Deno.readTextFile(new URL(file, ROOT)))) offenders.push(file);
      }
    }
    assertEquals(offenders, []);
  });
});
