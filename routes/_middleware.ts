import type { MiddlewareFn } from "../framework/types.ts";
import { readShell } from "../http/shell_reads.ts";
import type { AppState } from "../http/app_state.ts";

/** Pages anyone may open (SPEC §2.1); every other page needs a signed-in person. */
const PUBLIC = [/^\/login$/, /^\/online-register$/, /^\/studentInfoQrCode\/[^/]+$/, /^\/language\/[a-z]{2}$/];

export const handler: MiddlewareFn<AppState> = async ({ url, state, next }) => {
  if (!state.identity && !PUBLIC.some((pattern) => pattern.test(url.pathname))) {
    const back = url.pathname === "/" ? "" : `?next=${encodeURIComponent(url.pathname + url.search)}`;
    return new Response(null, {
      status: 303,
      headers: { location: `/login${back}`, "cache-control": "no-store" },
    });
  }
  // Pages render synchronously: what the shell shows is read first (http/shell_reads.ts), unless the platform
  // started it beside the session's check. A public page (open to anyone, so the one a flood of requests
  // reaches) reads no KV for the texts: it renders with this process's copy, which an edit here refreshes at
  // once and another instance's edit within a second.
  if (state.identity) {
    const { user, session } = state.identity;
    // A session is one person's: the early reads count when they were made for this session.
    const early = state.shellRead?.sid === session.sid ? state.shellRead.done : null;
    await (early ?? readShell(state, user.id, session.sid));
  }
  const response = await next();
  // Pages are rendered per person and language: never cache them in shared caches.
  if (response.headers.has("cache-control")) return response;
  try {
    response.headers.set("cache-control", "no-store");
    return response;
  } catch {
    // Response.redirect() and friends have immutable headers.
    const headers = new Headers(response.headers);
    headers.set("cache-control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
