import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { PermissionsRoles, type RoleData } from "../../islands/permissions/roles.tsx";
import { ALL_PERMISSIONS, PERMISSION_TREE } from "../../services/identity/permission_catalogue.ts";
import { listRoles } from "../../services/identity/role_admin.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.roles",
  permission: "menu.settings.users.roles",
};

export const handler: Handlers<RoleData[], AppState> = {
  async GET({ render }) {
    return render(await listRoles());
  },
};

/** Roles and their keys, grouped by menu as the permission catalogue's tree. */
export default function RolesTab({ data, state, url }: PageProps<RoleData[], AppState>) {
  const chosen = Number(url.searchParams.get("role"));
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="roles" url={url}>
      <PermissionsRoles
        roles={data}
        tree={PERMISSION_TREE}
        allKeys={[...ALL_PERMISSIONS]}
        initialRoleId={Number.isInteger(chosen) && chosen > 0 ? chosen : null}
      />
    </PermissionShell>
  );
}
