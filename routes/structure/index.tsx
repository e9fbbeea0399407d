import type { Handlers, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.structure", permission: "menu.learningProcesses.structure" };

/** The structure section opens on its first tab, the educational units. */
export const handler: Handlers<unknown, AppState> = {
  GET() {
    return new Response(null, { status: 303, headers: { location: "/structure/schools" } });
  },
};
