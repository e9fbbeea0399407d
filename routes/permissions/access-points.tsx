import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import type { PageProps, RouteMeta } from "../../framework/types.ts";
import { PermissionsAccessPoints } from "../../islands/permissions/access_points.tsx";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.access-points",
  permission: "menu.settings.users.dev",
};

/** Dev mode: the API's operations, from the server's own OpenAPI document. */
export default function AccessPointsTab({ state, url }: PageProps<unknown, AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="access-points" url={url}>
      <PermissionsAccessPoints />
    </PermissionShell>
  );
}
