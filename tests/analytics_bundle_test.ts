/**
 * Chart code only where charts are (issue 22): the built bundles of every island but the analytics chart, and
 * the boot module every page loads, reach no module holding uPlot — statically or through a dynamic import.
 * Reads the build (`deno task build`) that the other suites serve.
 */
import { assert, assertEquals } from "./assert.ts";
import { BUILD_DIR, BUILD_URL, readBuildManifest } from "../framework/build_manifest.ts";

const CHART_ISLAND = "./islands/analytics/chart.tsx";
/** A class name uPlot's code gives its overlay layer: present in its bundle, in no other module of the app. */
const UPLOT_MARK = "u-over";

const manifest = await readBuildManifest();
const source = new Map<string, string>();
const read = async (url: string) => {
  if (!source.has(url)) {
    source.set(url, await Deno.readTextFile(`${BUILD_DIR}/${url.slice(BUILD_URL.length + 1)}`));
  }
  return source.get(url)!;
};

/** The module and everything it imports, statically or by a dynamic import of a built file. */
async function reach(url: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = await read(url);
  const dynamic = [...text.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => `${BUILD_URL}/${m[1]}`);
  for (const next of [...(manifest.imports[url] ?? []), ...dynamic]) await reach(next, seen);
  return seen;
}

const holdsUplot = async (url: string) => (await read(url)).includes(UPLOT_MARK);

Deno.test("analytics: only the chart island's bundle reaches uPlot", async (t) => {
  await t.step("the chart island loads uPlot", async () => {
    const chart = manifest.islands[CHART_ISLAND];
    assert(chart, "the chart island is built");
    const reached = [...await reach(chart)];
    assert((await Promise.all(reached.map(holdsUplot))).some(Boolean), "uPlot is in its graph");
  });

  await t.step("no other island, and not the boot module, reaches it", async () => {
    // (The build lists uPlot itself too: esbuild makes a dynamically imported module an entry of its own.)
    const others = Object.entries(manifest.islands).filter(([file]) =>
      file.startsWith("./islands/") && file !== CHART_ISLAND
    );
    const offenders: string[] = [];
    for (const [file, url] of [["boot", manifest.boot] as const, ...others]) {
      for (const module of await reach(url)) {
        if (await holdsUplot(module)) offenders.push(`${file}: ${module}`);
      }
    }
    assertEquals(offenders, []);
  });
});
