/**
 * The side menu's badges (SPEC §2.2, §4): the mailbox item shows the unread mailbox count, the chancellery item
 * the unread chancellery count. The menu fetches them after hydration (its server HTML stays the same for
 * everyone, so it is cached), and again whenever something calls `refreshMenuBadges()`
 * (utils/menu_badges_event.ts).
 */
import { call } from "../../utils/api_client.ts";
export const INBOX_ROUTE = "/mailbox";
export const CHANCELLERY_ROUTE = "/chancellery";

export interface MenuBadges {
  inbox: number;
  chancellery: number;
}

/** Fetches the counts the menu shows (only those it has an item for); a failed call leaves a count at 0. */
export async function fetchMenuBadges(want: { inbox: boolean; chancellery: boolean }): Promise<MenuBadges> {
  const count = (box: "inbox" | "chancellery") =>
    call(`GET /mailbox/${box}/count`).then((r) => r.inbox, () => 0);
  const [inbox, chancellery] = await Promise.all([
    want.inbox ? count("inbox") : 0,
    want.chancellery ? count("chancellery") : 0,
  ]);
  return { inbox, chancellery };
}
