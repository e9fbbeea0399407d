/** Who is asking for a report (services/reports/model.ts ReportViewer), from the request's state. */
import type { AppState } from "./app_state.ts";
import { visiblePersonalFields } from "../services/identity/personal_data.ts";
import { LISTS_ALL_KEY } from "../services/lists/access.ts";
import type { ReportViewer } from "../services/reports/model.ts";

export function reportViewer(state: AppState): ReportViewer {
  const user = state.identity!.user;
  return {
    userId: user.id,
    lang: state.lang,
    t: state.t,
    personal: visiblePersonalFields(state.auth),
    lists: { userId: user.id, hrUserId: user.hrUserId, seesAll: state.auth.can(LISTS_ALL_KEY) },
  };
}
