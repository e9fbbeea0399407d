import type { Handlers, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { forbidden } from "../../utils/errors.ts";

export const meta: RouteMeta = { titleKey: "sections.analytics", permission: "menu.reporting.analytics" };

/** SPEC §2.1 analytics: its first tab, the dashboard (or the foreign students for who may see only those). */
export const handler: Handlers<unknown, AppState> = {
  GET({ state }) {
    const location = state.auth.can("menu.reporting.analytics.dashboard")
      ? "/analytics/dashboard"
      : state.auth.can("menu.personalInfo.view.country")
      ? "/analytics/foreign-students"
      : null;
    if (!location) throw forbidden();
    return new Response(null, { status: 303, headers: { location } });
  },
};

export default function AnalyticsIndex() {
  return null;
}
