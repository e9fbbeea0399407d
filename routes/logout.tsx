import type { Handlers } from "../framework/types.ts";
import { clearedSessionCookie } from "../http/session_cookie.ts";
import { signOut } from "../services/identity/auth.ts";
import type { AppState } from "../http/app_state.ts";

/** Sign-out as a form POST from the user menu, so it works with or without JavaScript. */
export const handler: Handlers<unknown, AppState> = {
  async POST({ state }) {
    if (state.identity) await signOut(state.identity.session);
    return new Response(null, {
      status: 303,
      headers: { location: "/login", "set-cookie": clearedSessionCookie() },
    });
  },
};
