/**
 * The side menu one person sees, built once per (stored menu, permission set, guard) and shared by every page
 * and every person with the same combination. Building it (filtering the tree, mapping it to links) was a
 * large part of a signed-in page's render; its `key` names the combination, so the menu's markup is rendered
 * once per combination too (components/shell/side_menu.tsx).
 *
 * Kept correct without a version check of its own: the stored menu is a new tree whenever its version key
 * moved (menu_store.ts, read before every page), and a person's permission set is a new Set whenever their
 * identity was read again (identity/auth.ts: after any user or role write, through any process). The cache key
 * is the content of that set, so two people share an entry only when they hold exactly the same keys.
 */
import { type MenuItem, type MenuLink, toMenuLinks } from "../../utils/menu.ts";
import { menuFor } from "./menu.ts";
import { memoByIdentity } from "../../utils/identity_tag.ts";

export interface PersonMenu {
  /** What the side menu draws. */
  readonly links: MenuLink[];
  /** Differs between any two menus of different content: names the menu's rendered markup in a cache. */
  readonly key: string;
}

const MAX_COMBINATIONS = 500;
/** Per stored menu tree (a new tree after every save): menus by guard and permission set. */
const byTree = new WeakMap<MenuItem[], Map<string, PersonMenu>>();
/** Menus built so far in this process: a new menu (a new tree, guard or permission set) gets a new key. */
let built = 0;

/**
 * A guard and permission set's key: the set's sorted content, written once per set object and guard (a person's
 * identity keeps its set between requests), so that their next page looks its menu up by the same string.
 */
const keyOf = memoByIdentity((permissions: ReadonlySet<string>, guard: string) =>
  `${guard}\u0000${[...permissions].sort().join("\n")}`
);

export function personMenu(tree: MenuItem[], permissions: ReadonlySet<string>, guard: string): PersonMenu {
  let menus = byTree.get(tree);
  if (!menus) byTree.set(tree, menus = new Map());
  const key = keyOf(permissions, guard);
  let menu = menus.get(key);
  if (!menu) {
    if (menus.size >= MAX_COMBINATIONS) menus.clear();
    const visible = menuFor(tree, (permission) => permissions.has(permission), guard);
    menu = Object.freeze({ links: deepFreeze(toMenuLinks(visible)), key: `menu-${++built}` });
    menus.set(key, menu);
  }
  return menu;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
