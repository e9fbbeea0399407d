/**
 * The shell's side menu (SPEC §2.2, §2.3): 250 px; one top-level group open at a time, the group of the
 * current path open on load. At 768 px or narrower it becomes a closed sidenav that the top bar's menu button
 * opens, and navigation closes it unless it is pinned. It lives outside the page region, so client
 * navigation keeps it (and the group the person opened) alive; it follows navigation to mark the current item.
 */
import { MenuIcon } from "../../components/ui/icons.tsx";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { isCurrentItem, type MenuLink } from "../../utils/menu.ts";
import {
  CHANCELLERY_ROUTE,
  fetchMenuBadges,
  INBOX_ROUTE,
  type MenuBadges,
} from "../../components/shell/menu_badges.ts";
import { MENU_BADGES_EVENT as MENU_BADGES } from "../../utils/menu_badges_event.ts";

export interface SideMenuProps {
  items: MenuLink[];
  path: string;
  openGroup: number | null;
}

const PIN_KEY = "sidenavPinned";
const isCurrent = isCurrentItem;

/** The server HTML depends only on the props and the language (badges arrive after hydration). */
export const ssrCache = true;

const hasRoute = (items: MenuLink[], route: string): boolean =>
  items.some((item) => item.route === route || (item.children ? hasRoute(item.children, route) : false));

export function SideMenu({ items, path: initialPath, openGroup: initialGroup }: SideMenuProps) {
  const [open, setOpen] = useState(initialGroup);
  const [path, setPath] = useState(initialPath);
  const [drawer, setDrawer] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [badges, setBadges] = useState<MenuBadges | null>(null);
  // Read by the navigation listener, which is registered once.
  const pinnedNow = useRef(false);

  useEffect(() => {
    try {
      pinnedNow.current = localStorage.getItem(PIN_KEY) === "1";
      setPinned(pinnedNow.current);
    } catch { /* storage disabled */ }
    const follow = () => {
      setPath(location.pathname);
      if (!pinnedNow.current) setDrawer(false);
    };
    const toggle = () => setDrawer((was) => !was);
    addEventListener("app:navigated", follow);
    addEventListener("popstate", follow);
    addEventListener("app:toggle-sidenav", toggle);
    // Badge counts: once now, then whenever a module says they changed (SPEC §4).
    const want = { inbox: hasRoute(items, INBOX_ROUTE), chancellery: hasRoute(items, CHANCELLERY_ROUTE) };
    const loadBadges = () => {
      if (want.inbox || want.chancellery) fetchMenuBadges(want).then(setBadges);
    };
    loadBadges();
    addEventListener(MENU_BADGES, loadBadges);
    return () => {
      removeEventListener(MENU_BADGES, loadBadges);
      removeEventListener("app:navigated", follow);
      removeEventListener("popstate", follow);
      removeEventListener("app:toggle-sidenav", toggle);
    };
  }, []);

  const pin = () => {
    pinnedNow.current = !pinnedNow.current;
    setPinned(pinnedNow.current);
    try {
      localStorage.setItem(PIN_KEY, pinnedNow.current ? "1" : "0");
    } catch { /* storage disabled */ }
  };

  const badge = (item: MenuLink) => {
    const count = item.route === INBOX_ROUTE
      ? badges?.inbox
      : item.route === CHANCELLERY_ROUTE
      ? badges?.chancellery
      : 0;
    return count
      ? (
        <span
          class="ml-auto rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white"
          data-testid={`menu-badge-${item.route === INBOX_ROUTE ? "inbox" : "chancellery"}`}
          aria-label={t("shellLive.unreadBadge", { count })}
        >
          {count > 99 ? "99+" : count}
        </span>
      )
      : null;
  };
  const link = (item: MenuLink) => (
    <a
      href={item.href ?? item.route}
      target={item.href ? "_blank" : undefined}
      rel={item.href ? "noopener noreferrer" : undefined}
      aria-current={isCurrent(item, path) ? "page" : undefined}
      data-menu-id={item.id}
      class="side-link"
    >
      <MenuIcon name={item.icon} />
      {t(item.titleKey)}
      {badge(item)}
    </a>
  );

  return (
    <>
      {drawer && (
        <div
          class="fixed inset-0 z-30 bg-gray-900/40 min-[769px]:hidden"
          onClick={() => setDrawer(false)}
          aria-hidden="true"
        />
      )}
      <aside
        class={`fixed inset-y-0 left-0 z-40 w-[250px] shrink-0 overflow-y-auto border-r border-gray-200 bg-white transition-transform min-[769px]:static min-[769px]:translate-x-0 ${
          drawer ? "translate-x-0" : "-translate-x-full"
        }`}
        data-testid="sidenav"
        data-open={drawer ? "true" : "false"}
      >
        <div class="flex items-center justify-between px-4 py-4">
          <a href="/" class="text-lg font-semibold text-primary-800">{t("app.name")}</a>
          <button
            type="button"
            class="rounded px-2 py-1 text-xs text-gray-600 hover:bg-gray-100 min-[769px]:hidden"
            aria-pressed={pinned ? "true" : "false"}
            onClick={pin}
          >
            {t(pinned ? "shell.unpin" : "shell.pin")}
          </button>
        </div>
        <nav aria-label={t("shell.menu")} class="flex flex-col gap-1 px-3 pb-4" data-testid="side-menu">
          {items.map((item) =>
            item.children
              ? (
                <div key={item.id}>
                  <button
                    type="button"
                    id={`menu-group-${item.id}`}
                    aria-expanded={open === item.id ? "true" : "false"}
                    aria-controls={`menu-group-${item.id}-items`}
                    onClick={() => setOpen(open === item.id ? null : item.id)}
                    class="side-group"
                  >
                    <span class="flex items-center gap-2">
                      <MenuIcon name={item.icon} />
                      {t(item.titleKey)}
                    </span>
                    <span aria-hidden="true" class="text-gray-500">{open === item.id ? "−" : "+"}</span>
                  </button>
                  <ul
                    id={`menu-group-${item.id}-items`}
                    hidden={open !== item.id}
                    class="ml-3 border-l border-gray-200 pl-2"
                  >
                    {item.children.map((child) => <li key={child.id}>{link(child)}</li>)}
                  </ul>
                </div>
              )
              : <div key={item.id}>{link(item)}</div>
          )}
        </nav>
      </aside>
    </>
  );
}
