/**
 * One URL per resource: a path with a trailing slash (`/books/`, `/api/books/`) is redirected with 308 — which
 * keeps the method and body — to the path without it, its query kept. Without this, such a URL was a 404, or
 * a static file served as `application/octet-stream` under a name no type matched. Called by the platform
 * middleware (http/platform.ts), not a layer of its own: every request asks, almost none is redirected.
 */
import type { Context } from "hono";

/** The redirect to the canonical path, or null when the request's path is canonical already. */
export function canonicalRedirect(c: Context): Response | null {
  const path = c.req.path;
  if (path.length <= 1 || !path.endsWith("/")) return null;
  const url = new URL(c.req.url);
  const canonical = path.replace(/\/+$/, "") || "/";
  // "//host" would leave the site: a path that is only slashes goes home.
  return c.redirect(`${canonical}${url.search}`, 308);
}
