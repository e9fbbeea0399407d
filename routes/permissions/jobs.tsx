import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import type { PageProps, RouteMeta } from "../../framework/types.ts";
import { PermissionsDeadLetters } from "../../islands/permissions/dead_letters.tsx";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.jobs",
  permission: "menu.settings.jobs",
};

/** Background jobs that failed every attempt, for an administrator to see and retry. */
export default function JobsTab({ state, url }: PageProps<unknown, AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="jobs" url={url}>
      <PermissionsDeadLetters />
    </PermissionShell>
  );
}
