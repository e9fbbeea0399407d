/**
 * Brings the server's side menu (components/shell/side_menu.tsx) to life: one top-level group open at a time;
 * at 768 px or narrower a closed sidenav that the top bar's menu button opens and navigation closes unless it
 * is pinned; the current item marked as client navigation moves; the mailbox and chancellery badges. It works
 * on the menu's markup and renders nothing, so the page carries no copy of the menu for it. The menu lies
 * outside the page region: client navigation keeps it, and the group the person opened, as they are.
 */
import { useEffect } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { isCurrentItem } from "../../utils/menu.ts";
import { MENU_BADGES_EVENT } from "../../utils/menu_badges_event.ts";
import { CHANCELLERY_ROUTE, fetchMenuBadges, INBOX_ROUTE } from "../../components/shell/menu_badges.ts";
import { SIDENAV_CLOSED, SIDENAV_OPEN } from "../../components/shell/sidenav.ts";

const PIN_KEY = "sidenavPinned";
const BACKDROP_CLASS = "fixed inset-0 z-30 bg-gray-900/40 min-[769px]:hidden";
const BADGE_CLASS = "ml-auto rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white";

export function SideMenuBehavior() {
  useEffect(() => {
    const aside = document.querySelector<HTMLElement>("aside[data-testid=sidenav]");
    const nav = aside?.querySelector<HTMLElement>("[data-testid=side-menu]");
    if (!aside || !nav) return;
    const sidenav = sidenavOf(aside);
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const group = target.closest<HTMLButtonElement>("button.side-group");
      if (group && nav.contains(group)) toggleGroup(nav, group);
      else if (target.closest("[data-sidenav-pin]")) sidenav.pin(!sidenav.pinned);
    };
    const follow = () => {
      markCurrent(nav, location.pathname);
      if (!sidenav.pinned) sidenav.show(false);
    };
    const toggle = () => sidenav.show(aside.dataset.open !== "true");
    const loadBadges = () => showBadges(nav);
    aside.addEventListener("click", onClick);
    addEventListener("app:navigated", follow);
    addEventListener("popstate", follow);
    addEventListener("app:toggle-sidenav", toggle);
    addEventListener(MENU_BADGES_EVENT, loadBadges);
    // Badge counts: once now, then whenever a module says they changed (SPEC §4).
    loadBadges();
    return () => {
      aside.removeEventListener("click", onClick);
      removeEventListener("app:navigated", follow);
      removeEventListener("popstate", follow);
      removeEventListener("app:toggle-sidenav", toggle);
      removeEventListener(MENU_BADGES_EVENT, loadBadges);
      sidenav.show(false);
    };
  }, []);
  return null;
}

/** Opens a group and closes the others, or closes the open one. */
function toggleGroup(nav: HTMLElement, clicked: HTMLButtonElement) {
  const opening = clicked.getAttribute("aria-expanded") !== "true";
  for (const group of nav.querySelectorAll<HTMLButtonElement>("button.side-group")) {
    const open = opening && group === clicked;
    group.setAttribute("aria-expanded", String(open));
    const sign = group.lastElementChild;
    if (sign) sign.textContent = open ? "−" : "+";
    const items = document.getElementById(group.getAttribute("aria-controls") ?? "");
    if (items) items.hidden = !open;
  }
}

/** The phone's sidenav: open or closed (a backdrop behind it closes it), and whether it stays open. */
function sidenavOf(aside: HTMLElement) {
  const pinButton = aside.querySelector<HTMLButtonElement>("[data-sidenav-pin]");
  let backdrop: HTMLElement | null = null;
  const state = {
    pinned: false,
    show(open: boolean) {
      aside.dataset.open = String(open);
      aside.classList.toggle(SIDENAV_OPEN, open);
      aside.classList.toggle(SIDENAV_CLOSED, !open);
      if (open && !backdrop) {
        backdrop = document.createElement("div");
        backdrop.className = BACKDROP_CLASS;
        backdrop.setAttribute("aria-hidden", "true");
        backdrop.addEventListener("click", () => state.show(false));
        aside.before(backdrop);
      } else if (!open && backdrop) {
        backdrop.remove();
        backdrop = null;
      }
    },
    pin(pinned: boolean) {
      state.pinned = pinned;
      pinButton?.setAttribute("aria-pressed", String(pinned));
      if (pinButton) pinButton.textContent = t(pinned ? "shell.unpin" : "shell.pin");
      try {
        localStorage.setItem(PIN_KEY, pinned ? "1" : "0");
      } catch { /* storage disabled */ }
    },
  };
  try {
    if (localStorage.getItem(PIN_KEY) === "1") state.pin(true);
  } catch { /* storage disabled */ }
  return state;
}

/** Marks the items whose module holds `path` (their `data-match` prefix, else their own address). */
function markCurrent(nav: HTMLElement, path: string) {
  for (const link of nav.querySelectorAll<HTMLAnchorElement>("a[data-menu-id]")) {
    const item = {
      route: link.target ? undefined : link.getAttribute("href") ?? undefined,
      match: link.dataset.match,
    };
    if (isCurrentItem(item, path)) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** Fetches the counts of the badges the menu has items for, and shows them (a zero shows nothing). */
async function showBadges(nav: HTMLElement) {
  const linkTo = (route: string) => nav.querySelector<HTMLAnchorElement>(`a[data-menu-id][href="${route}"]`);
  const inbox = linkTo(INBOX_ROUTE);
  const chancellery = linkTo(CHANCELLERY_ROUTE);
  if (!inbox && !chancellery) return;
  const counts = await fetchMenuBadges({ inbox: Boolean(inbox), chancellery: Boolean(chancellery) });
  if (inbox) showBadge(inbox, "inbox", counts.inbox);
  if (chancellery) showBadge(chancellery, "chancellery", counts.chancellery);
}

function showBadge(link: HTMLAnchorElement, box: "inbox" | "chancellery", count: number) {
  let badge = link.querySelector<HTMLElement>(`[data-testid=menu-badge-${box}]`);
  if (!count) return badge?.remove();
  if (!badge) {
    badge = document.createElement("span");
    badge.className = BADGE_CLASS;
    badge.dataset.testid = `menu-badge-${box}`;
    link.append(badge);
  }
  badge.setAttribute("aria-label", t("shellLive.unreadBadge", { count }));
  badge.textContent = count > 99 ? "99+" : String(count);
}
