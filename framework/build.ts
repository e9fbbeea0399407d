/**
 * One production build: esbuild bundles the boot runtime (with the client init and the shell's islands) and
 * every other island (ESM, code splitting so Preact loads once, minified, content-hashed names), Tailwind compiles the stylesheet, fonts
 * and the API viewer are copied from npm packages, and every text asset gets .br and .gz twins. The result is
 * described by static/_build/manifest.json.
 */
import * as esbuild from "esbuild";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
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
  /**
   * Islands on nearly every page (the shell's), bundled into the boot module together with the client init:
   * each JavaScript file is compressed on its own, so every extra small file costs a few hundred bytes of
   * lost compression context, and these always load together anyway. Paths as in the island manifest, e.g.
   * `./islands/shell/top_bar.tsx`.
   */
  bootIslands?: string[];
}

const BOOT_ENTRY = "app-boot-entry";

/** How browser code is bundled (also by the benchmark that measures the framework's runtime alone). */
export const CLIENT_BUNDLE = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022", "chrome110", "firefox110", "safari16"],
  minify: true,
  metafile: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  alias: { react: "preact/compat", "react-dom": "preact/compat" },
  logLevel: "warning",
  legalComments: "none",
} as const satisfies esbuild.BuildOptions;

export async function build(opts: BuildOptions): Promise<BuildManifest> {
  const { root } = opts;
  const out = `${root}/${BUILD_DIR}`;
  await Deno.remove(out, { recursive: true }).catch(() => {});
  await Deno.mkdir(out, { recursive: true });
  const { islands } = await listModules(root);
  const bootIslands = new Set(opts.bootIslands ?? []);
  for (const file of bootIslands) {
    if (!islands.includes(file)) {
      throw new Error(`build: bootIslands names ${file}, which is not an island module`);
    }
  }
  const entryPoints: Record<string, string> = { boot: BOOT_ENTRY };
  for (const file of islands) {
    if (bootIslands.has(file)) continue;
    entryPoints[`island-${file.slice(2).replace(/\.(tsx|ts)$/, "").replaceAll("/", "-")}`] = `${root}/${
      file.slice(2)
    }`;
  }

  const result = await esbuild.build({
    ...CLIENT_BUNDLE,
    entryPoints,
    outdir: out,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    absWorkingDir: root,
    plugins: [bootEntry(root, opts.clientInit, [...bootIslands])],
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
    if (entry.endsWith(BOOT_ENTRY)) {
      manifest.boot = url(path);
      if (opts.clientInit) manifest.init = url(path);
      for (const file of bootIslands) manifest.islands[file] = url(path);
    } else manifest.islands[`./${entry}`] = url(path);
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

/**
 * The boot entry: the boot runtime, the client init as the default export (the boot runtime imports it by the
 * payload's URL, which is then its own) and the boot islands' exports. Island names are unique, so their
 * component exports never clash; other clashing names (`ssrCache`) are dropped by `export *`, and only the
 * server reads those.
 */
function bootEntry(root: string, clientInit: string | undefined, islands: string[]): esbuild.Plugin {
  const lines = [`import "./framework/client/boot.ts";`];
  if (clientInit) lines.push(`export { default } from "./${clientInit}";`);
  for (const file of islands) lines.push(`export * from "${file}";`);
  return {
    name: "boot-entry",
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${BOOT_ENTRY}$`) }, () => ({ path: BOOT_ENTRY, namespace: "boot" }));
      b.onLoad({ filter: /.*/, namespace: "boot" }, () => ({
        contents: lines.join("\n"),
        resolveDir: root,
        loader: "ts",
      }));
    },
  };
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
      const bytes = await Deno.readFile(path);
      await Deno.writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      await Deno.writeFile(
        `${path}.br`,
        brotliCompressSync(bytes, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
        }),
      );
    }
  }
}
