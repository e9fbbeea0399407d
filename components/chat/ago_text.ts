/** "3 hours ago" in the page language, from the translations (`chat.ago.*`). */
import { t } from "../../utils/i18n.ts";
import { timeAgo } from "./grouping.ts";

export function agoText(time: number, now: number): string {
  const { unit, n } = timeAgo(time, now);
  return t(`chat.ago.${unit}`, { n });
}
