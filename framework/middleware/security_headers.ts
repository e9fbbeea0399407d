/**
 * Security headers on every response, and the per-request CSP nonce. Scripts run only with the nonce
 * (`strict-dynamic` lets the nonce'd boot module import its chunks); no inline handlers, no eval. A response
 * that never asked for a nonce carries no script, so its policy allows none.
 */
// Random words drawn 1,024 at a time (each used once): one call to the system's generator serves 256 nonces.
const pool = new Uint32Array(1024);
let drawn = pool.length;

/** 128 random bits as 32 hex digits (CSP asks for at least 128 bits; hex needs no escaping anywhere). */
export function newNonce(): string {
  if (drawn === pool.length) {
    crypto.getRandomValues(pool);
    drawn = 0;
  }
  let nonce = "";
  for (const end = drawn + 4; drawn < end; drawn++) nonce += pool[drawn].toString(16).padStart(8, "0");
  return nonce;
}

const COMMON = [
  "default-src 'self'",
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
const NO_SCRIPT = `${COMMON}; script-src 'none'`;

export function contentSecurityPolicy(nonce: string | null): string {
  return nonce ? `${COMMON}; script-src 'nonce-${nonce}' 'strict-dynamic'` : NO_SCRIPT;
}

/** A document's fixed headers: what it may load, where it may send a referrer, who may frame or open it. */
const FIXED: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "same-origin"],
  ["x-frame-options", "DENY"],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];
/**
 * A JSON answer is data, never a document, and gets the API's set (OWASP REST Security Cheat Sheet): a policy
 * that allows nothing and no framing, no sniffing into another type, and no reading by another site's page.
 * Referrer, opener and permissions policies govern what a document does, and a JSON answer does nothing; they
 * were two fifths of its bytes (the API is most of the requests a page's islands make).
 */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
const JSON_FIXED: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["cross-origin-resource-policy", "same-origin"],
];
const JSON_TYPE = /^application\/(?:problem\+)?json\b/;
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Adds the headers to a response of Content-Type `type`; a CSP the handler set itself (e.g. the API viewer's) is
 * kept, and so is a stricter `Referrer-Policy: no-referrer` (the public student card's: its address is the
 * card's secret).
 */
export function applySecurityHeaders(
  headers: Headers,
  type: string | null,
  nonce: string | null,
  hsts: boolean,
): void {
  const json = JSON_TYPE.test(type ?? "");
  if (!headers.has("content-security-policy")) {
    headers.set("content-security-policy", json ? JSON_CSP : contentSecurityPolicy(nonce));
  }
  if (json) {
    for (const [name, value] of JSON_FIXED) headers.set(name, value);
  } else {
    const keepsNoReferrer = headers.get("referrer-policy") === "no-referrer";
    for (const [name, value] of FIXED) headers.set(name, value);
    if (keepsNoReferrer) headers.set("referrer-policy", "no-referrer");
  }
  if (hsts) headers.set("strict-transport-security", HSTS);
}
