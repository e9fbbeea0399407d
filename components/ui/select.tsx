import type { JSX } from "preact";
import { CONTROL_CLASS, controlAria, Field, type FieldTextProps } from "./field.tsx";

export { MultiSelect, type MultiSelectOption, type MultiSelectProps } from "./multi_select.tsx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps =
  & FieldTextProps
  & Omit<
    JSX.SelectHTMLAttributes<HTMLSelectElement>,
    keyof FieldTextProps | "multiple" | "value" | "defaultValue"
  >
  & {
    /** Controlled value. */
    value?: string;
    /** Initial value of an uncontrolled select (e.g. a filter in a plain GET form). */
    defaultValue?: string;
    options: readonly SelectOption[];
    /** An empty-valued first option, e.g. "All" in filters or "Choose…" in forms. */
    placeholder?: string;
  };

/**
 * A native select (best keyboard and mobile support there is) with label, hint and error. Options carry
 * `selected` themselves: the precompiled JSX renders them as static HTML, out of reach of the server
 * renderer's select-value handling.
 */
export function Select(
  {
    id,
    label,
    hint,
    error,
    required,
    hideLabel,
    class: wrapper,
    options,
    placeholder,
    value,
    defaultValue,
    ...select
  }: SelectProps,
) {
  return (
    <Field {...{ id, label, hint, error, required, hideLabel }} class={wrapper}>
      <select
        {...select}
        value={value}
        {...controlAria({ id, hint, error })}
        id={id}
        required={required}
        class={CONTROL_CLASS}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option
            key={option.value}
            value={option.value}
            disabled={option.disabled}
            selected={option.value === (value ?? defaultValue)}
          >
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
