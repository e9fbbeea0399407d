/**
 * The one `onError`: every failure leaves as `{ "error": { "code", "message", "fields"? } }` for API calls
 * and as the `_500` / `_404` page for pages. Messages are translated into the request's language.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../../utils/errors.ts";

/** Normalizes anything thrown into an AppError, or null for a bug (→ 500). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return new AppError(413, "payload_too_large", "errors.payloadTooLarge");
    if (status === 400 && /JSON/i.test(error.message)) return new AppError(400, "bad_json", "errors.badJson");
    if (status === 400) return new AppError(400, "bad_request", "errors.badRequest");
    if (status === 401) return new AppError(401, "unauthorized", "errors.unauthorized");
    if (status === 403) return new AppError(403, "forbidden", "errors.forbidden");
    if (status === 404) return new AppError(404, "not_found", "errors.notFound", { params: { entity: "" } });
    if (status === 415) return new AppError(415, "unsupported_media_type", "errors.unsupportedMediaType");
    // Any other refusal a library raises is still the client's mistake, in the one shape (never a 500).
    if (status >= 400 && status < 500) return new AppError(400, "bad_request", "errors.badRequest");
  }
  if (error instanceof SyntaxError && /JSON/.test(error.message)) {
    return new AppError(400, "bad_json", "errors.badJson");
  }
  return null;
}

/**
 * Paths outside /api that answer only JSON (SPEC §3 fixes them there: the shell's notification calls). Their
 * refusals, also those raised before routing (CSRF, body size), must be in the error shape, never a page.
 */
const JSON_ONLY_PREFIXES = ["/api/", "/event/"];
const JSON_ONLY_PATHS = new Set(["/user/notifications/count"]);

export function isApiRequest(c: Context) {
  const path = new URL(c.req.url).pathname;
  return JSON_ONLY_PREFIXES.some((prefix) => path.startsWith(prefix)) || JSON_ONLY_PATHS.has(path) ||
    (c.req.header("accept") ?? "").startsWith("application/json");
}
