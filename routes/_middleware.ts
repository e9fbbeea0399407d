import type { MiddlewareFn } from "../framework/types.ts";
import { authParams } from "../services/identity/params.ts";
import { loadMenu } from "../services/shell/menu_store.ts";
import { primeUnreadBadge } from "../services/notifications/mod.ts";
import { primeConsent } from "../services/notifications/consent.ts";
import { refreshTranslationOverrides } from "../services/languages/overrides.ts";
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
  // Pages render synchronously: the edited texts, the stored menu and parameters (kept by version keys, so
  // current whichever instance wrote them), the bell's count and the consent state are read first. A public
  // page (open to anyone, so the one a flood of requests reaches) reads no KV for the texts: it renders with
  // this process's copy, which an edit here refreshes at once and another instance's edit within a second.
  if (state.identity) {
    const { user, session } = state.identity;
    await Promise.all([
      refreshTranslationOverrides(),
      loadMenu(),
      authParams(),
      primeUnreadBadge(state, user.id),
      primeConsent(state, user.id, session.sid),
    ]);
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
