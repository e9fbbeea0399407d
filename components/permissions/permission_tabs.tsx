import type { ComponentChildren } from "preact";
import { Tabs } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export type PermissionTab = "users" | "professors" | "roles" | "params" | "jobs" | "menu" | "access-points";

const BASE = "menu.settings.users";

/** Each tab with the key that shows it; the last two are the dev-mode tabs. */
export const PERMISSION_TABS: readonly { key: PermissionTab; permission: string; dev?: true }[] = [
  { key: "users", permission: `${BASE}.users` },
  { key: "professors", permission: `${BASE}.prof` },
  { key: "roles", permission: `${BASE}.roles` },
  { key: "params", permission: `${BASE}.params` },
  { key: "jobs", permission: "menu.settings.jobs" },
  { key: "menu", permission: `${BASE}.dev`, dev: true },
  { key: "access-points", permission: `${BASE}.dev`, dev: true },
];

export const DEV_KEY = `${BASE}.dev`;

/** The first tab this person may open (the dev tabs only when nothing else is allowed), or null. */
export function firstAllowedTab(can: (key: string) => boolean): PermissionTab | null {
  const allowed = PERMISSION_TABS.filter((tab) => can(tab.permission));
  return (allowed.find((tab) => !tab.dev) ?? allowed[0])?.key ?? null;
}

interface PermissionShellProps {
  t: Translate;
  can: (key: string) => boolean;
  selected: PermissionTab;
  url: URL;
  children: ComponentChildren;
}

/**
 * The permissions screen (SPEC §2.6): link tabs, each shown only with its key; dev mode (a switch that needs
 * the dev key, kept in the URL as `dev=1`) adds the menu and access-points tabs.
 */
export function PermissionShell({ t, can, selected, url, children }: PermissionShellProps) {
  const isDevTab = PERMISSION_TABS.some((tab) => tab.key === selected && tab.dev);
  const dev = can(DEV_KEY) && (isDevTab || url.searchParams.get("dev") === "1");
  const suffix = dev ? "?dev=1" : "";
  const tabs = PERMISSION_TABS.filter((tab) => can(tab.permission) && (!tab.dev || dev)).map((tab) => ({
    key: tab.key,
    label: t(`permissions.tabs.${tab.key}`),
    href: `/permissions/${tab.key}${suffix}`,
  }));
  const devHref = dev ? `/permissions/${firstAllowedTab((k) => k !== DEV_KEY && can(k)) ?? "menu"}` : (
    isDevTab ? url.pathname : `${url.pathname}?dev=1`
  );
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-2xl font-semibold">{t("menu.users")}</h1>
        {can(DEV_KEY) && (
          <a
            id="permissions-dev-switch"
            role="switch"
            aria-checked={dev ? "true" : "false"}
            href={devHref}
            class="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-gray-100"
          >
            <span
              aria-hidden="true"
              class={`inline-block h-5 w-9 rounded-full p-0.5 transition ${
                dev ? "bg-primary-600" : "bg-gray-300"
              }`}
            >
              <span class={`block h-4 w-4 rounded-full bg-white transition ${dev ? "translate-x-4" : ""}`} />
            </span>
            {t("permissions.devMode")}
          </a>
        )}
      </div>
      <Tabs
        id="permissions"
        label={t("menu.users")}
        selected={selected}
        panelId="permissions-panel"
        tabs={tabs}
      />
      <div
        id="permissions-panel"
        role="tabpanel"
        aria-labelledby={`permissions-tab-${selected}`}
        class="space-y-4"
      >
        {children}
      </div>
    </section>
  );
}
