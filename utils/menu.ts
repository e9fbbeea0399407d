/** A side-menu entry (SPEC §3 Menu item), shared by the menu service and the side-menu island. */
export interface MenuItem {
  id: number;
  titleKey: string;
  route?: string;
  href?: string;
  icon: string;
  permission?: string;
  /** Guards that see the item; absent means everyone. */
  guards?: ("user" | "prof" | "custom" | "student")[];
  children?: MenuItem[];
}

/** What the side-menu island needs of an item: the rest (icons, keys, guards) stays on the server. */
export interface MenuLink {
  id: number;
  titleKey: string;
  route?: string;
  href?: string;
  children?: MenuLink[];
}

export function toMenuLinks(items: MenuItem[]): MenuLink[] {
  return items.map(({ id, titleKey, route, href, children }) => ({
    id,
    titleKey,
    ...(route ? { route } : {}),
    ...(href ? { href } : {}),
    ...(children ? { children: toMenuLinks(children) } : {}),
  }));
}
