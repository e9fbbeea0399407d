import type { Handlers } from "../framework/types.ts";
import { landingPath } from "../services/landing.ts";
import type { AppState } from "../utils/state.ts";

/** Home is a redirect to the person's default child route (SPEC §2.1). */
export const handler: Handlers<unknown, AppState> = {
  GET({ state }) {
    return new Response(null, { status: 303, headers: { location: landingPath(state.identity!.user) } });
  },
};
