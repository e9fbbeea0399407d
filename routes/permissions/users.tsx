import { type AccountsPageData, AccountsPanel } from "../../components/permissions/accounts_page.tsx";
import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import { readListState } from "../../components/structure/list_query.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { listRoles } from "../../services/identity/role_admin.ts";
import { listAccounts } from "../../services/identity/user_admin.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.users",
  permission: "menu.settings.users.users",
};

/** Staff accounts (students on request): one page, filtered by the text in the URL. */
export const handler: Handlers<AccountsPageData, AppState> = {
  async GET({ url, render }) {
    const query = { ...readListState(url), students: url.searchParams.get("students") === "1" };
    const [{ items, total }, roles] = await Promise.all([
      listAccounts({ kind: "staff", ...query }),
      listRoles(),
    ]);
    return render({
      query,
      rows: items,
      total,
      roles: roles.map(({ id, name }) => ({ id, name })),
      hrChoices: [],
    });
  },
};

export default function UsersTab({ data, state, url }: PageProps<AccountsPageData, AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="users" url={url}>
      <AccountsPanel t={state.t} lang={state.lang} url={url} kind="staff" data={data} />
    </PermissionShell>
  );
}
