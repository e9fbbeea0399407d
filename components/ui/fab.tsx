import type { ComponentChildren } from "preact";
import { cx } from "./class_names.ts";

interface FabCommon {
  /** Required: the button shows only an icon, e.g. "Add course". */
  label: string;
  /** Defaults to a plus sign. */
  icon?: ComponentChildren;
  class?: string;
}

export type FabProps =
  | (FabCommon & { href: string; onClick?: never })
  | (FabCommon & { onClick: () => void; href?: never });

// Beside the chat launcher (bottom-right on every signed-in page), in the floating row the page region keeps
// free at its bottom; above the launcher is the minimized chats' column, which must not cover it.
const FAB_CLASS = "fixed end-22 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full " +
  "bg-primary-600 text-white shadow-lg transition-colors hover:bg-primary-700 active:bg-primary-800";

const PLUS = (
  <svg
    class="size-6"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2.2"
    aria-hidden="true"
  >
    <path d="M12 5v14M5 12h14" />
  </svg>
);

/** The floating "add" action, bottom-right. A link when the form is its own page, a button when it is a dialog. */
export function Fab(props: FabProps) {
  const className = cx(FAB_CLASS, props.class);
  if (props.href !== undefined) {
    return (
      <a href={props.href} aria-label={props.label} title={props.label} class={className}>
        {props.icon ?? PLUS}
      </a>
    );
  }
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      class={className}
      onClick={props.onClick}
    >
      {props.icon ?? PLUS}
    </button>
  );
}
