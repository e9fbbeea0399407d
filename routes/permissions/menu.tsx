import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type MenuRowData, PermissionsMenu } from "../../islands/permissions/menu.tsx";
import { loadMenu } from "../../services/shell/menu_store.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "permissions.tabs.menu", permission: "menu.settings.users.dev" };

export const handler: Handlers<MenuRowData[], AppState> = {
  async GET({ render }) {
    return render((await loadMenu()).rows);
  },
};

/** Dev mode: the side menu's rows, as stored (or the default menu). */
export default function MenuTab({ data, state, url }: PageProps<MenuRowData[], AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="menu" url={url}>
      <PermissionsMenu initial={data} />
    </PermissionShell>
  );
}
