import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { cx } from "./class_names.ts";
import { CONTROL_CLASS, fieldErrorId, fieldHintId } from "./field.tsx";

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  id: string;
  label: ComponentChildren;
  options: readonly MultiSelectOption[];
  /** Controlled value; omit it (and use `defaultValue`) to let the component keep its own state. */
  value?: readonly string[];
  defaultValue?: readonly string[];
  onChange?: (value: string[]) => void;
  /** Each checked box submits `name=value`, so a plain GET/POST form receives every choice. */
  name?: string;
  /** Shown in the closed control when nothing is chosen, e.g. "All". */
  placeholder?: string;
  hint?: ComponentChildren;
  error?: string | null;
  disabled?: boolean;
  class?: string;
}

/**
 * A checkbox group in a popover. Built on <details>/<summary> so it opens, closes and submits even before
 * (or without) hydration; the island adds Escape, arrow keys and closing on an outside click.
 */
export function MultiSelect(props: MultiSelectProps) {
  const { id, label, options, name, placeholder = "", hint, error, disabled } = props;
  const [own, setOwn] = useState<readonly string[]>(props.defaultValue ?? []);
  const selected = props.value ?? own;
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const labelId = `${id}-label`;
  const describedBy = [hint && fieldHintId(id), error && fieldErrorId(id)].filter(Boolean).join(" ");

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      const details = detailsRef.current;
      if (details && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("click", closeOnOutsideClick);
    return () => document.removeEventListener("click", closeOnOutsideClick);
  }, [open]);

  const toggle = (value: string, checked: boolean) => {
    // Keep the options' order so the submitted list and the summary are stable.
    const next = options.map((o) => o.value).filter((v) => v === value ? checked : selected.includes(v));
    setOwn(next);
    props.onChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const details = detailsRef.current;
    if (!details) return;
    if (event.key === "Escape" && details.open) {
      event.preventDefault();
      event.stopPropagation(); // inside a dialog, Escape must close the popover, not the dialog
      details.open = false;
      details.querySelector("summary")?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const boxes = Array.from(details.querySelectorAll<HTMLInputElement>("input[type=checkbox]"));
      if (!details.open || boxes.length === 0) return;
      event.preventDefault();
      const current = boxes.indexOf(document.activeElement as HTMLInputElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      boxes[(current + step + boxes.length) % boxes.length].focus();
    }
  };

  const chosenLabels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  return (
    <div class={cx("flex flex-col gap-1", props.class)}>
      <span id={labelId} class="text-sm font-medium text-gray-700">{label}</span>
      <details
        ref={detailsRef}
        class="relative"
        onToggle={() => setOpen(detailsRef.current?.open ?? false)}
        onKeyDown={onKeyDown}
      >
        <summary
          id={id}
          class={cx(
            CONTROL_CLASS,
            "flex list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden",
            disabled && "pointer-events-none bg-gray-100",
          )}
          aria-labelledby={`${labelId} ${id}`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? "true" : undefined}
          aria-disabled={disabled ? "true" : undefined}
          tabIndex={disabled ? -1 : undefined}
        >
          <span class={cx("truncate", chosenLabels.length === 0 && "text-gray-500")}>
            {chosenLabels.length ? chosenLabels.join(", ") : placeholder}
          </span>
          <svg
            class="size-4 shrink-0 text-gray-500"
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" stroke-width="1.5" fill="none" />
          </svg>
        </summary>
        <fieldset
          class="absolute z-30 mt-1 max-h-64 w-full min-w-48 overflow-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg"
          aria-labelledby={labelId}
          disabled={disabled}
        >
          {options.map((option) => {
            const boxId = `${id}-${option.value}`;
            return (
              <div key={option.value} class="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-gray-50">
                <input
                  id={boxId}
                  type="checkbox"
                  name={name}
                  value={option.value}
                  checked={selected.includes(option.value)}
                  onChange={(e) =>
                    toggle(option.value, e.currentTarget.checked)}
                  class="size-4 accent-primary-600"
                />
                <label for={boxId} class="grow text-sm text-gray-800">{option.label}</label>
              </div>
            );
          })}
        </fieldset>
      </details>
      {hint && <p id={fieldHintId(id)} class="text-xs text-gray-500">{hint}</p>}
      {error && <p id={fieldErrorId(id)} class="text-xs font-medium text-danger-700">{error}</p>}
    </div>
  );
}
