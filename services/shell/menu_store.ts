/**
 * The side menu as edited in the permissions screen's dev mode, stored at `["settings", "menu"]` as flat rows
 * (id, title key, route or link, icon, permission key, parent, order); DEFAULT_MENU until someone saves one.
 * The shell draws it on every page, so a copy is kept per KV connection and compared with the menu's version
 * on each page's load (db/cached_value.ts): a save through any process shows on the next page everywhere.
 */
import type { MenuItem } from "../../utils/menu.ts";
import { cachedValue } from "../db/cached_value.ts";
import { createRecord, updateRecord } from "../db/records.ts";
import { getRecord, listAudit } from "../db/reads.ts";
import { getUser } from "../identity/users.ts";
import type { Lang } from "../../utils/i18n.ts";
import { DEFAULT_MENU } from "./menu.ts";
import { SETTINGS } from "../identity/params.ts";
import { type FieldError, invalid } from "../../utils/errors.ts";
import { isPermissionKey } from "../identity/permission_catalogue.ts";

export interface MenuRow {
  id: number;
  titleKey: string;
  route: string | null;
  href: string | null;
  /** Path prefix under which the item counts as current, when wider than its route. */
  match: string | null;
  icon: string;
  permission: string | null;
  guards: NonNullable<MenuItem["guards"]> | null;
  /** A top-level item's id; null for top-level items. */
  parentId: number | null;
  order: number;
}

export const MENU_ID = "menu";
export const MENU_MAX_ROWS = 200;

interface StoredMenu {
  rows: MenuRow[];
}

/** DEFAULT_MENU (or any menu tree) as rows, ordered as shown. */
export function menuRows(menu: MenuItem[]): MenuRow[] {
  const row = (item: MenuItem, parentId: number | null, order: number): MenuRow => ({
    id: item.id,
    titleKey: item.titleKey,
    route: item.route ?? null,
    href: item.href ?? null,
    match: item.match ?? null,
    icon: item.icon,
    permission: item.permission ?? null,
    guards: item.guards ?? null,
    parentId,
    order,
  });
  return menu.flatMap((item, i) => [
    row(item, null, (i + 1) * 10),
    ...(item.children ?? []).map((child, j) => row(child, item.id, (j + 1) * 10)),
  ]);
}

/** Rows back to the tree the shell draws: top-level items by order, each with its children by order. */
export function menuTree(rows: MenuRow[]): MenuItem[] {
  const byOrder = (a: MenuRow, b: MenuRow) => a.order - b.order || a.id - b.id;
  const item = (r: MenuRow): MenuItem => ({
    id: r.id,
    titleKey: r.titleKey,
    icon: r.icon,
    ...(r.route ? { route: r.route } : {}),
    ...(r.href ? { href: r.href } : {}),
    ...(r.match ? { match: r.match } : {}),
    ...(r.permission ? { permission: r.permission } : {}),
    ...(r.guards ? { guards: r.guards } : {}),
  });
  return rows.filter((r) => r.parentId === null).sort(byOrder).map((top) => {
    const children = rows.filter((r) => r.parentId === top.id).sort(byOrder).map(item);
    return children.length ? { ...item(top), children } : item(top);
  });
}

const menuOf = (rows: MenuRow[]) => ({ rows, tree: menuTree(rows) });
const cache = cachedValue({
  name: "menu",
  maxAgeMs: 60_000,
  load: async () =>
    menuOf((await getRecord<StoredMenu>(SETTINGS, MENU_ID))?.value.rows ?? menuRows(DEFAULT_MENU)),
});

/** The stored rows (or the default menu's) and their tree. */
export function loadMenu(): Promise<{ rows: MenuRow[]; tree: MenuItem[] }> {
  return cache.get();
}

/** The menu tree as last loaded in this process (the shell renders synchronously; it loads per request). */
export function currentMenu(): MenuItem[] {
  return cache.peek()?.tree ?? DEFAULT_MENU;
}

/** Field errors named `rows.<index>.<field>`; 422 when any. */
export function validateMenuRows(rows: MenuRow[]): void {
  const fields: Record<string, FieldError> = {};
  const ids = new Map<number, MenuRow>();
  rows.forEach((r, i) => {
    if (ids.has(r.id)) fields[`rows.${i}.id`] = { key: "errors.duplicate", params: { field: "id" } };
    ids.set(r.id, r);
    if (r.route && r.href) fields[`rows.${i}.href`] = { key: "permissions.menu.routeOrLink" };
    if (r.route && !r.route.startsWith("/")) fields[`rows.${i}.route`] = { key: "errors.invalidFormat" };
    if (r.href && !/^https?:\/\//.test(r.href)) fields[`rows.${i}.href`] = { key: "errors.invalidFormat" };
    if (r.permission && !isPermissionKey(r.permission)) {
      fields[`rows.${i}.permission`] = { key: "permissions.menu.unknownKey" };
    }
  });
  rows.forEach((r, i) => {
    if (r.parentId === null) return;
    const parent = ids.get(r.parentId);
    // Two levels only: the side menu opens groups, it does not nest them.
    if (!parent || parent.parentId !== null || parent.id === r.id) {
      fields[`rows.${i}.parentId`] = { key: "permissions.menu.badParent" };
    }
  });
  if (Object.keys(fields).length) throw invalid(fields);
}

/** Replaces the stored menu (audited under `settings/menu`); the shell shows it from the next page. */
export async function saveMenu(rows: MenuRow[], actor: number): Promise<MenuRow[]> {
  validateMenuRows(rows);
  const value: StoredMenu = { rows };
  const common = { collection: SETTINGS, indexes: () => [], audit: { actor } };
  if (await getRecord<StoredMenu>(SETTINGS, MENU_ID)) {
    await updateRecord<StoredMenu>({ ...common, id: MENU_ID, change: () => value });
  } else {
    await createRecord<StoredMenu>({ ...common, id: MENU_ID, build: () => value });
  }
  await cache.changed();
  return rows;
}

/** History of a settings record (menu, authorization parameters), newest first, with actor names. */
export async function settingsHistory(collection: string, id: string, lang: Lang) {
  const { items } = await listAudit(collection, id, { limit: 200 });
  const names = new Map<number, string>();
  for (const actor of new Set(items.map((e) => e.actor))) {
    const user = typeof actor === "number" ? await getUser(actor) : null;
    if (user) names.set(user.id, lang === "en" ? user.nameEn : user.name);
  }
  return items.map((e) => ({
    ...e,
    actorName: typeof e.actor === "number" ? names.get(e.actor) ?? null : null,
  }));
}
