/**
 * Server side of islands. Every export of a module in islands/ is registered; while a page renders, a
 * Preact `options.vnode` hook swaps each outermost island for a boundary that records its props and wraps
 * its markup in `<!--island:Name:index-->…<!--/island-->` so the boot runtime can hydrate it in place.
 * Islands inside islands are left alone: they hydrate as part of their parent.
 */
import { type ComponentType, Fragment, h, options, type VNode } from "preact";

export interface IslandInfo {
  name: string;
  /** Manifest path of the module, e.g. `./islands/counter.tsx`; the build keys its chunk by this. */
  file: string;
  exportName: string;
  component: ComponentType<Record<string, unknown>>;
}

export interface IslandCollector {
  used: Map<string, IslandInfo>;
  props: unknown[];
  depth: number;
}

const byComponent = new Map<unknown, IslandInfo>();
const byName = new Map<string, IslandInfo>();
let collector: IslandCollector | null = null;

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
      const info = { name, file, exportName, component: value as IslandInfo["component"] };
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
export function collectIslands<T>(render: () => T): { result: T; collector: IslandCollector } {
  const previous = collector;
  const own: IslandCollector = { used: new Map(), props: [], depth: 0 };
  collector = own;
  try {
    return { result: render(), collector: own };
  } finally {
    collector = previous;
  }
}

function IslandBoundary({ island, props }: { island: IslandInfo; props: Record<string, unknown> }) {
  const index = collector!.props.push(props) - 1;
  collector!.used.set(island.name, island);
  return h(
    Fragment,
    null,
    h(Fragment, { UNSTABLE_comment: `island:${island.name}:${index}` } as Record<string, unknown>),
    h(island.component, props),
    h(Fragment, { UNSTABLE_comment: "/island" } as Record<string, unknown>),
  );
}

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
