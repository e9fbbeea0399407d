/**
 * The error answers an operation documents, derived from its declaration so that no route can forget them:
 * the guard's 401/403, a path id's 404, validation's 422; before a write the body limit's 413 and CSRF's
 * 403/415, a clash's 409 and a named record's 404; a body's 400/415. What the declaration cannot show (an owner
 * check's 403, a rate limit's 429, a public sign-in's 401) the route names in `errors`. Every one answers the one error shape of utils/errors.ts.
 */
import { z } from "@hono/zod-openapi";
import type { ErrorStatus } from "../utils/errors.ts";

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string().openapi({
      description: "Stable machine code, e.g. `not_found`, `conflict`, `invalid`.",
    }),
    message: z.string().openapi({ description: "The human message in the request's language." }),
    fields: z.record(z.string(), z.string()).optional().openapi({
      description: "For `invalid` (422): each failing field's message, keyed by the field's path.",
    }),
  }),
}).openapi("Error", { description: "The one error shape of every failing call." });

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "Bad request: the body is not well-formed JSON.",
  401: "Not signed in (no valid session cookie or Bearer token).",
  403:
    "Signed in without the permission (or not the owner of what is named); or a cross-site write refused (`csrf`).",
  404: "Not found: nothing has the id given (in the path, or named in the body).",
  409:
    "Conflict: the record changed since it was read (stale versionstamp), or the change clashes with another record.",
  413: "The body is over the size limit.",
  415: "The body's Content-Type is not one the operation takes (a body needs one: JSON, a form, or bytes).",
  422: "Invalid input: `error.fields` names each failing field.",
  429: "Too many requests: try again after `Retry-After` seconds.",
  502: "A service this operation depends on failed.",
  503: "Not available right now: try again after `Retry-After` seconds.",
};

interface Declared {
  method: string;
  permission: string;
  request?: { params?: unknown; query?: unknown; body?: unknown };
  errors?: readonly ErrorStatus[];
}

const hasVersionstamp = (schema: unknown) =>
  typeof schema === "object" && schema !== null &&
  "versionstamp" in ((schema as { shape?: object }).shape ?? {});

function bodySchemas(body: unknown): unknown[] {
  const content = (body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {};
  return Object.values(content).map((c) => c.schema);
}

/** The statuses an operation can answer with an error, from what it declares. */
export function errorStatusesOf(route: Declared): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors ?? []);
  const { params, query, body } = route.request ?? {};
  const write = route.method.toLowerCase() !== "get";
  if (route.permission !== "public") statuses.add(401);
  if (route.permission !== "public" && route.permission !== "session") statuses.add(403);
  if (params) statuses.add(404).add(422);
  if (query) statuses.add(422);
  if (write) {
    // Before every write: the body limit (http/body_limits.ts) and the CSRF rules (framework/middleware/csrf.ts:
    // a foreign Origin 403, a body of a type a foreign page can send 415); a write can clash with another
    // record (a duplicate, a stale version: 409) or name, in its body or query, one that does not exist (404).
    statuses.add(413).add(403).add(415).add(409);
    if (body || query) statuses.add(404);
  }
  if (body) statuses.add(400).add(415).add(422);
  if (hasVersionstamp(query) || bodySchemas(body).some(hasVersionstamp)) statuses.add(409);
  return [...statuses].sort();
}

/** The OpenAPI responses for those statuses, each with the shared error schema. */
export function errorResponsesOf(route: Declared) {
  return Object.fromEntries(
    errorStatusesOf(route).map((status) => [status, {
      description: DESCRIPTIONS[status],
      content: { "application/json": { schema: ErrorResponse } },
    }]),
  );
}
