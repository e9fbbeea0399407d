/**
 * API routes: every operation is declared with `apiRoute`, which puts its `operationId` and `x-permission`
 * into the OpenAPI document and attaches the guard that enforces exactly that permission. A route cannot be
 * declared without a permission (deny by default); `public` and `session` are the two non-key values.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../utils/errors.ts";
import { validationError } from "../utils/validation_error.ts";

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
