/**
 * Security headers on every response, and the per-request CSP nonce. Scripts run only with the nonce
 * (`strict-dynamic` lets the nonce'd boot module import its chunks); no inline handlers, no eval.
 */
import type { MiddlewareHandler } from "hono";

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(
    /[+/=]/g,
    (c) => (c === "+" ? "-" : c === "/" ? "_" : ""),
  );
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Preact sets style properties through the CSSOM, which CSP allows; markup carries no style attributes.
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(
  opts: { hsts?: boolean } = {},
): MiddlewareHandler<{ Variables: { nonce: string } }> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    if (!h.has("content-security-policy")) h.set("content-security-policy", contentSecurityPolicy(nonce));
    h.set("x-content-type-options", "nosniff");
    h.set("referrer-policy", "same-origin");
    h.set("x-frame-options", "DENY");
    h.set("cross-origin-opener-policy", "same-origin");
    h.set("cross-origin-resource-policy", "same-origin");
    h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (opts.hsts) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  };
}
