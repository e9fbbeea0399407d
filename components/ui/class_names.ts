/** Joins class names, skipping falsy entries, so conditional classes read as plain expressions. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/**
 * ARIA state attributes must be the strings "true"/"false": the precompiled JSX renderer writes a boolean
 * `true` as a bare attribute (which ARIA reads as the empty, i.e. default, value) and drops `false`.
 */
export function ariaBool(value: boolean): "true" | "false" {
  return value ? "true" : "false";
}
