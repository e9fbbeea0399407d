/**
 * Server-rendered table rows kept once rendered (framework CachedFragment), keyed by all a row shows: the row's
 * own data and what the table shows alike for every row (`shown`: the columns, the viewer's actions…). The
 * cache's scope holds the page's language and the texts' version. A page then renders only rows whose content
 * it has not met, and an edited row, whose data differs, is rendered afresh. Server-only: islands render their
 * tables themselves.
 */
import type { VNode } from "preact";
import { CachedFragment } from "../../framework/islands.ts";

// A frozen row handed back again (a page built from unchanged inputs: registration/built_pages.ts) keeps its
// JSON: it cannot change. Rows that are not frozen may be changed in place, so theirs is written each time.
const rowJson = new WeakMap<object, string>();
function jsonOf(row: unknown): string {
  if (typeof row !== "object" || row === null || !Object.isFrozen(row)) return JSON.stringify(row);
  let json = rowJson.get(row);
  if (json === undefined) rowJson.set(row, json = JSON.stringify(row));
  return json;
}

/** A row kept under `shown` and its JSON, for a table that places its rows itself. */
export function KeptRow<T>({ shown, row, render }: { shown: string; row: T; render: () => VNode }) {
  return <CachedFragment cacheKey={`${shown}\u0000${jsonOf(row)}`} render={render} />;
}

/** What DataTable's `placeRow` takes, for rows kept under `shown` and their JSON. */
export function keptRow<T>(shown: string) {
  return (row: T, render: () => VNode) => <KeptRow shown={shown} row={row} render={render} />;
}
