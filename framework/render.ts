/**
 * The render pipeline: `_app` → layouts → page, rendered to one string. When islands were met, the props
 * JSON and the boot module (with the request's CSP nonce) follow the layouts and the page, at the end of the
 * app's `<body>`; a page without islands gets no script at all.
 */
import { type ComponentType, Fragment, h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { BuildManifest } from "./build_manifest.ts";
import {
  collectIslands,
  type IslandCollector,
  islandsRendering,
  rawHtml,
  rememberRendered,
} from "./islands.ts";
import { serialize } from "./serialize.ts";
import { withServerHooks } from "./server_hooks.ts";
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
  // The scripts follow the page's content (the end of <body>): rendered there, after every island they name,
  // they join the renderer's output like the rest, and the document is never searched or copied here.
  let named = 0;
  const Scripts = () => {
    const collector = islandsRendering()!;
    named = collector.props.length;
    return collector.used.size ? rawHtml(islandScripts(collector, input.build, props.state.nonce)) : null;
  };
  const Content = Inner;
  const WithScripts: AnyComponent = () => h(Fragment, null, h(Content, {}), h(Scripts, {}));
  const root = app ? h(app, { ...props, Component: WithScripts }) : h(WithScripts, {});
  const { result: rendered, collector } = collectIslands(
    () => withServerHooks(() => renderToString(root)),
    input.islandCacheScope ?? null,
  );
  if (collector.props.length !== named) {
    throw new Error(
      `render: ${collector.props.length - named} island(s) rendered outside the page's content, which the ` +
        "island scripts follow: render <Component /> in the app's <body>, after any island of the app's own.",
    );
  }
  const document = rememberRendered(rendered, collector);
  // One flat string: the renderer's output is a rope of many small pieces, and the response's encoding walks a
  // rope far more slowly than join copies it (the calendar month view: p50 at 20 concurrent 8.6–11.0 ms handed
  // on as a rope, 7.3–10.0 ms joined, measured alternately three times each).
  return ["<!DOCTYPE html>", document].join("");
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
