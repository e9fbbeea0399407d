/**
 * How a module tells the side menu that its badge counts changed (components/shell/menu_badges.ts): after sending a
 * message, reading the inbox, or the check-chancellery action. Its own file because pages' islands import it
 * and the menu's fetching code need not come with it.
 */
export const MENU_BADGES_EVENT = "app:menu-badges";

export function refreshMenuBadges(): void {
  dispatchEvent(new CustomEvent(MENU_BADGES_EVENT));
}
