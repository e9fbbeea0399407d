/**
 * Markup that a shared component may keep once rendered: on the server, framework/islands.ts registers its
 * CachedFragment here when it loads, so the markup is kept within the request's cache scope (the language and the
 * texts' version); in the browser nothing is registered and the markup is simply rendered. A component that
 * pages and islands both use (the paginator) keeps its server markup this way without importing server code.
 */
import type { VNode } from "preact";

type Keeper = (cacheKey: string, render: () => VNode) => VNode;
let keeper: Keeper | null = null;

/** `render()`, or the markup kept under `cacheKey`, which must name everything the markup depends on. */
export const keepMarkup = (cacheKey: string, render: () => VNode): VNode =>
  keeper ? keeper(cacheKey, render) : render();

export function registerMarkupKeeper(keep: Keeper): void {
  keeper = keep;
}
