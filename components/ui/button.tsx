import type { ComponentChildren, JSX } from "preact";
import { cx } from "./class_names.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "icon";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps
  extends Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, "class" | "size" | "disabled"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy; the label stays so the width does not jump. */
  loading?: boolean;
  disabled?: boolean;
  class?: string;
  children?: ComponentChildren;
}

// The looks are component classes (styles/buttons.css): a page of rows repeats the same few buttons.
const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "btn btn-primary",
  secondary: "btn btn-secondary",
  danger: "btn btn-danger",
  ghost: "btn btn-ghost",
  icon: "btn btn-icon",
};

const SIZE_CLASSES: Record<ButtonSize, string> = { sm: "btn-sm", md: "btn-md", lg: "btn-lg" };

// Icon buttons are square: the padding of text buttons would make them oval.
const ICON_SIZE_CLASSES: Record<ButtonSize, string> = { sm: "size-8", md: "size-10", lg: "size-12" };

/** The classes of a button, for links that must look like one (e.g. `<a class={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${VARIANT_CLASSES[variant]} ${variant === "icon" ? ICON_SIZE_CLASSES[size] : SIZE_CLASSES[size]}`;
}

/** A button; `type` defaults to "button" so it never submits a form by accident. Icon buttons need `aria-label`. */
export function Button(
  {
    variant = "primary",
    size = "md",
    loading = false,
    type = "button",
    disabled,
    class: extra,
    children,
    ...rest
  }: ButtonProps,
) {
  return (
    <button
      {...rest}
      type={type}
      class={cx(buttonClass(variant, size), extra)}
      disabled={disabled || loading}
      aria-busy={loading ? "true" : undefined}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}
