/** The analytics' coded values (statuses, levels) named in the request's language, for the API and the page alike. */
import type { Labels } from "../services/analytics/students.ts";
import type { Translate } from "../utils/i18n.ts";

export const analyticsLabels = (t: Translate): Labels => ({
  status: (status) => t(`students.status.${status}`),
  level: (level) => t(`structure.levels.${level}`),
});
