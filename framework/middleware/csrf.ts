/**
 * CSRF protection for writes. A browser sends cookies with cross-site requests, so a write that is
 * authenticated by cookie must come from our own origin: that Origin rule is the defence. Beyond it, a body
 * with no Content-Type or `text/plain` is refused outright: those are the types a foreign page can send without
 * a CORS preflight. A request without a body (a `DELETE`, or a `POST` that names everything in its path) has
 * nothing to type and needs no Content-Type (RFC 9110 §8.3); a browser still sends its Origin, so a forged one
 * is refused by the Origin rule. Requests authenticated by a Bearer token carry no ambient credentials.
 */
import { AppError } from "../../utils/errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/octet-stream",
];

/**
 * Throws the refusal (415 or 403) for a write that fails the rules; returns for anything acceptable.
 * `allowedOrigins` null: the request's own origin (worked out only for a write: a read needs no URL parsed).
 */
export function checkCsrf(req: Request, allowedOrigins: readonly string[] | null, cookieName: string): void {
  if (SAFE.has(req.method)) return;
  const allowed = allowedOrigins ?? [new URL(req.url).origin];
  const headers = req.headers;
  const type = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!ALLOWED_TYPES.includes(type) && !(type === "" && hasNoBody(req))) {
    throw new AppError(415, "unsupported_media_type", "errors.unsupportedMediaType");
  }
  const origin = headers.get("origin");
  const hasCookie = (headers.get("cookie") ?? "").includes(`${cookieName}=`);
  const bearer = /^Bearer\s/i.test(headers.get("authorization") ?? "");
  if (origin && !allowed.includes(origin)) throw new AppError(403, "csrf", "errors.csrf");
  if (headers.get("sec-fetch-site") === "cross-site") throw new AppError(403, "csrf", "errors.csrf");
  if (hasCookie && !bearer && !origin) throw new AppError(403, "csrf", "errors.csrf");
}

/** No body: none given, or an announced empty one (HTTP/1.1 frames a body by Content-Length or chunking). */
function hasNoBody(req: Request): boolean {
  return req.body === null || req.headers.get("content-length") === "0";
}
