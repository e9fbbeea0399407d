import { Tabs } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export type AnalyticsTab = "dashboard" | "foreign-students";

/** SPEC §2.1: the analytics route's two menu tabs, as link tabs. */
export function AnalyticsTabs({ t, selected }: { t: Translate; selected: AnalyticsTab }) {
  return (
    <Tabs
      id="analytics"
      label={t("sections.analytics")}
      selected={selected}
      panelId="analytics-panel"
      tabs={[
        { key: "dashboard", label: t("sections.dashboard"), href: "/analytics/dashboard" },
        {
          key: "foreign-students",
          label: t("sections.foreignStudents"),
          href: "/analytics/foreign-students",
        },
      ]}
    />
  );
}
