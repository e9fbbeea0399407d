/**
 * The shell's side menu. Only one top-level group is open at a time; the group holding the current path
 * opens on load. It lives outside the page region, so client navigation keeps it (and the group the person
 * opened) alive; it follows navigation to mark the current item.
 */
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import type { MenuItem } from "../utils/menu.ts";
import { t } from "../utils/i18n.ts";

export interface SideMenuProps {
  items: MenuItem[];
  path: string;
  openGroup: number | null;
}

const isCurrent = (item: MenuItem, path: string) =>
  Boolean(item.route && (path === item.route || path.startsWith(item.route + "/")));

export function SideMenu({ items, path: initialPath, openGroup: initialGroup }: SideMenuProps) {
  const open = useSignal(initialGroup);
  const path = useSignal(initialPath);
  useEffect(() => {
    const follow = () => (path.value = location.pathname);
    addEventListener("app:navigated", follow);
    addEventListener("popstate", follow);
    return () => {
      removeEventListener("app:navigated", follow);
      removeEventListener("popstate", follow);
    };
  }, []);

  const link = (item: MenuItem) => (
    <a
      href={item.href ?? item.route}
      target={item.href ? "_blank" : undefined}
      rel={item.href ? "noopener noreferrer" : undefined}
      aria-current={isCurrent(item, path.value) ? "page" : undefined}
      class="side-link"
    >
      {t(item.titleKey)}
    </a>
  );

  return (
    <nav aria-label={t("shell.menu")} class="flex flex-col gap-1 p-3" data-testid="side-menu">
      {items.map((item) =>
        item.children
          ? (
            <div key={item.id}>
              <button
                type="button"
                id={`menu-group-${item.id}`}
                aria-expanded={open.value === item.id ? "true" : "false"}
                aria-controls={`menu-group-${item.id}-items`}
                onClick={() => (open.value = open.value === item.id ? null : item.id)}
                class="side-group"
              >
                {t(item.titleKey)}
                <span aria-hidden="true" class="text-gray-500">{open.value === item.id ? "−" : "+"}</span>
              </button>
              <ul
                id={`menu-group-${item.id}-items`}
                hidden={open.value !== item.id}
                class="ml-3 border-l border-gray-200 pl-2"
              >
                {item.children.map((child) => <li key={child.id}>{link(child)}</li>)}
              </ul>
            </div>
          )
          : <div key={item.id}>{link(item)}</div>
      )}
    </nav>
  );
}
