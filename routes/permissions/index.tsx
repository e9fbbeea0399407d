import { firstAllowedTab } from "../../components/permissions/permission_tabs.tsx";
import type { Handlers, RouteMeta } from "../../framework/types.ts";
import { forbidden } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "menu.users" };

/** The permissions screen opens on the first tab the person may see; without any tab it is refused. */
export const handler: Handlers<unknown, AppState> = {
  GET({ state }) {
    const tab = firstAllowedTab(state.auth.can);
    if (!tab) throw forbidden();
    return new Response(null, { status: 303, headers: { location: `/permissions/${tab}` } });
  },
};
