/**
 * One production build: esbuild bundles the boot runtime, the app's client init and every island (ESM, code
 * splitting so Preact loads once, minified, content-hashed names), Tailwind compiles the stylesheet, fonts
 * and the API viewer are copied from npm packages, and every text asset gets a .gz twin. The result is
 * described by static/_build/manifest.json.
 */
import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";
import { BUILD_DIR, BUILD_URL, type BuildManifest } from "./build_manifest.ts";
import { listModules } from "./manifest_gen.ts";

export interface BuildOptions {
  root: string;
  /** App module run in the browser before islands hydrate (default export: async function). */
  clientInit?: string;
  /** Files copied verbatim into the build folder: [from (relative to root), to (relative to the build)]. */
  copy?: [string, string][];
  css?: { input: string };
  locales?: string[];
}

export async function build(opts: BuildOptions): Promise<BuildManifest> {
  const { root } = opts;
  const out = `${root}/${BUILD_DIR}`;
  await Deno.remove(out, { recursive: true }).catch(() => {});
  await Deno.mkdir(out, { recursive: true });
  const { islands } = await listModules(root);
  const entryPoints: Record<string, string> = { boot: `${root}/framework/client/boot.ts` };
  if (opts.clientInit) entryPoints.init = `${root}/${opts.clientInit}`;
  for (const file of islands) {
    entryPoints[`island-${file.slice(2).replace(/\.(tsx|ts)$/, "").replaceAll("/", "-")}`] = `${root}/${
      file.slice(2)
    }`;
  }

  const result = await esbuild.build({
    entryPoints,
    outdir: out,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "firefox110", "safari16"],
    minify: true,
    metafile: true,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    jsx: "automatic",
    jsxImportSource: "preact",
    alias: { react: "preact/compat", "react-dom": "preact/compat" },
    absWorkingDir: root,
    logLevel: "warning",
    legalComments: "none",
  });
  await esbuild.stop();

  const url = (path: string) => `${BUILD_URL}/${path.slice(BUILD_DIR.length + 1)}`;
  const manifest: BuildManifest = { boot: "", islands: {}, imports: {}, css: "", locales: {} };
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!path.endsWith(".js")) continue;
    manifest.imports[url(path)] = output.imports.filter((i) => i.kind === "import-statement").map((i) =>
      url(i.path)
    );
    const entry = output.entryPoint;
    if (!entry) continue;
    if (entry.endsWith("framework/client/boot.ts")) manifest.boot = url(path);
    else if (opts.clientInit && entry.endsWith(opts.clientInit)) manifest.init = url(path);
    else manifest.islands[`./${entry}`] = url(path);
  }

  if (opts.css) manifest.css = await buildCss(root, opts.css.input, out);
  for (const [from, to] of opts.copy ?? []) {
    await Deno.mkdir(`${out}/${to}`.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.copyFile(`${root}/${from}`, `${out}/${to}`);
  }
  for (const lang of opts.locales ?? []) {
    manifest.locales[lang] = await hashOf(await Deno.readFile(`${root}/locales/${lang}.json`));
  }
  await precompress(out);
  await Deno.writeTextFile(`${out}/manifest.json`, JSON.stringify(manifest, null, 2));
  return manifest;
}

async function buildCss(root: string, input: string, out: string) {
  const tmp = `${out}/app.css`;
  const cli = new Deno.Command(`${root}/node_modules/.bin/tailwindcss`, {
    args: ["-i", `${root}/${input}`, "-o", tmp, "--minify"],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  });
  const { code, stderr } = await cli.output();
  if (code !== 0) throw new Error(`tailwindcss failed:\n${new TextDecoder().decode(stderr)}`);
  const bytes = await Deno.readFile(tmp);
  const name = `app-${(await hashOf(bytes)).slice(0, 10)}.css`;
  await Deno.rename(tmp, `${out}/${name}`);
  return `${BUILD_URL}/${name}`;
}

async function hashOf(bytes: Uint8Array) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function precompress(dir: string) {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) await precompress(path);
    else if (/\.(js|css|json|svg)$/.test(entry.name)) {
      await Deno.writeFile(`${path}.gz`, gzipSync(await Deno.readFile(path), { level: 9 }));
    }
  }
}
