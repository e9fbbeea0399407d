/**
 * Every request that carries a body is read against a limit that fits its purpose, counted while the bytes
 * arrive (or from Content-Length before any are read), so a 100 MB form post costs the server nothing: it is
 * refused with 413 `payload_too_large` after at most the limit. Pages take small form posts (sign-in, a vote,
 * a device's sign-out); the API takes JSON documents; the chat's upload takes one chunk of a file.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { APPLICATION_JSON_BODY_LIMIT, ONLINE_REGISTER_BODY_LIMIT } from "../services/admissions/documents.ts";
import { UPLOAD_CHUNK_BYTES } from "../services/chat/protocol.ts";
import { MESSAGE_BODY_LIMIT } from "../services/messages/attachments.ts";
import { AppError } from "../utils/errors.ts";

export const API_BODY_LIMIT = 1024 * 1024;
export const FORM_BODY_LIMIT = 64 * 1024;
/** The shell's JSON calls outside /api take an empty object. */
export const SHELL_CALL_BODY_LIMIT = 1024;

/** The limit for a path; the most specific rule first. */
export function bodyLimitFor(path: string): number {
  if (path === "/api/chat/upload") return UPLOAD_CHUNK_BYTES;
  // The public application form carries its two documents.
  if (path === "/online-register") return ONLINE_REGISTER_BODY_LIMIT;
  // The same application as JSON (applicationSubmit), its documents in base64.
  if (path === "/api/applications") return APPLICATION_JSON_BODY_LIMIT;
  // An announcement with its attachments in base64.
  if (path === "/api/messages") return MESSAGE_BODY_LIMIT;
  if (path.startsWith("/api/")) return API_BODY_LIMIT;
  if (path === "/user/notifications/count" || path.startsWith("/event/")) return SHELL_CALL_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}

const tooLarge = () => {
  throw new AppError(413, "payload_too_large", "errors.payloadTooLarge");
};

export function limitBodies(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterOf = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) limiters.set(maxSize, limiter = bodyLimit({ maxSize, onError: tooLarge }));
    return limiter;
  };
  return (c, next) => c.req.raw.body ? limiterOf(bodyLimitFor(c.req.path))(c, next) : next();
}
