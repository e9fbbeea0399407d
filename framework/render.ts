/**
 * The render pipeline: `_app` → layouts → page, rendered to one string. When islands were met, the props
 * JSON and the boot module (with the request's CSP nonce) are added before `</body>`; a page without islands
 * gets no script at all.
 */
import { type ComponentType, h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { BuildManifest } from "./build_manifest.ts";
import { collectIslands, islandCacheParts, type IslandCollector } from "./islands.ts";
import { serialize } from "./serialize.ts";
import type { BaseState, PageProps } from "./types.ts";

// deno-lint-ignore no-explicit-any
type AnyComponent = ComponentType<any>;

export interface RenderInput<State extends BaseState> {
  app?: AnyComponent;
  layouts: AnyComponent[];
  page: AnyComponent;
  props: PageProps<unknown, State>;
  build: BuildManifest;
  /** Scope of cached island HTML (e.g. the language); null renders every island afresh. */
  islandCacheScope?: string | null;
}

export function renderDocument<State extends BaseState>(input: RenderInput<State>): string {
  const { app, layouts, page, props } = input;
  let Inner: AnyComponent = () => h(page, props);
  for (const layout of [...layouts].reverse()) {
    const Wrapped: AnyComponent = Inner;
    Inner = (): VNode => h(layout, { ...props, Component: Wrapped });
  }
  const root = app ? h(app, { ...props, Component: Inner }) : h(Inner, {});
  const { result: rendered, collector } = collectIslands(
    () => renderToString(root),
    input.islandCacheScope ?? null,
  );
  // The document is assembled from pieces and joined once: the rendered page, cached HTML put in place, the
  // doctype and the scripts before `</body>` (which is in the last piece: cached markup lies inside the body).
  const parts = islandCacheParts(rendered, collector);
  if (!rendered.startsWith("<!DOCTYPE")) parts.unshift("<!DOCTYPE html>");
  if (collector.used.size) {
    const scripts = islandScripts(collector, input.build, props.state.nonce);
    const last = parts[parts.length - 1];
    const at = last.lastIndexOf("</body>");
    if (at === -1) parts.push(scripts);
    else parts.splice(parts.length - 1, 1, last.slice(0, at), scripts, last.slice(at));
  }
  return parts.length === 1 ? parts[0] : parts.join("");
}

/** The JSON the boot runtime reads: `m` island name → chunk URL, `p` props by index, `i` init module. */
export interface IslandPayload {
  m: Record<string, [url: string, exportName: string]>;
  p: unknown[];
  i?: string;
}

function islandScripts(collector: IslandCollector, build: BuildManifest, nonce: string): string {
  const { modules, init, preload } = islandModules(collector, build);
  const n = escapeAttr(nonce);
  let links = "";
  for (const url of preload) links += `<link rel="modulepreload" href="${url}" nonce="${n}">`;
  // Each island's props were serialized once while rendering; the payload is assembled around them.
  const payload = `{"m":${modules},"p":[${collector.props.join(",")}]${init}}`;
  return links +
    `<script id="__islands" type="application/json" nonce="${n}">${payload}</script>` +
    `<script type="module" nonce="${n}" src="${escapeAttr(build.boot)}"></script>`;
}

// What a set of islands loads is the same on every page that has that set (a shell's islands plus the
// page's), so it is worked out once per build and set: only the nonce and the props differ per request.
interface IslandModules {
  /** JSON of the payload's `m`, and its `,"i":…` member (or nothing). */
  modules: string;
  init: string;
  /** Escaped URLs to preload. */
  preload: string[];
}
const modulesBySet = new WeakMap<BuildManifest, Map<string, IslandModules>>();

function islandModules(collector: IslandCollector, build: BuildManifest) {
  let sets = modulesBySet.get(build);
  if (!sets) modulesBySet.set(build, sets = new Map());
  const id = [...collector.used.keys()].join(",");
  let known = sets.get(id);
  if (known) return known;
  const modules: IslandPayload["m"] = {};
  const preload = new Set<string>(build.imports[build.boot] ?? []);
  for (const island of collector.used.values()) {
    const url = build.islands[island.file];
    if (!url) {
      throw new Error(
        `islands: no built chunk for ${island.file}. Run \`deno task build\` after adding an island ` +
          "(`deno task dev` rebuilds on change).",
      );
    }
    modules[island.name] = [url, island.exportName];
    if (url !== build.boot) preload.add(url);
    for (const dep of build.imports[url] ?? []) preload.add(dep);
  }
  known = {
    modules: serialize(modules),
    init: build.init ? `,"i":${serialize(build.init)}` : "",
    preload: [...preload].map(escapeAttr),
  };
  sets.set(id, known);
  return known;
}

function escapeAttr(value: string) {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
