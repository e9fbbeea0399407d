import type { Handlers } from "../framework/types.ts";
import { landingPath } from "../services/shell/landing.ts";
import { menuFor } from "../services/shell/menu.ts";
import { currentMenu } from "../services/shell/menu_store.ts";
import type { AppState } from "../http/app_state.ts";

/** Home is a redirect to the person's default child route (SPEC §2.1). */
export const handler: Handlers<unknown, AppState> = {
  GET({ state }) {
    const { user } = state.identity!;
    const location = landingPath(user, state.auth.can, menuFor(currentMenu(), state.auth.can, user.guard));
    return new Response(null, { status: 303, headers: { location } });
  },
};
