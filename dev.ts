/**
 * `deno task build`: writes routes.gen.ts and builds the browser assets into static/_build.
 * `deno task dev`: the same, then serves the app and rebuilds and restarts it when a source file changes.
 */
import { build } from "./framework/build.ts";
import { writeManifest } from "./framework/manifest_gen.ts";

const root = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
const fonts = ["georgian", "latin"].flatMap((subset) =>
  [400, 500, 600, 700].map((weight): [string, string] => {
    const file = `noto-sans-georgian-${subset}-${weight}-normal.woff2`;
    return [`node_modules/@fontsource/noto-sans-georgian/files/${file}`, `fonts/${file}`];
  })
);
const swagger: [string, string][] = ["swagger-ui.css", "swagger-ui-bundle.js"].map((file) => [
  `node_modules/swagger-ui-dist/${file}`,
  `vendor/swagger/${file}`,
]);

async function buildAll() {
  const started = performance.now();
  await writeManifest(root);
  const manifest = await build({
    root,
    clientInit: "utils/client_init.ts",
    css: { input: "styles/app.css" },
    copy: [...fonts, ...swagger],
    locales: ["ka", "en"],
  });
  const islands = Object.keys(manifest.islands).length;
  console.log(`built ${islands} islands and the stylesheet in ${Math.round(performance.now() - started)} ms`);
}

async function watch() {
  let server: Deno.ChildProcess | null = null;
  const restart = async () => {
    try {
      await buildAll();
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      return;
    }
    server?.kill("SIGTERM");
    await server?.status;
    server = new Deno.Command(Deno.execPath(), { args: ["task", "serve"], cwd: root }).spawn();
  };
  await restart();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dirs = [
    "routes",
    "islands",
    "components",
    "services",
    "utils",
    "framework",
    "styles",
    "locales",
    "main.ts",
  ];
  for await (const event of Deno.watchFs(dirs.map((d) => `${root}/${d}`))) {
    if (event.paths.every((p) => p.endsWith("routes.gen.ts") || p.includes("/_build/"))) continue;
    clearTimeout(timer);
    timer = setTimeout(restart, 150);
  }
}

if (Deno.args.includes("--watch")) await watch();
else await buildAll();
