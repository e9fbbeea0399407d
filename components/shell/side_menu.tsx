/**
 * The shell's side menu (SPEC §2.2, §2.3), drawn by the server: 250 px, the group of the current path open, the
 * current item marked. The island islands/shell/side_menu.tsx brings it to life (groups, the phone's sidenav,
 * pinning, following client navigation, badges) by working on this markup, so a page carries no copy of the
 * menu for it: the menu was the largest set of island props on every signed-in page.
 *
 * The markup is a function of the person's menu and the path's place in it (the current items, the open group)
 * and of the language: it is rendered once per combination and reused (`CachedFragment`).
 */
import { CachedFragment } from "../../framework/islands.ts";
import { isCurrentItem, type MenuLink } from "../../utils/menu.ts";
import type { Translate } from "../../utils/i18n.ts";
import { SIDENAV_CLOSED } from "./sidenav.ts";

export interface SideMenuProps {
  /** The person's menu; `key` names its content (services/shell/person_menu.ts). */
  menu: { key: string; links: readonly MenuLink[] };
  path: string;
  t: Translate;
}

export function SideMenu({ menu, path, t }: SideMenuProps) {
  const { current, openGroup } = placeOf(menu.links, path);
  return (
    <CachedFragment
      cacheKey={`side-menu\u0000${menu.key}\u0000${current.join(",")}\u0000${openGroup}`}
      render={() => (
        <SideMenuMarkup links={menu.links} current={new Set(current)} openGroup={openGroup} t={t} />
      )}
    />
  );
}

/** The items `path` lies in, and the group open on load: the first that holds a current item. */
function placeOf(links: readonly MenuLink[], path: string): { current: number[]; openGroup: number | null } {
  const current: number[] = [];
  let openGroup: number | null = null;
  for (const item of links) {
    if (isCurrentItem(item, path)) current.push(item.id);
    for (const child of item.children ?? []) {
      if (!isCurrentItem(child, path)) continue;
      current.push(child.id);
      openGroup ??= item.id;
    }
  }
  return { current, openGroup };
}

function SideMenuMarkup({ links, current, openGroup, t }: {
  links: readonly MenuLink[];
  current: ReadonlySet<number>;
  openGroup: number | null;
  t: Translate;
}) {
  const link = (item: MenuLink) => (
    <a
      href={item.href ?? item.route}
      target={item.href ? "_blank" : undefined}
      rel={item.href ? "noopener noreferrer" : undefined}
      aria-current={current.has(item.id) ? "page" : undefined}
      data-menu-id={item.id}
      data-match={item.match}
      class="side-link"
      data-icon={item.icon}
    >
      {t(item.titleKey)}
    </a>
  );
  return (
    <aside
      class={`fixed inset-y-0 left-0 z-40 w-[250px] shrink-0 overflow-y-auto border-r border-gray-200 bg-white transition-transform min-[769px]:static min-[769px]:translate-x-0 ${SIDENAV_CLOSED}`}
      data-testid="sidenav"
      data-open="false"
    >
      <div class="flex items-center justify-between px-4 py-4">
        <a href="/" class="text-lg font-semibold text-primary-800">{t("app.name")}</a>
        <button
          type="button"
          class="rounded px-2 py-1 text-xs text-gray-600 hover:bg-gray-100 min-[769px]:hidden"
          aria-pressed="false"
          data-sidenav-pin
        >
          {t("shell.pin")}
        </button>
      </div>
      <nav aria-label={t("shell.menu")} class="flex flex-col gap-1 px-3 pb-4" data-testid="side-menu">
        {links.map((item) =>
          item.children
            ? (
              <div key={item.id}>
                <button
                  type="button"
                  id={`menu-group-${item.id}`}
                  aria-expanded={openGroup === item.id ? "true" : "false"}
                  aria-controls={`menu-group-${item.id}-items`}
                  class="side-group"
                  data-icon={item.icon}
                >
                  {t(item.titleKey)}
                  <span aria-hidden="true">{openGroup === item.id ? "−" : "+"}</span>
                </button>
                <ul id={`menu-group-${item.id}-items`} hidden={openGroup !== item.id} class="side-sub">
                  {item.children.map((child) => <li key={child.id}>{link(child)}</li>)}
                </ul>
              </div>
            )
            : <div key={item.id}>{link(item)}</div>
        )}
      </nav>
    </aside>
  );
}
