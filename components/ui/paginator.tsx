import { t } from "../../utils/i18n.ts";
import { cx } from "./class_names.ts";
import { keepMarkup } from "../../framework/keep_markup.ts";
import { PageSizePicker } from "./page_size_picker.tsx";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  formatRange,
  pageAfterResize,
  pageSizeChoices,
  pageWindow,
} from "./pagination.ts";

export * from "./pagination.ts";

export interface PaginatorLabels {
  /** Name of the navigation landmark, e.g. "Pages". */
  nav: string;
  /** Template with {from}, {to}, {total}. */
  range: string;
  pageSize: string;
  first: string;
  previous: string;
  next: string;
  last: string;
}

/** Labels in the active interface language; callers override only what a screen needs to say differently. */
const defaultLabels = (): PaginatorLabels => ({
  nav: t("ui.paginator.nav"),
  range: t("ui.paginator.range"),
  pageSize: t("ui.paginator.pageSize"),
  first: t("ui.paginator.first"),
  previous: t("ui.paginator.previous"),
  next: t("ui.paginator.next"),
  last: t("ui.paginator.last"),
});

export interface PaginatorProps {
  /** Prefix of element ids inside (the page-size control's label). */
  id: string;
  total: number;
  page: number;
  limit?: number;
  pageSizes?: readonly number[];
  /** Link mode: every control is a link, so paging works without JavaScript. */
  hrefFor?: (page: number, limit: number) => string;
  /** Callback mode, for islands that fetch the rows themselves. */
  onChange?: (page: number, limit: number) => void;
  labels?: Partial<PaginatorLabels>;
  class?: string;
}

const NAV_ICONS = {
  first: "M11 5 6 10l5 5M15 5l-5 5 5 5",
  previous: "M12 5 7 10l5 5",
  next: "M8 5l5 5-5 5",
  last: "M5 5l5 5-5 5M9 5l5 5-5 5",
};
type NavKey = keyof typeof NAV_ICONS;
const CONTROL = "inline-flex size-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100";
const DISABLED = "pointer-events-none opacity-40";

export function Paginator(props: PaginatorProps) {
  const { id, total, hrefFor, onChange, limit = DEFAULT_PAGE_SIZE, pageSizes = DEFAULT_PAGE_SIZES } = props;
  const labels = { ...defaultLabels(), ...props.labels };
  const view = pageWindow(total, props.page, limit);
  const targets: Record<NavKey, number> = {
    first: 1,
    previous: view.page - 1,
    next: view.page + 1,
    last: view.pageCount,
  };

  const navControl = (key: NavKey) => {
    const target = targets[key];
    const disabled = target < 1 || target > view.pageCount || target === view.page;
    const icon = (
      <svg
        class="size-4"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        stroke-width="1.8"
        aria-hidden="true"
      >
        <path d={NAV_ICONS[key]} />
      </svg>
    );
    if (hrefFor) {
      // A link without href is not focusable and reads as disabled: nothing to follow. Without href it has no
      // role, and a name (aria-label) is not allowed on an element without one: the role stays stated.
      return (
        <a
          key={key}
          href={disabled ? undefined : hrefFor(target, limit)}
          role={disabled ? "link" : undefined}
          aria-label={labels[key]}
          aria-disabled={disabled ? "true" : undefined}
          class={cx(CONTROL, disabled && DISABLED)}
        >
          {icon}
        </a>
      );
    }
    return (
      <button
        key={key}
        type="button"
        aria-label={labels[key]}
        disabled={disabled}
        class={cx(CONTROL, "disabled:opacity-40")}
        onClick={() => onChange?.(target, limit)}
      >
        {icon}
      </button>
    );
  };

  const sizes = pageSizeChoices(pageSizes, limit);
  const sizeHrefFor = hrefFor && ((size: number) => hrefFor(pageAfterResize(view.page, limit, size), size));
  const markup = () => (
    <nav
      aria-label={labels.nav}
      class={cx(
        "flex flex-wrap items-center justify-end gap-x-4 gap-y-2 py-3 text-sm text-gray-700",
        props.class,
      )}
    >
      <PageSizePicker
        id={id}
        label={labels.pageSize}
        limit={limit}
        sizes={sizes}
        hrefFor={sizeHrefFor}
        onChange={(size) => onChange?.(pageAfterResize(view.page, limit, size), size)}
      />
      <p aria-live="polite" class="tabular-nums">{formatRange(labels.range, view, total)}</p>
      <div class="flex items-center gap-1">
        {(["first", "previous", "next", "last"] as const).map(navControl)}
      </div>
    </nav>
  );
  if (!sizeHrefFor) return markup();
  // Links only: the markup is then all in what these name, so it is kept under them (framework/keep_markup.ts).
  const links = [
    ...sizes.map(sizeHrefFor),
    ...Object.values(targets).map((target) => hrefFor!(target, limit)),
  ];
  const key = ["paginator", id, total, view.page, limit, props.class, JSON.stringify(props.labels), ...links];
  return keepMarkup(key.join("\u0000"), markup);
}
