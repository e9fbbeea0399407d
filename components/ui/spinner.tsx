import { cx } from "./class_names.ts";

export type SpinnerSize = "sm" | "md" | "lg";

export interface SpinnerProps {
  size?: SpinnerSize;
  /** When given, the spinner announces itself (role="status"); without it, it is decorative. */
  label?: string;
  class?: string;
}

const SIZE_CLASSES: Record<SpinnerSize, string> = {
  sm: "size-4",
  md: "size-6",
  lg: "size-10",
};

export function Spinner({ size = "md", label, class: extra }: SpinnerProps) {
  const svg = (
    <svg
      class={cx("animate-spin text-current", SIZE_CLASSES[size], extra)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle class="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" stroke-width="4" />
      <path class="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" class="inline-flex items-center">
      {svg}
      <span class="sr-only">{label}</span>
    </span>
  );
}
