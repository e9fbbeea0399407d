import { cx } from "./class_names.ts";

export interface PageSizePickerProps {
  id: string;
  /** Visible label, e.g. "Rows per page". */
  label: string;
  limit: number;
  sizes: readonly number[];
  /** Link mode: a menu of links (a <details> disclosure), which works without JavaScript. */
  hrefFor?: (size: number) => string;
  /** Callback mode: a native select. */
  onChange?: (size: number) => void;
}

/** The "rows per page" control of the paginator. */
export function PageSizePicker({ id, label, limit, sizes, hrefFor, onChange }: PageSizePickerProps) {
  const controlId = `${id}-size`;
  const labelId = `${controlId}-label`;
  if (!hrefFor) {
    return (
      <div class="flex items-center gap-2">
        <label id={labelId} for={controlId}>{label}</label>
        <select
          id={controlId}
          value={String(limit)}
          class="rounded-md border border-gray-300 bg-white px-2 py-1.5"
          onChange={(e) => onChange?.(Number(e.currentTarget.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={String(size)} selected={size === limit}>{size}</option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div class="flex items-center gap-2">
      <span id={labelId}>{label}</span>
      <details class="relative">
        {/* A summary is not labelable by <label for>, hence aria-labelledby: "Rows per page 15". */}
        <summary
          id={controlId}
          aria-labelledby={`${labelId} ${controlId}`}
          class="list-none rounded-md border border-gray-300 bg-white px-3 py-1.5 [&::-webkit-details-marker]:hidden"
        >
          {limit}
        </summary>
        <ul class="absolute end-0 bottom-full z-30 mb-1 min-w-20 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
          {sizes.map((size) => (
            <li key={size}>
              <a
                href={hrefFor(size)}
                aria-current={size === limit ? "true" : undefined}
                class={cx(
                  "block px-3 py-1.5 hover:bg-gray-100",
                  size === limit && "font-semibold text-primary-700",
                )}
              >
                {size}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
