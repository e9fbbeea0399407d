import type { ComponentChildren, JSX } from "preact";
import { cx } from "./class_names.ts";

/** What every labelled control takes besides its own HTML attributes. The caller translates the texts. */
export interface FieldTextProps {
  /** Required: it ties the `<label for>` to the control; ids must be stable between server and island. */
  id: string;
  label: ComponentChildren;
  hint?: ComponentChildren;
  /** Error text shown in red under the control; a non-empty value also marks the control invalid. */
  error?: string | null;
  required?: boolean;
  /** Keeps the label for screen readers but hides it visually (e.g. inside a compact filter row). */
  hideLabel?: boolean;
  /** Classes of the wrapper, e.g. a grid column span. */
  class?: string;
}

export interface FieldProps extends FieldTextProps {
  children: ComponentChildren;
}

/**
 * Shared look of text-like controls; red border when `aria-invalid="true"`. A component class
 * (styles/forms.css): its fourteen utilities repeated on every control were the longest string of a form's page.
 */
export const CONTROL_CLASS = "ui-control";

export function fieldHintId(id: string): string {
  return `${id}-hint`;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The ARIA attributes a control needs so its hint and error are read with it. Spread onto the control. */
export function controlAria(
  { id, hint, error }: Pick<FieldTextProps, "id" | "hint" | "error">,
): { "aria-describedby"?: string; "aria-invalid"?: "true" } {
  const describedBy = [hint ? fieldHintId(id) : "", error ? fieldErrorId(id) : ""].filter(Boolean).join(" ");
  return {
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? "true" : undefined,
  };
}

/** Label, control (the children), hint and error, in that order. The control must carry `id` and `controlAria`. */
export function Field({ id, label, hint, error, required, hideLabel, class: extra, children }: FieldProps) {
  return (
    <div class={cx("flex flex-col gap-1", extra)}>
      <label for={id} class={cx("text-sm font-medium text-gray-700", hideLabel && "sr-only")}>
        {label}
        {required && <span class="ms-0.5 text-danger-600" aria-hidden="true">*</span>}
      </label>
      {children}
      {hint && <p id={fieldHintId(id)} class="text-xs text-gray-500">{hint}</p>}
      {error && <p id={fieldErrorId(id)} class="text-xs font-medium text-danger-700">{error}</p>}
    </div>
  );
}

type OwnKeys = keyof FieldTextProps | "type";

export type TextInputProps =
  & FieldTextProps
  & Omit<JSX.InputHTMLAttributes<HTMLInputElement>, OwnKeys>
  & { type?: "text" | "email" | "password" | "search" | "tel" | "url" };

export function TextInput(
  { id, label, hint, error, required, hideLabel, class: wrapper, type = "text", ...input }: TextInputProps,
) {
  return (
    <Field {...{ id, label, hint, error, required, hideLabel }} class={wrapper}>
      <input
        {...input}
        {...controlAria({ id, hint, error })}
        id={id}
        type={type}
        required={required}
        class={CONTROL_CLASS}
      />
    </Field>
  );
}

export type NumberInputProps = FieldTextProps & Omit<JSX.InputHTMLAttributes<HTMLInputElement>, OwnKeys>;

export function NumberInput(
  { id, label, hint, error, required, hideLabel, class: wrapper, ...input }: NumberInputProps,
) {
  return (
    <Field {...{ id, label, hint, error, required, hideLabel }} class={wrapper}>
      <input
        inputMode="decimal"
        {...input}
        {...controlAria({ id, hint, error })}
        id={id}
        type="number"
        required={required}
        class={CONTROL_CLASS}
      />
    </Field>
  );
}

export type TextareaProps = FieldTextProps & Omit<JSX.TextareaHTMLAttributes<HTMLTextAreaElement>, OwnKeys>;

export function Textarea(
  { id, label, hint, error, required, hideLabel, class: wrapper, rows = 4, ...area }: TextareaProps,
) {
  return (
    <Field {...{ id, label, hint, error, required, hideLabel }} class={wrapper}>
      <textarea
        {...area}
        {...controlAria({ id, hint, error })}
        id={id}
        rows={rows}
        required={required}
        class={CONTROL_CLASS}
      />
    </Field>
  );
}
