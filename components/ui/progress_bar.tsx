import { cx } from "./class_names.ts";

export interface ProgressBarProps {
  /** 0–100; omit (or null) for an indeterminate bar. Values outside the range are clamped. */
  value?: number | null;
  /** Accessible name, e.g. "Uploading file". */
  label: string;
  /** Shows the percentage beside the bar. */
  showValue?: boolean;
  class?: string;
}

/**
 * A native <progress> (its value is an attribute, so no inline style width that the CSP would block).
 * The role and aria-value* are stated explicitly for assistive tech that ignores the native semantics.
 */
export function ProgressBar({ value, label, showValue = false, class: extra }: ProgressBarProps) {
  const determinate = typeof value === "number" && Number.isFinite(value);
  const percent = determinate ? Math.round(Math.min(100, Math.max(0, value))) : undefined;
  return (
    <div class={cx("flex items-center gap-3", extra)}>
      <progress
        class="ui-progress"
        role="progressbar"
        aria-label={label}
        max={100}
        value={percent}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? 100 : undefined}
        aria-valuenow={percent}
      />
      {showValue && determinate && (
        <span class="text-sm text-gray-600 tabular-nums" aria-hidden="true">{percent}%</span>
      )}
    </div>
  );
}
