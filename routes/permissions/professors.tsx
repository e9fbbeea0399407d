import { type AccountsPageData, AccountsPanel } from "../../components/permissions/accounts_page.tsx";
import { PermissionShell } from "../../components/permissions/permission_tabs.tsx";
import { readListState } from "../../components/structure/list_query.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { allHr } from "../../services/hr/mod.ts";
import { listRoles } from "../../services/identity/role_admin.ts";
import { listAccounts } from "../../services/identity/user_admin.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "permissions.tabs.professors",
  permission: "menu.settings.users.prof",
};

/** Professor accounts, each linked to an academic HR record (offered in the form). */
export const handler: Handlers<AccountsPageData, AppState> = {
  async GET({ url, render, state }) {
    const query = { ...readListState(url), students: false };
    const [{ items, total }, roles, hr] = await Promise.all([
      listAccounts({ kind: "prof", ...query }),
      listRoles(),
      allHr(),
    ]);
    const en = state.lang === "en";
    const hrChoices = hr.filter((r) => r.value.kind === "academic").map(({ id, value: p }) => ({
      id,
      name: `${en ? `${p.firstNameEn} ${p.lastNameEn}` : `${p.firstNameKa} ${p.lastNameKa}`} (${p.email})`,
    }));
    return render({
      query,
      rows: items,
      total,
      roles: roles.map(({ id, name }) => ({ id, name })),
      hrChoices,
    });
  },
};

export default function ProfessorsTab({ data, state, url }: PageProps<AccountsPageData, AppState>) {
  return (
    <PermissionShell t={state.t} can={state.auth.can} selected="professors" url={url}>
      <AccountsPanel t={state.t} lang={state.lang} url={url} kind="prof" data={data} />
    </PermissionShell>
  );
}
