/**
 * CSRF protection for writes. A browser sends cookies with cross-site requests, so a write that is
 * authenticated by cookie must come from our own origin. Beyond Hono's origin check, writes with no
 * Content-Type or `text/plain` are refused outright: those are the types a foreign page can send without a
 * CORS preflight. Requests authenticated by a Bearer token carry no ambient credentials and only need a type.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../utils/errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/octet-stream",
];

export function csrf(
  opts: { allowedOrigins: (requestOrigin: string) => string[]; cookieName: string },
): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!ALLOWED_TYPES.includes(type)) {
      throw new AppError(415, "unsupported_media_type", "errors.unsupportedMediaType");
    }
    const origin = c.req.header("origin");
    const allowed = opts.allowedOrigins(new URL(c.req.url).origin);
    const hasCookie = (c.req.header("cookie") ?? "").includes(`${opts.cookieName}=`);
    const bearer = /^Bearer\s/i.test(c.req.header("authorization") ?? "");
    const fetchSite = c.req.header("sec-fetch-site");
    if (origin && !allowed.includes(origin)) throw new AppError(403, "csrf", "errors.csrf");
    if (fetchSite === "cross-site") throw new AppError(403, "csrf", "errors.csrf");
    if (hasCookie && !bearer && !origin) throw new AppError(403, "csrf", "errors.csrf");
    await next();
  };
}
