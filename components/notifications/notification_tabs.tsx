/** The /notifications tabs: statements (everyone) and consent decisions (staff with the consents key). */
import { Tabs } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export function NotificationTabs(
  { selected, t, canSeeConsents }: {
    selected: "statements" | "consents";
    t: Translate;
    canSeeConsents: boolean;
  },
) {
  if (!canSeeConsents) return null;
  return (
    <Tabs
      id="notification-tabs"
      label={t("sections.notifications")}
      selected={selected}
      tabs={[
        { key: "statements", label: t("sections.statements"), href: "/notifications/statements" },
        { key: "consents", label: t("shellLive.consents.title"), href: "/notifications/consents" },
      ]}
    />
  );
}
