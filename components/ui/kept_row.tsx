/**
 * Server-rendered table rows kept once rendered (framework CachedFragment), keyed by all a row shows: the row's
 * own data and what the table shows alike for every row (`shown`: the columns, the viewer's actions…). The
 * cache's scope holds the page's language and the texts' version. A page then renders only rows whose content
 * it has not met, and an edited row, whose data differs, is rendered afresh. Server-only: islands render their
 * tables themselves.
 */
import type { VNode } from "preact";
import { CachedFragment } from "../../framework/islands.ts";
import { memoByIdentity } from "../../utils/identity_tag.ts";

// A frozen row handed back again (a page built from unchanged inputs: registration/built_pages.ts) cannot
// change: it gets a short key of its own, once per way of showing it, so that a page does not write out, join
// and hash each row's JSON to find its markup (a list's rows were most of its cache keys' length). Rows that
// are not frozen may be changed in place, so theirs is their JSON, written each time.
let frozenRowsKeyed = 0;
const frozenRowKey = memoByIdentity((_row: object, _shown: string) => `kept-row:${++frozenRowsKeyed}`);

function keyOf(shown: string, row: unknown): string {
  if (typeof row !== "object" || row === null || !Object.isFrozen(row)) {
    return `${shown}\u0000${JSON.stringify(row)}`;
  }
  return frozenRowKey(row, shown);
}

/** A row kept under `shown` and its content, for a table that places its rows itself. */
export function KeptRow<T>({ shown, row, render }: { shown: string; row: T; render: () => VNode }) {
  return <CachedFragment cacheKey={keyOf(shown, row)} render={render} />;
}

/** What DataTable's `placeRow` takes, for rows kept under `shown` and their content. */
export function keptRow<T>(shown: string) {
  return (row: T, render: () => VNode) => <KeptRow shown={shown} row={row} render={render} />;
}
