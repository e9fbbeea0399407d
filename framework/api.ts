/**
 * API routes: every operation is declared with `apiRoute`, which puts its `operationId` and `x-permission`
 * into the OpenAPI document and attaches the guard that enforces exactly that permission. A route cannot be
 * declared without a permission (deny by default); `public` and `session` are the two non-key values.
 */
import { createRoute, OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { AppError, type ErrorStatus } from "../utils/errors.ts";
import { errorResponsesOf } from "./api_errors.ts";
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
  /** Error statuses its declaration does not show (see api_errors.ts): a duplicate's 409, an owner's 403. */
  errors?: readonly ErrorStatus[];
};

export function apiRoute<const C extends ApiRouteConfig>(config: C) {
  const { permission, middleware = [], errors, ...rest } = config;
  return createRoute(
    {
      ...rest,
      request: withRequiredBody(rest.request),
      responses: {
        ...errorResponsesOf({ method: rest.method, permission, request: rest.request, errors }),
        ...rest.responses,
      },
      security: permission === "public" ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
      // The API viewer does not display extensions, so the key is also stated in the description.
      description: [rest.description, `Permission: \`${permission}\``].filter(Boolean).join("\n\n"),
      "x-permission": permission,
      middleware: [permissionGuard(permission), ...middleware],
    } as unknown as C & { "x-permission": string; middleware: MiddlewareHandler[] },
  );
}

/**
 * A declared body is required unless the route says `required: false`: @hono/zod-openapi hands an optional
 * JSON body that was not sent to the handler as `{}` without validating it, and a request without a body
 * needs no Content-Type (framework/middleware/csrf.ts), so an optional body would skip the schema.
 */
function withRequiredBody<Q extends RouteConfig["request"]>(request: Q): Q {
  if (!request?.body || request.body.required !== undefined) return request;
  return { ...request, body: { ...request.body, required: true } };
}

export function permissionGuard(permission: Permission): MiddlewareHandler {
  // Not async: a refusal thrown here reaches the app's error handler all the same (Hono's compose catches it),
  // and a route that lets the caller through hands on its promise without awaiting it.
  return (c, next) => {
    if (permission !== "public") {
      const auth = (c as Context<{ Variables: { auth?: AuthView } }>).get("auth");
      if (!auth || auth.userId === null) throw new AppError(401, "unauthorized", "errors.unauthorized");
      if (permission !== "session" && !auth.can(permission)) {
        throw new AppError(403, "forbidden", "errors.forbidden");
      }
    }
    return next();
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

// ---- the islands' client, typed by operation ----

/** The parts of an `apiRoute` declaration the client's types read. */
interface RouteShape {
  method: string;
  path: string;
  request?: unknown;
  responses: unknown;
}

type JsonSchemaIn<C> = C extends { content: { "application/json": { schema: infer S extends z.ZodType } } }
  ? S
  : never;

/** The request a route takes, as the caller writes it: `{ params, query, body }`, each only when declared. */
type RequestOf<R> = R extends { request: infer Q } ? Q : Record<never, never>;
type ParamsPart<Q> = Q extends { params: infer S extends z.ZodType } ? { params: z.input<S> }
  : Record<never, never>;
type QueryPart<Q> = Q extends { query: infer S extends z.ZodType }
  ? Record<never, never> extends z.input<S> ? { query?: z.input<S> } : { query: z.input<S> }
  : Record<never, never>;
type BodyPart<Q> = Q extends { body: infer B }
  ? [JsonSchemaIn<B>] extends [never] ? Record<never, never> : { body: z.input<JsonSchemaIn<B>> }
  : Record<never, never>;
type Flat<T> = { [K in keyof T]: T[K] };

type SuccessStatus = 200 | 201 | 202;
/** What a success answers: the output of its JSON schema (a download or an empty answer is `unknown`). */
type ResponseOf<R> = R extends { responses: infer S }
  ? { [K in keyof S & SuccessStatus]: z.output<JsonSchemaIn<S[K]>> }[keyof S & SuccessStatus]
  : unknown;

/** One operation for the client: what it takes (`input`) and what a success answers (`response`). */
export interface ApiOperation<I = unknown, O = unknown> {
  input: I;
  response: O;
}

type OperationOf<R> = ApiOperation<
  Flat<ParamsPart<RequestOf<R>> & QueryPart<RequestOf<R>> & BodyPart<RequestOf<R>>>,
  ResponseOf<R>
>;

/** A router module's declarations: its exported routes, or a `routes` record of them (shared routers). */
type RoutesIn<M> = {
  [K in keyof M]: M[K] extends RouteShape ? M[K]
    : M[K] extends Record<string, RouteShape> ? M[K][keyof M[K]]
    : never;
}[keyof M];

type FullPath<Mount extends string, P extends string> = P extends "/" ? Mount : `${Mount}${P}`;
type Entry<Mount extends string, R> = R extends RouteShape
  ? { key: `${Uppercase<R["method"]>} ${FullPath<Mount, R["path"]>}`; route: R }
  : never;
type EntriesOf<Mounts> = {
  [Mount in keyof Mounts & string]: Entry<
    Mount extends `/api${infer Rest}` ? Rest : Mount,
    RoutesIn<Mounts[Mount]>
  >;
}[keyof Mounts & string];

/**
 * Every operation of the API keyed `"METHOD /path/{param}"` (the path under /api), from the router modules
 * by mount path (routes.gen.ts lists them): the key is both the type's name and what the client requests.
 */
export type OperationsOf<Mounts> = {
  [E in EntriesOf<Mounts> as E["key"]]: OperationOf<E["route"]>;
};
