/**
 * `z.literal([...])` for a closed set of values, published whole. The OpenAPI generator
 * (@asteasolutions/zod-to-openapi) writes only a literal's first value (`enum: [1]` for weekdays 1–6), so a
 * typed client could send nothing else; the schema states its own type and every value it accepts.
 */
import { z } from "@hono/zod-openapi";

export function literalOf<const T extends readonly [number, ...number[]] | readonly [string, ...string[]]>(
  values: T,
) {
  const type = typeof values[0] === "string"
    ? "string"
    : values.every((v) => Number.isInteger(v))
    ? "integer"
    : "number";
  return z.literal(values).openapi({ type, enum: [...values] });
}
