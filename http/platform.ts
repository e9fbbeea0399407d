/**
 * The one middleware every request passes: it builds the request's state (language, translator, a CSP nonce
 * made only if a page asks for one), refuses cross-site writes, redirects a path to its canonical form, learns
 * who is asking, and stamps the security headers (and the API's no-store) on the way out. One function rather
 * than a chain: this runs on every request, and each extra middleware layer costs the JSON routes a measurable
 * share of their throughput.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AuthView } from "../framework/api.ts";
import type { BuildManifest } from "../framework/build_manifest.ts";
import { checkCsrf } from "../framework/middleware/csrf.ts";
import { canonicalRedirect } from "../framework/middleware/canonical_path.ts";
import { applySecurityHeaders, newNonce } from "../framework/middleware/security_headers.ts";
import { identify, lastKnownHolder } from "../services/identity/auth.ts";
import { mayRenderShell, readShell } from "./shell_reads.ts";
import { i18nVersionFor, translatorFor } from "../services/languages/i18n.ts";
import type { AppState } from "./app_state.ts";
import { requestLang, stampLanguage } from "./language.ts";
import { compressed } from "./compression.ts";
import { servedOverHttps, SESSION_COOKIE, tokenOf } from "./session_cookie.ts";

export type AppEnv = { Variables: { state: AppState; auth: AuthView } };

const ANONYMOUS: AuthView = { userId: null, can: () => false };

export function platform(opts: {
  build: BuildManifest;
  /** Origins allowed to write with a cookie; null: the request's own origin. */
  allowedOrigins: string[] | null;
  /** HSTS on every answer (Deno Deploy, always https); otherwise on answers to requests that came over https. */
  hsts: boolean;
  /** The app's error handler: a refusal raised here (CSRF) must leave with the same shape and headers. */
  onError: (error: Error, c: Context<AppEnv>) => Response | Promise<Response>;
}): MiddlewareHandler<AppEnv> {
  const { build } = opts;
  return async (c, next) => {
    const lang = requestLang(c.req.raw.headers);
    const state = new RequestState(lang, build);
    c.set("state", state);
    c.set("auth", ANONYMOUS);
    let type: string | null = null;
    // No cache keeps a no-store answer, so its Vary (which tells a cache what to keep apart) would be bytes on
    // every API answer that nothing reads (RFC 9111, 5.2.2.5).
    let stored = true;
    try {
      checkCsrf(c.req.raw, opts.allowedOrigins, SESSION_COOKIE);
      const redirect = canonicalRedirect(c);
      if (redirect) {
        c.res = redirect;
        return;
      }
      // Static files need no identity; everything else learns who is asking (or that nobody is).
      const token = c.req.path.startsWith("/static/") ? null : tokenOf(c);
      if (token) {
        const holder = mayRenderShell(c.req.method, c.req.path) ? lastKnownHolder(token) : null;
        if (holder) {
          const done = readShell(state, holder.userId, holder.sid);
          done.catch(() => {}); // awaited by the page middleware; nobody waits if the session has ended
          state.shellRead = { sid: holder.sid, done };
        }
        const identity = await identify(token);
        if (identity) {
          state.identity = identity;
          state.auth = { userId: identity.user.id, can: (key) => identity.permissions.has(key) };
          c.set("auth", state.auth);
        }
      }
      await next();
    } catch (error) {
      c.res = await opts.onError(error as Error, c);
    } finally {
      // A WebSocket upgrade's 101 carries no document, and Deno (2.5 and others) freezes its headers.
      if (c.res.status !== 101) {
        // Read once: the headers, the language and the compression each depend on it.
        type = c.res.headers.get("content-type");
        applySecurityHeaders(c.res.headers, type, state.nonceIfMade, opts.hsts || servedOverHttps(c.req.raw));
        // API answers are personal (a shared lab computer's next user must not read them from the cache).
        if (c.req.path.startsWith("/api/") && !c.res.headers.has("cache-control")) {
          c.res.headers.set("cache-control", "no-store");
          stored = false;
        }
        if (!c.req.path.startsWith("/static/")) stampLanguage(c.res.headers, type, lang, stored);
      }
    }
    // Pages and JSON gzipped for clients that take it (static files come precompressed).
    const packing = c.res.status === 101
      ? null
      : compressed(c.res, type, c.req.raw.headers.get("accept-encoding"), stored);
    if (packing) {
      const packed = await packing;
      // Hono would copy the old answer's headers (its length, its strong ETag) onto the new one.
      c.res = undefined;
      c.res = packed;
    }
  };
}

/**
 * A request's state. A class, not an object literal with getters: built for every request, and a literal's
 * getters cost V8 a slow property definition each time (measured: 0.6 µs against nothing).
 */
class RequestState implements AppState {
  auth: AuthView = ANONYMOUS;
  identity: AppState["identity"] = null;
  shellRead?: AppState["shellRead"];
  readonly css: string;
  #nonce: string | null = null;
  #t: AppState["t"] | null = null;
  #i18nVersion: string | null = null;

  constructor(readonly lang: AppState["lang"], private readonly build: BuildManifest) {
    this.css = build.css;
  }

  /** Made at first use: only a page with scripts asks for one. */
  get nonce(): string {
    return (this.#nonce ??= newNonce());
  }

  /** The nonce if a page asked for one: the security headers allow scripts only then. */
  get nonceIfMade(): string | null {
    return this.#nonce;
  }

  // Taken at first use, so after the page middleware has read the language screen's edit version.
  get t(): AppState["t"] {
    return (this.#t ??= translatorFor(this.lang));
  }

  get i18nVersion(): string {
    return (this.#i18nVersion ??= i18nVersionFor(this.lang, this.build.locales[this.lang] ?? ""));
  }
}
