/**
 * Server side of islands. Every export of a module in islands/ is registered; while a page renders, a
 * Preact `options.vnode` hook swaps each outermost island for a boundary that records its props and wraps
 * its markup in `<!--island:Name:index-->…<!--/island-->` so the boot runtime can hydrate it in place.
 * Islands inside islands are left alone: they hydrate as part of their parent.
 *
 * A module that exports `ssrCache = true` declares its islands pure functions of their props (and of the
 * request's cache scope, e.g. the language): their server HTML is then cached by serialized props, because
 * the shell's islands are the same on most pages and rendering them dominated the cost of a page.
 * `CachedFragment` gives server-only markup the same cache (long option lists, for one).
 */
import { type ComponentType, Fragment, h, options, type VNode } from "preact";
import { serialize } from "./serialize.ts";
import { keepBounded } from "../utils/bounded_map.ts";
import { registerMarkupKeeper } from "./keep_markup.ts";

export interface IslandInfo {
  name: string;
  /** Manifest path of the module, e.g. `./islands/counter.tsx`; the build keys its chunk by this. */
  file: string;
  exportName: string;
  component: ComponentType<Record<string, unknown>>;
  cacheable: boolean;
}

export interface IslandCollector {
  used: Map<string, IslandInfo>;
  /** Serialized props by island index (serialized once: for the payload and for the cache key). */
  props: string[];
  depth: number;
  /** null: no caching for this render. */
  cacheScope: string | null;
  /**
   * Tells this render's markers from those inside cached HTML put in place (a fragment kept with a fragment
   * inside it), so what is remembered is what this render made.
   */
  id: number;
  /** Markup rendered now whose HTML is to be remembered: it lies between `start` and `end`. */
  misses: { start: string; end: string; key: string }[];
}

const SSR_CACHE_MAX = 1000;
const FRAGMENT_MARKER = "<!--fragment:";
const ssrCache = new Map<string, string>();

const byComponent = new Map<unknown, IslandInfo>();
const byName = new Map<string, IslandInfo>();
let collector: IslandCollector | null = null;
let renders = 0;

export function registerIslands(modules: Record<string, Record<string, unknown>>): IslandInfo[] {
  for (const [file, mod] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(mod)) {
      if (typeof value !== "function") continue;
      const name = exportName === "default" ? pascalCase(file) : exportName;
      const existing = byName.get(name);
      if (existing && existing.component !== value) {
        throw new Error(
          `islands: "${name}" is exported by both ${existing.file} and ${file}. ` +
            "Island names are global; rename one of the exports.",
        );
      }
      const cacheable = mod.ssrCache === true;
      const info = { name, file, exportName, component: value as IslandInfo["component"], cacheable };
      byName.set(name, info);
      byComponent.set(value, info);
    }
  }
  return [...byName.values()];
}

function pascalCase(file: string) {
  const base = file.split("/").pop()!.replace(/\.(tsx|ts|jsx|js)$/, "");
  return base.split(/[_\-.]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

/** Runs a synchronous render with island tracking; returns what it rendered and the islands it met. */
export function collectIslands<T>(
  render: () => T,
  cacheScope: string | null = null,
): { result: T; collector: IslandCollector } {
  const previous = collector;
  const own: IslandCollector = {
    used: new Map(),
    props: [],
    depth: 0,
    cacheScope,
    id: ++renders,
    misses: [],
  };
  collector = own;
  try {
    return { result: render(), collector: own };
  } finally {
    collector = previous;
  }
}

const comment = (text: string) => h(Fragment, { UNSTABLE_comment: text } as Record<string, unknown>);

/**
 * HTML put into the output as it is, by the renderer itself (a Fragment's `tpl` is how preact-render-to-string
 * takes precompiled JSX): cached markup lands in place while the page renders, with no pass over the document.
 */
export const rawHtml = (html: string) => h(Fragment, { tpl: [html] } as Record<string, unknown>);

/** The islands of the render in progress (null outside `collectIslands`). */
export const islandsRendering = (): IslandCollector | null => collector;

function IslandBoundary({ island, props }: { island: IslandInfo; props: Record<string, unknown> }) {
  const own = collector!;
  const json = serialize(props, island.name);
  const index = own.props.push(json) - 1;
  own.used.set(island.name, island);
  let body: VNode = h(island.component, props) as VNode;
  if (island.cacheable && own.cacheScope !== null) {
    const key = `${island.name}\u0000${own.cacheScope}\u0000${json}`;
    const html = ssrCache.get(key);
    if (html === undefined) {
      own.misses.push({ start: `<!--island:${island.name}:${index}-->`, end: "<!--/island-->", key });
    } else body = rawHtml(html);
  }
  return h(Fragment, null, comment(`island:${island.name}:${index}`), body, comment("/island"));
}

/**
 * Server-only markup cached like a pure island: `render` runs only when no HTML is cached under `cacheKey`
 * (within the request's cache scope, e.g. the language). The key must name everything the markup depends on,
 * and the markup must not contain islands (a cached copy would not register their props).
 */
export function CachedFragment({ cacheKey, render }: { cacheKey: string; render: () => VNode }): VNode {
  const own = collector;
  if (!own || own.cacheScope === null) return render();
  const key = `\u0001${own.cacheScope}\u0000${cacheKey}`;
  const html = ssrCache.get(key);
  // (A comment renders only as a child, never as a component's root.)
  if (html !== undefined) return rawHtml(html);
  const slot = `${own.id}.${own.misses.length}`;
  own.misses.push({ start: `${FRAGMENT_MARKER}${slot}-->`, end: `<!--/fragment:${slot}-->`, key });
  return h(Fragment, null, comment(`fragment:${slot}`), render(), comment(`/fragment:${slot}`));
}

registerMarkupKeeper((cacheKey, render) => CachedFragment({ cacheKey, render }));

/**
 * Remembers the HTML of cacheable markup rendered now (found between its markers in the document), and returns
 * the document without the fragments' markers (islands keep theirs: the boot runtime hydrates by them), so
 * that a page rendered afresh is the page served from the cache. A render that met only cached markup has
 * nothing to remember: its document is returned as it is, never read again.
 */
export function rememberRendered(html: string, own: IslandCollector): string {
  let fragments = false;
  for (const { start: marker, end: endMarker, key } of own.misses) {
    const start = html.indexOf(marker);
    const from = start + marker.length;
    const end = html.indexOf(endMarker, from);
    if (start === -1 || end === -1) continue;
    fragments ||= marker.startsWith(FRAGMENT_MARKER);
    keepBounded(ssrCache, key, withoutFragmentMarkers(html.slice(from, end)), SSR_CACHE_MAX);
  }
  return fragments ? withoutFragmentMarkers(html) : html;
}

const withoutFragmentMarkers = (html: string) =>
  html.includes(FRAGMENT_MARKER) ? html.replace(/<!--\/?fragment:[\d.]+-->/g, "") : html;

type HookedOptions = typeof options & { __b?: (vnode: VNode) => void };
const hooks = options as HookedOptions;
const previousVnode = hooks.vnode;
const previousDiff = hooks.__b;
const previousDiffed = hooks.diffed;

hooks.vnode = (vnode) => {
  if (collector && collector.depth === 0 && typeof vnode.type === "function") {
    const island = byComponent.get(vnode.type);
    if (island) {
      const props = vnode.props as Record<string, unknown>;
      (vnode as { type: unknown }).type = IslandBoundary;
      (vnode as { props: unknown }).props = { island, props };
    }
  }
  previousVnode?.(vnode);
};
hooks.__b = (vnode) => {
  if (collector && vnode.type === IslandBoundary) collector.depth++;
  previousDiff?.(vnode);
};
hooks.diffed = (vnode) => {
  if (collector && vnode.type === IslandBoundary) collector.depth--;
  previousDiffed?.(vnode);
};
