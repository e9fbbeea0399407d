import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ariaBool, cx } from "./class_names.ts";
import { onPhone } from "./phone.ts";

export interface FilterPanelProps {
  id: string;
  title: ComponentChildren;
  /** Actions beside the toggle that stay visible when collapsed, e.g. an export button. */
  actions?: ComponentChildren;
  /**
   * Open by default so that a page that is never hydrated still shows its filters (on a wider screen); on a phone
   * (under 768 px) the panel is closed from the first paint, so that the list, not the filters, fills the first
   * screen and does not move when the page hydrates.
   */
  defaultOpen?: boolean;
  onToggle?: (open: boolean) => void;
  class?: string;
  children: ComponentChildren;
}

/** A collapsible filter area: a disclosure button (aria-expanded/aria-controls) plus a header for actions. */
export function FilterPanel(
  { id, title, actions, defaultOpen = true, onToggle, class: extra, children }: FilterPanelProps,
) {
  const [open, setOpen] = useState(defaultOpen);
  // Until hydrated, the stylesheet closes an open panel on a phone ([data-phone-closed], styles/app.css).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (open && onPhone()) setOpen(false);
  }, []);
  const bodyId = `${id}-body`;
  const toggle = () => {
    setOpen(!open);
    onToggle?.(!open);
  };
  return (
    <section class={cx("rounded-lg border border-gray-200 bg-white", extra)} aria-labelledby={`${id}-toggle`}>
      <div class="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
        <button
          id={`${id}-toggle`}
          type="button"
          class="inline-flex items-center gap-2 rounded-md px-1 py-1 text-sm font-semibold text-gray-800 hover:text-primary-700"
          aria-expanded={ariaBool(open)}
          aria-controls={bodyId}
          onClick={toggle}
        >
          <svg
            class={cx("size-4 transition-transform", open && "rotate-90")}
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            stroke-width="1.8"
            aria-hidden="true"
          >
            <path d="M8 5l5 5-5 5" />
          </svg>
          {title}
        </button>
        {actions && <div class="flex items-center gap-2">{actions}</div>}
      </div>
      <div
        id={bodyId}
        hidden={!open}
        data-phone-closed={open && !hydrated ? "" : undefined}
        class="border-t border-gray-200 px-4 py-4"
      >
        {children}
      </div>
    </section>
  );
}
