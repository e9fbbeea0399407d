/**
 * API routes: every operation is declared with `apiRoute`, which puts its `operationId` and `x-permission`
 * into the OpenAPI document and attaches the guard that enforces exactly that permission. A route cannot be
 * declared without a permission (deny by default); `public` and `session` are the two non-key values.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { AppError, type FieldError } from "../utils/errors.ts";

/** What the app's auth middleware stores in `c.var.auth` for the guard to read. */
export interface AuthView {
  userId: number | null;
  can(permission: string): boolean;
}

export type Permission = "public" | "session" | (string & Record<never, never>);

type ApiRouteConfig = Omit<RouteConfig, "middleware"> & {
  operationId: string;
  permission: Permission;
  middleware?: MiddlewareHandler[];
};

export function apiRoute<const C extends ApiRouteConfig>(config: C) {
  const { permission, middleware = [], ...rest } = config;
  return createRoute(
    {
      ...rest,
      // The API viewer does not display extensions, so the key is also stated in the description.
      description: [rest.description, `Permission: \`${permission}\``].filter(Boolean).join("\n\n"),
      "x-permission": permission,
      middleware: [permissionGuard(permission), ...middleware],
    } as unknown as C & { "x-permission": string; middleware: MiddlewareHandler[] },
  );
}

export function permissionGuard(permission: Permission): MiddlewareHandler {
  return async (c, next) => {
    if (permission !== "public") {
      const auth = (c as Context<{ Variables: { auth?: AuthView } }>).get("auth");
      if (!auth || auth.userId === null) throw new AppError(401, "unauthorized", "errors.unauthorized");
      if (permission !== "session" && !auth.can(permission)) {
        throw new AppError(403, "forbidden", "errors.forbidden");
      }
    }
    await next();
  };
}

/** A router whose validation failures become 422 field errors in the one error shape. */
export function createRouter() {
  // Variables are set by the app's own middleware; routers read them with a cast to the app's types.
  return new OpenAPIHono<{ Variables: Record<string, unknown> }>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues, (result as { data?: unknown }).data);
    },
  });
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
}

/** zod issues → field errors with i18n keys (zod's own messages are English only). */
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
      // Refinements in this codebase put an i18n key in `message`.
      return { key: issue.message.startsWith("errors.") ? issue.message : "errors.invalid" };
    default:
      return { key: "errors.invalid" };
  }
}
