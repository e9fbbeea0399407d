/** A side-menu entry (SPEC §3 Menu item), shared by the menu service and the side-menu island. */
export interface MenuItem {
  id: number;
  titleKey: string;
  route?: string;
  /** Path prefix under which the item counts as current (its module), when wider than `route`. */
  match?: string;
  href?: string;
  icon: string;
  permission?: string;
  /** Guards that see the item; absent means everyone. */
  guards?: ("user" | "prof" | "custom" | "student")[];
  children?: MenuItem[];
}

/** What the side-menu island needs of an item: the rest (keys, guards) stays on the server. */
export interface MenuLink {
  id: number;
  titleKey: string;
  /** The icon's name in the app's set (components/ui/icons.tsx). */
  icon?: string;
  route?: string;
  /** Path prefix under which the item counts as current (its module), when wider than `route`. */
  match?: string;
  href?: string;
  children?: MenuLink[];
}

export function toMenuLinks(items: MenuItem[]): MenuLink[] {
  return items.map(({ id, titleKey, icon, route, match, href, children }) => ({
    id,
    titleKey,
    ...(icon ? { icon } : {}),
    ...(route ? { route } : {}),
    ...(match ? { match } : {}),
    ...(href ? { href } : {}),
    ...(children ? { children: toMenuLinks(children) } : {}),
  }));
}

/** True when `path` lies in the item's module: its `match` prefix, or else its route. */
export function isCurrentItem(item: { route?: string; match?: string }, path: string): boolean {
  const base = item.match ?? item.route;
  return Boolean(base && (path === base || path.startsWith(base + "/")));
}
