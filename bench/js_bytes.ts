/**
 * JavaScript a page ships: its `<script src>`, `<link rel="modulepreload">`, imports of inline module scripts
 * and the island chunks named by its `__islands` payload, closed over the static import graph in
 * static/_build/manifest.json; plus the client init module when the page loads the boot runtime (the boot
 * imports it dynamically). Sizes are raw and gzip (the build's `.gz` siblings, else gzip computed here).
 */
import { ROOT } from "./server.ts";

/** The parts of static/_build/manifest.json read here (written by dev.ts). */
export interface BuildManifest {
  boot: string;
  init?: string;
  islands: Record<string, string>;
  imports: Record<string, string[]>;
}

export interface ModuleSize {
  url: string;
  raw: number;
  gzip: number;
}

export interface JsBytes {
  modules: ModuleSize[];
  raw: number;
  gzip: number;
  /** Modules on another origin, not counted. */
  external: string[];
  /** Modules the manifest has no import list for (counted, their imports unknown). */
  unlisted: string[];
}

export interface PageJs extends JsBytes {
  path: string;
  status: number;
  /** Module URLs the page names itself, before following imports. */
  entries: string[];
}

export async function readManifest(root = ROOT): Promise<BuildManifest> {
  const path = `${root}/static/_build/manifest.json`;
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new Error(`${path} is missing: run \`deno task build\` first`);
    }
    throw e;
  }
}

/**
 * Fetches `path` from `origin` (with `headers`, e.g. a session cookie) and measures the JavaScript it ships.
 * Redirects are not followed: a page that redirects (to /login, say) reports its 3xx status and no JavaScript.
 */
export async function pageJsBytes(
  origin: string,
  path: string,
  manifest: BuildManifest,
  root = ROOT,
  headers: Record<string, string> = {},
): Promise<PageJs> {
  const response = await fetch(origin + path, { headers, redirect: "manual" });
  const html = await response.text();
  const pageUrl = new URL(path, origin);
  const entries = pageModuleUrls(html).map((u) => new URL(u, pageUrl));
  const external = entries.filter((u) => u.origin !== pageUrl.origin).map(String);
  const local = entries.filter((u) => u.origin === pageUrl.origin).map((u) => u.pathname + u.search);
  if (local.some((u) => stripQuery(u) === manifest.boot) && manifest.init) local.push(manifest.init);
  const bytes = await jsBytes(unique(local), manifest, origin, root);
  return {
    path,
    status: response.status,
    entries: unique(local),
    ...bytes,
    external: [...external, ...bytes.external],
  };
}

/** Sizes of `entries` and everything they import statically. */
export async function jsBytes(
  entries: string[],
  manifest: BuildManifest,
  origin: string,
  root = ROOT,
): Promise<JsBytes> {
  const { modules: urls, unlisted } = importClosure(entries, manifest);
  const modules = await Promise.all(urls.map((url) => moduleSize(url, origin, root)));
  return {
    modules,
    raw: modules.reduce((sum, m) => sum + m.raw, 0),
    gzip: modules.reduce((sum, m) => sum + m.gzip, 0),
    external: [],
    unlisted,
  };
}

/** `entries` and their static imports (per the manifest), each once, in discovery order. */
export function importClosure(
  entries: string[],
  manifest: BuildManifest,
): { modules: string[]; unlisted: string[] } {
  const seen = new Set<string>();
  const unlisted: string[] = [];
  const queue = entries.map(stripQuery);
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const imports = manifest.imports[url];
    if (imports) queue.push(...imports.map(stripQuery));
    else unlisted.push(url);
  }
  return { modules: [...seen], unlisted };
}

/** Module URLs a page names: script src, modulepreload, imports of inline module scripts, island chunks. */
export function pageModuleUrls(html: string): string[] {
  const urls: string[] = [];
  const scriptRe = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (const [, attrText, body] of html.matchAll(scriptRe)) {
    const attrs = parseAttributes(attrText);
    if (attrs.src) urls.push(attrs.src);
    else if (attrs.id === "__islands") urls.push(...islandUrls(body));
    else if (attrs.type === "module") {
      for (const m of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]*\s*from\s*)?\(?\s*["']([^"']+)["']/g)) {
        urls.push(m[1]);
      }
    }
  }
  const withoutScripts = html.replace(scriptRe, "");
  for (const [, attrText] of withoutScripts.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = parseAttributes(attrText);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") && attrs.href) urls.push(attrs.href);
  }
  return unique(urls);
}

/** Island chunk URLs from the `__islands` JSON payload (`m`: island name → [url, exportName]). */
function islandUrls(payload: string): string[] {
  const data = JSON.parse(payload) as { m?: Record<string, [string, string]> };
  return Object.values(data.m ?? {}).map(([url]) => url);
}

function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|quot|#39|lt|gt);/g,
    (_, e) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[e as string]!,
  );
}

/** Raw and gzip bytes of one module: from static/ on disk (with its `.gz` sibling), else fetched. */
export async function moduleSize(url: string, origin: string, root = ROOT): Promise<ModuleSize> {
  const path = stripQuery(url);
  let raw: Uint8Array | null = null;
  if (path.startsWith("/static/") && !path.includes("..")) raw = await readOrNull(root + path);
  if (!raw) {
    const response = await fetch(origin + url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    raw = new Uint8Array(await response.arrayBuffer());
  }
  const gz = path.startsWith("/static/") ? await readOrNull(`${root}${path}.gz`) : null;
  return { url: path, raw: raw.byteLength, gzip: gz ? gz.byteLength : await gzipSize(raw) };
}

export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function readOrNull(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

function stripQuery(url: string): string {
  return url.replace(/[?#].*$/, "");
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/**
 * The chat widget's modules (manifest keys): what it loads with `import()` when the browser is idle (the socket
 * client) and when the chat is opened or used (panels, upload, image slider). Its launcher island is bundled
 * into the boot module and counted with every page. The emoji picker (emoji-mart and its data) is left out on
 * purpose: it loads only when first opened.
 */
export const CHAT_WIDGET_MODULES = [
  "./components/chat/chat_client.ts",
  "./components/chat/chat_app.tsx",
  "./components/chat/upload.ts",
  "./components/chat/image_slider.tsx",
];
/** Issue 7: the widget adds at most 25 KB gzip to a page before the emoji picker is opened. */
export const CHAT_WIDGET_GZIP_BUDGET = 25 * 1024;

/**
 * What every shell page loads once the browser is idle, with no interaction: client navigation, the shell's
 * live parts (bell channel, poll alert, statement check) and the chat socket client. Not needed to show the
 * page or to use it, so not in a page's budget; reported beside it.
 */
export const IDLE_MODULES = [
  "./framework/client/navigate.ts",
  "./components/shell/shell_live.ts",
  "./components/chat/chat_client.ts",
];

/**
 * What the modules `keys` (manifest keys) add to `page`: their static import closure minus every module the
 * page loads anyway (Preact, the boot module, the UI kit parts the shell already has).
 */
export async function addedJsBytes(
  page: PageJs,
  keys: string[],
  manifest: BuildManifest,
  origin: string,
  root = ROOT,
): Promise<JsBytes & { missing: string[] }> {
  const urls = keys.map((m) => manifest.islands[m]);
  const missing = keys.filter((_, i) => !urls[i]);
  const baseline = importClosure(page.entries, manifest).modules;
  const added = importClosure(urls.filter((u): u is string => !!u), manifest);
  const modules = await Promise.all(
    added.modules.filter((u) => !baseline.includes(u)).map((url) => moduleSize(url, origin, root)),
  );
  return {
    modules,
    raw: modules.reduce((sum, m) => sum + m.raw, 0),
    gzip: modules.reduce((sum, m) => sum + m.gzip, 0),
    external: [],
    unlisted: added.unlisted,
    missing,
  };
}
