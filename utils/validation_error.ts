/**
 * zod's issues as the one error shape's 422 field errors, with i18n keys (zod's own messages are English only).
 * Used by the API routers' validation and by the WebSocket protocols that check frames with zod.
 */
import { AppError, type FieldError } from "./errors.ts";

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
  params?: Record<string, string | number>;
}

export function validationError(issues: readonly Issue[], input?: unknown): AppError {
  const fields: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    if (fields[path]) continue;
    const missing = issue.path.length > 0 && valueAt(input, issue.path) === undefined &&
      issue.code !== "unrecognized_keys";
    fields[path] = missing ? { key: "errors.required" } : fieldErrorOf(issue);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys ?? []) {
        fields[[...issue.path.map(String), key].join(".")] = { key: "errors.unknownField" };
      }
      delete fields[path];
    }
  }
  return new AppError(422, "invalid", "errors.invalid", { fields });
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function fieldErrorOf(issue: Issue): FieldError {
  const isText = issue.origin === "string";
  switch (issue.code) {
    case "invalid_type":
      return { key: issue.input === undefined ? "errors.required" : "errors.invalidType" };
    case "too_small":
      return isText && Number(issue.minimum) === 1
        ? { key: "errors.required" }
        : { key: isText ? "errors.tooShort" : "errors.tooSmall", params: { min: Number(issue.minimum) } };
    case "too_big":
      return { key: isText ? "errors.tooLong" : "errors.tooBig", params: { max: Number(issue.maximum) } };
    case "invalid_value":
      return { key: "errors.invalidChoice" };
    case "invalid_format":
      return { key: "errors.invalidFormat" };
    case "custom":
      // Refinements in this codebase put an i18n key in `message` (errors.… or <module>.errors.…), and its
      // interpolation values in `params`.
      return /^(\w+\.)?errors\./.test(issue.message)
        ? { key: issue.message, ...(issue.params ? { params: issue.params } : {}) }
        : { key: "errors.invalid" };
    default:
      return { key: "errors.invalid" };
  }
}
