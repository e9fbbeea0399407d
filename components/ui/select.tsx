import type { JSX } from "preact";
import { CONTROL_CLASS, controlAria, Field, type FieldTextProps } from "./field.tsx";

export { MultiSelect, type MultiSelectOption, type MultiSelectProps } from "./multi_select.tsx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /**
   * The heading it is listed under (`<optgroup>`): neighbours with the same group share one, so a long list
   * (rooms by building) says its common part once instead of in every label.
   */
  group?: string;
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
        {groupRuns(options).map(({ group, members }) => {
          const items = members.map((option) => (
            <option
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              selected={option.value === (value ?? defaultValue)}
            >
              {option.label}
            </option>
          ));
          return group === undefined
            ? items
            : <optgroup key={`group:${group}`} label={group}>{items}</optgroup>;
        })}
      </select>
    </Field>
  );
}

/** The options in runs of neighbours with the same group (options without one make runs of their own). */
function groupRuns(options: readonly SelectOption[]) {
  const runs: { group: string | undefined; members: SelectOption[] }[] = [];
  for (const option of options) {
    const last = runs[runs.length - 1];
    if (last && last.group === option.group) last.members.push(option);
    else runs.push({ group: option.group, members: [option] });
  }
  return runs;
}
