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

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors select-none " +
  "disabled:cursor-not-allowed disabled:opacity-60";

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800",
  secondary: "border border-gray-300 bg-white text-gray-800 shadow-sm hover:bg-gray-50 active:bg-gray-100",
  danger: "bg-danger-600 text-white shadow-sm hover:bg-danger-700 active:bg-danger-800",
  ghost: "text-primary-700 hover:bg-primary-50 active:bg-primary-100",
  icon: "rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 active:bg-gray-200",
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-5 text-base",
};

// Icon buttons are square: the padding of text buttons would make them oval.
const ICON_SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: "size-8",
  md: "size-10",
  lg: "size-12",
};

// Fifteen combinations, built once: a page of rows asks for the same few on every row.
const BUILT = new Map<string, string>();

/** The classes of a button, for links that must look like one (e.g. `<a class={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  const id = `${variant} ${size}`;
  let classes = BUILT.get(id);
  if (classes === undefined) {
    const sizeClasses = variant === "icon" ? ICON_SIZE_CLASSES[size] : SIZE_CLASSES[size];
    BUILT.set(id, classes = cx(BASE, VARIANT_CLASSES[variant], sizeClasses));
  }
  return classes;
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
