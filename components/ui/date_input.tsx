import { useEffect, useRef, useState } from "preact/hooks";
import { cx } from "./class_names.ts";
import { CONTROL_CLASS, controlAria, Field, type FieldTextProps } from "./field.tsx";
import { formatDisplayDate, parseIsoDate } from "./date_format.ts";

export { formatDisplayDate, MONTH_ABBREVIATIONS, parseIsoDate } from "./date_format.ts";

export interface DateInputProps extends FieldTextProps {
  /** Form field name; the submitted value is `YYYY-MM-DD` (or the raw text if it is not a date, so the server can reject it). */
  name?: string;
  /** Controlled value, `YYYY-MM-DD` or "". */
  value?: string;
  defaultValue?: string;
  /** Called with `YYYY-MM-DD`, "" when cleared; not called while the typed text is not a date. */
  onChange?: (iso: string) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  /** Accessible name of the calendar button, e.g. "Choose a date". */
  pickerLabel: string;
  placeholder?: string;
}

/**
 * A text field showing `DD-MMM-YYYY` that also accepts `YYYY-MM-DD`, plus a button opening the browser's date
 * picker (a native <input type="date"> kept invisible: its own display follows the OS locale, not SPEC §9).
 */
export function DateInput(props: DateInputProps) {
  const { id, label, hint, error, required, hideLabel, name, min, max, disabled, pickerLabel } = props;
  const initial = props.value ?? props.defaultValue ?? "";
  const [text, setText] = useState(formatDisplayDate(initial));
  const pickerRef = useRef<HTMLInputElement>(null);
  const parsed = parseIsoDate(text);
  const isoValue = parsed ?? text.trim();
  const typedInvalid = text.trim() !== "" && parsed === null;

  // Follow a controlled value, but do not overwrite what the user is typing when it already means the same day.
  useEffect(() => {
    if (props.value !== undefined && props.value !== (parseIsoDate(text) ?? "")) {
      setText(formatDisplayDate(props.value));
    }
  }, [props.value]);

  const commit = (raw: string) => {
    setText(raw);
    const iso = parseIsoDate(raw);
    if (iso !== null) props.onChange?.(iso);
    else if (raw.trim() === "") props.onChange?.("");
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      picker.click(); // browsers without showPicker()
    }
  };

  const aria = controlAria({ id, hint, error });
  return (
    <Field {...{ id, label, hint, error, required, hideLabel }} class={props.class}>
      <div class="relative flex items-center">
        <input
          {...aria}
          aria-invalid={error || typedInvalid ? "true" : undefined}
          id={id}
          type="text"
          autoComplete="off"
          value={text}
          placeholder={props.placeholder ?? "DD-MMM-YYYY"}
          required={required}
          disabled={disabled}
          class={cx(CONTROL_CLASS, "pe-10")}
          onInput={(e) => commit(e.currentTarget.value)}
          onBlur={() => parsed && setText(formatDisplayDate(parsed))}
        />
        <input type="hidden" name={name} value={isoValue} />
        <input
          ref={pickerRef}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          class="pointer-events-none absolute end-1 size-8 opacity-0"
          value={parsed ?? ""}
          min={min}
          max={max}
          onChange={(e) => commit(formatDisplayDate(e.currentTarget.value))}
        />
        <button
          type="button"
          class="absolute end-1 inline-flex size-8 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-800 disabled:opacity-50"
          aria-label={pickerLabel}
          disabled={disabled}
          onClick={openPicker}
        >
          <svg
            class="size-5"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            stroke-width="1.6"
            aria-hidden="true"
          >
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 10h17M8 3v4M16 3v4" />
          </svg>
        </button>
      </div>
    </Field>
  );
}
