/**
 * The session token travels in an HttpOnly, SameSite cookie for pages, the API and WebSockets; API clients
 * may send it as a Bearer token instead. Never readable by scripts, so an XSS cannot steal it.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Session } from "../services/identity/sessions.ts";
import { envVar } from "../utils/env.ts";

export const SESSION_COOKIE = "session";
const TEN_YEARS = 10 * 365 * 24 * 3600;

/** `TRUST_PROXY=1` behind a reverse proxy: only then is X-Forwarded-For believed (else anyone could forge it). */
const trustProxy = envVar("TRUST_PROXY") === "1";

/**
 * Whether the browser reached us over https: directly, or (only with TRUST_PROXY=1) through a proxy that ended
 * TLS and says so in X-Forwarded-Proto. Decides the session cookie's Secure flag and HSTS.
 */
export function servedOverHttps(req: Request, trusted = trustProxy): boolean {
  // A Request's URL is absolute with its scheme in lower case: no need to parse it (every request asks).
  if (req.url.startsWith("https:")) return true;
  if (!trusted) return false;
  return req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

export function tokenOf(c: Context): string | null {
  const header = c.req.header("authorization");
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, "").trim();
  return getCookie(c, SESSION_COOKIE) ?? null;
}

/** The Set-Cookie value for a new session; `secure` when the app is served over https. */
export function sessionCookie(token: string, session: Session, secure: boolean): string {
  const maxAge = session.expiresAt === null
    ? TEN_YEARS
    : Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${
    secure ? "; Secure" : ""
  }`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** Where a request comes from, for the devices list and throttling. */
export function clientInfo(req: Request, remoteAddr: string): { ip: string; userAgent: string } {
  const forwarded = trustProxy ? req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return { ip: forwarded || remoteAddr || "", userAgent: req.headers.get("user-agent") ?? "" };
}

export { remoteAddrOf } from "../framework/server.ts";
