/**
 * The first middleware: gives each request an id (the client's X-Request-Id when it is plain, else a new one),
 * which every log line written while serving it carries and the response returns in X-Request-Id; and, once the
 * router has matched, names the request's OpenTelemetry span after its route pattern and API operationId.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { requestIdFrom, withRequestId } from "../services/operations/request_context.ts";
import { nameRequestSpan, spansEnabled } from "../services/operations/tracing.ts";
import { logEvent } from "../services/operations/log.ts";

/** Reads slower than this are logged (every request is a span already when telemetry is on). */
const SLOW_MS = 2_000;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface RouteDefinition {
  type: string;
  route?: { method: string; path: string; operationId?: string };
}

/** `GET /api/books/:id` → operationId, from the OpenAPI registry (its paths are written `/api/books/{id}`). */
export function operationIndex(definitions: readonly RouteDefinition[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const d of definitions) {
    if (d.type !== "route" || !d.route?.operationId) continue;
    const path = d.route.path.replace(/\{(\w+)\}/g, ":$1");
    index.set(`${d.route.method.toUpperCase()} ${path}`, d.route.operationId);
  }
  return index;
}

export function requestTelemetry(definitions: () => readonly RouteDefinition[]): MiddlewareHandler {
  let operations: Map<string, string> | null = null;
  return (c, next) => {
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    const started = performance.now();
    return withRequestId(requestId, async () => {
      await next();
      // The route is worked out only for a span or a log line (once): most requests have neither.
      let naming: { route: string; operationId: string | undefined } | undefined;
      const named = () => naming ??= routeOf(c, operations ??= operationIndex(definitions()));
      if (spansEnabled) {
        const { route, operationId } = named();
        nameRequestSpan(c.req.method, route, operationId);
      }
      // A 101 (WebSocket) response's headers are immutable on Deno 2.5; a redirect's or a fetched one's too.
      if (c.res.status !== 101) {
        try {
          c.res.headers.set("x-request-id", requestId);
        } catch {
          c.res = new Response(c.res.body, c.res);
          c.res.headers.set("x-request-id", requestId);
        }
      }
      const ms = performance.now() - started;
      // Every write is logged (what changed, and when, for whoever reads the log later); reads only when they
      // fail or are slow, so that reading a page does not cost a log line.
      if (c.res.status >= 500 || ms > SLOW_MS || WRITES.has(c.req.method)) {
        const level = c.res.status >= 500 ? "error" : ms > SLOW_MS ? "warn" : "info";
        const { route, operationId } = named();
        logEvent(level, "http_request", {
          method: c.req.method,
          route,
          operationId,
          status: c.res.status,
          ms: Math.round(ms),
        });
      }
    });
  };
}

/**
 * The route pattern that answered and its API operationId. Middleware is registered for any method and a
 * wildcard path; API routes for their method; pages for any method and their own pattern. The first match of a
 * route is the one that answered (a later one, such as the pages' catch-all, is reached only when it falls
 * through).
 */
function routeOf(c: Context, operations: Map<string, string>) {
  const routes = matchedRoutes(c);
  const route = (routes.find((r) => r.method !== "ALL") ?? routes.find((r) => !r.path.endsWith("*")))?.path ??
    "unmatched";
  return { route, operationId: operations.get(`${c.req.method} ${route}`) };
}
