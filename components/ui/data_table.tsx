import { type ComponentChildren, Fragment, type VNode } from "preact";
import { cx } from "./class_names.ts";
import { Spinner } from "./spinner.tsx";

export interface DataTableColumn<T> {
  key: string;
  header: ComponentChildren;
  /** Cell content; without it the row's property `key` is shown as text. */
  render?: (row: T) => ComponentChildren;
  /** Classes for this column's cells (header and body), e.g. "w-24 text-end". */
  class?: string;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** Stable row identity for re-renders; the index is used when omitted. */
  rowKey?: (row: T, index: number) => string | number;
  /** Shown in place of the rows when there are none, e.g. "No courses found". */
  emptyText: ComponentChildren;
  loading?: boolean;
  /** Announced while loading, e.g. "Loading…". */
  loadingText?: string;
  /** Names the table for screen readers; visually hidden. */
  caption?: string;
  class?: string;
  /**
   * Puts each row in place, given the function that renders it: a server-rendered table passes `keptRow`
   * (kept_row.tsx), which keeps a row's markup under what the row shows, so a row seen before is not rendered.
   */
  placeRow?: (row: T, render: () => VNode) => ComponentChildren;
}

// A column that sets its own alignment must not also get the default start alignment (the later rule wins).
const ALIGNMENT = /\btext-(start|end|center|left|right)\b/;

function defaultCell(row: object, key: string): string {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? "" : String(value);
}

/**
 * A plain semantic table. While loading, the previous rows stay visible under a veil (so the page does not
 * jump) and the table is marked aria-busy.
 */
export function DataTable<T extends object>(
  {
    columns,
    rows,
    rowKey,
    emptyText,
    loading = false,
    loadingText = "Loading…",
    caption,
    class: extra,
    placeRow,
  }: DataTableProps<T>,
) {
  const isEmpty = rows.length === 0;
  const renderRow = (row: T, index: number) => (
    <tr key={rowKey ? rowKey(row, index) : index} class="ui-tr">
      {columns.map((column) => (
        <td
          key={column.key}
          class={cx("ui-td", column.class)}
          data-label={typeof column.header === "string" ? column.header : undefined}
        >
          {column.render ? column.render(row) : defaultCell(row, column.key)}
        </td>
      ))}
    </tr>
  );
  return (
    // A table wider than the screen scrolls sideways: the keyboard must reach it too (WCAG 2.1.1), so the
    // scrolling box is a named, focusable region.
    <div
      class={cx("relative overflow-x-auto rounded-lg border border-gray-200 bg-white", extra)}
      tabIndex={0}
      role={caption ? "region" : undefined}
      aria-label={caption}
    >
      {/* ui-cards: under 768 px each row is a stacked card, its cells labelled by their headers (table.css). */}
      <table
        class="ui-cards min-w-full divide-y divide-gray-200 text-sm"
        aria-busy={loading ? "true" : undefined}
      >
        {caption && <caption class="sr-only">{caption}</caption>}
        <thead class="bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                class={cx(
                  "ui-th",
                  !ALIGNMENT.test(column.class ?? "") && "text-start",
                  column.class,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody class="divide-y divide-gray-100">
          {isEmpty && (
            <tr>
              <td colSpan={columns.length} class="px-4 py-10 text-center text-gray-500">
                {loading ? <Spinner size="md" label={loadingText} class="mx-auto" /> : emptyText}
              </td>
            </tr>
          )}
          {placeRow
            ? rows.map((row, index) => (
              <Fragment key={rowKey ? rowKey(row, index) : index}>
                {placeRow(row, () => renderRow(row, index))}
              </Fragment>
            ))
            : rows.map(renderRow)}
        </tbody>
      </table>
      {loading && !isEmpty && (
        <div class="absolute inset-0 flex items-center justify-center bg-white/60">
          <Spinner size="lg" label={loadingText} class="text-primary-600" />
        </div>
      )}
    </div>
  );
}
