/**
 * `deno task build`: writes routes.gen.ts and builds the browser assets into static/_build.
 * `deno task dev`: the same, then serves the app and rebuilds and restarts it when a source file changes.
 */
import { build } from "./framework/build.ts";
import { writeManifest } from "./framework/manifest_gen.ts";
import { keysInSource } from "./utils/i18n_key_scan.ts";

const root = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
const fonts = ["georgian", "latin"].flatMap((subset) =>
  [400, 500, 600, 700].map((weight): [string, string] => {
    const file = `noto-sans-georgian-${subset}-${weight}-normal.woff2`;
    return [`node_modules/@fontsource/noto-sans-georgian/files/${file}`, `fonts/${file}`];
  })
);
// The diploma supplement (services/lifecycle/pdf_text.ts) embeds the WOFF faces: pdf-lib's embedding of a WOFF2 face
// draws no text.
const pdfFonts = ["georgian", "latin"].flatMap((subset) =>
  [400, 700].map((weight): [string, string] => {
    const file = `noto-sans-georgian-${subset}-${weight}-normal.woff`;
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
    copy: [...fonts, ...pdfFonts, ...swagger],
    locales: ["ka", "en"],
    // The shell's islands: on every signed-in page.
    bootIslands: [
      "./islands/shell/side_menu.tsx",
      "./islands/shell/top_bar.tsx",
      "./islands/chat/widget.tsx",
      "./islands/consent/check.tsx",
    ],
  });
  await writeUsedKeys();
  const islands = Object.keys(manifest.islands).length;
  console.log(`built ${islands} islands and the stylesheet in ${Math.round(performance.now() - started)} ms`);
}

/** Sources scanned for translation keys, and the pages the students' side shares (the public ones). */
const KEY_SOURCES = ["routes", "islands", "components", "services", "utils", "framework", "main.ts"];
const STUDENT_SIDE = [
  /^routes\/studentInfoQrCode\//,
  /^routes\/online-register\.tsx$/,
  /^routes\/login\.tsx$/,
];

/**
 * Writes static/_build/i18n_keys.json: the translation keys the code uses, per side of the language screen
 * (services/languages/mod.ts), which may read ./static but not the sources.
 */
async function writeUsedKeys() {
  const admin = new Set<string>();
  const student = new Set<string>();
  const walk = async (path: string): Promise<void> => {
    const info = await Deno.stat(`${root}/${path}`);
    if (info.isDirectory) {
      for await (const entry of Deno.readDir(`${root}/${path}`)) await walk(`${path}/${entry.name}`);
      return;
    }
    if (!/\.(ts|tsx)$/.test(path) || /_test\.tsx?$/.test(path)) return;
    const keys = keysInSource(await Deno.readTextFile(`${root}/${path}`));
    keys.forEach((key) => admin.add(key));
    if (STUDENT_SIDE.some((pattern) => pattern.test(path))) keys.forEach((key) => student.add(key));
  };
  for (const source of KEY_SOURCES) await walk(source);
  const sides = { admin_side: [...admin].sort(), student_side: [...student].sort() };
  await Deno.writeTextFile(`${root}/static/_build/i18n_keys.json`, JSON.stringify({ sides }));
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
    // Development shows the demo university, as `npm start` does, unless SEED says otherwise.
    const env = { SEED: Deno.env.get("SEED") ?? "demo" };
    server = new Deno.Command(Deno.execPath(), { args: ["task", "serve"], cwd: root, env }).spawn();
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
