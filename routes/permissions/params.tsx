import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { type AuthParamsData, PermissionsParams } from "../../islands/permissions/params.tsx";
import { authParams } from "../../services/identity/params.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.params",
  permission: "menu.settings.users.params",
};

export const handler: Handlers<AuthParamsData, AppState> = {
  async GET({ render }) {
    return render(await authParams());
  },
};

/** Authorization parameters: what sign-in, password change and the consent code read. */
export default function ParamsTab({ data, state, url }: PageProps<AuthParamsData, AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="params" url={url}>
      <PermissionsParams initial={data} />
    </PermissionShell>
  );
}
