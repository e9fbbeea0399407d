/**
 * A menu button with a popup: opens on click, closes on Escape, on a click outside, and after choosing an
 * item. Keyboard: the button is a normal button; the items are links or buttons in Tab order.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export interface DropdownProps {
  id: string;
  label: ComponentChildren;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  buttonClass?: string;
  align?: "start" | "end";
  children: ComponentChildren;
}

export function Dropdown({ id, label, ariaLabel, buttonClass, align = "end", children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>("button")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} class="relative">
      <button
        type="button"
        id={`${id}-button`}
        aria-haspopup="true"
        aria-expanded={open ? "true" : "false"}
        aria-controls={`${id}-menu`}
        aria-label={ariaLabel}
        onClick={() => setOpen(!open)}
        class={buttonClass ?? "menu-button"}
      >
        {label}
      </button>
      {/* Rendered only while open: the items of closed menus would ride along on every page. */}
      {open && (
        <div
          id={`${id}-menu`}
          // Closed after the click's default action: removing a submit button first would cancel its form.
          onClick={(e) => (e.target as Element).closest("a,button") && setTimeout(() => setOpen(false))}
          class={`absolute z-50 mt-1 min-w-56 whitespace-nowrap rounded-md border border-gray-200 bg-white py-1 shadow-lg ${
            align === "end" ? "right-0" : "left-0"
          }`}
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** Component class (styles/shell.css) of an item in a dropdown. */
export const MENU_ITEM_CLASS = "menu-item";
