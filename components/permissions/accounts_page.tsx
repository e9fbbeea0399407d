import { hrefWith, type ListUrlState } from "../structure/list_query.ts";
import { SearchForm } from "../structure/search_form.tsx";
import { DEFAULT_PAGE_SIZE, Paginator } from "../ui/mod.ts";
import { type AccountRow, PermissionsAccounts } from "../../islands/permissions/accounts.tsx";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface AccountsPageData {
  query: ListUrlState & { students: boolean };
  rows: AccountRow[];
  total: number;
  roles: { id: number; name: string }[];
  hrChoices: { id: number; name: string }[];
}

/** The body of the users and professors tabs: the search form, the list and its pages. */
export function AccountsPanel(
  { t, lang, url, kind, data }: {
    t: Translate;
    lang: Lang;
    url: URL;
    kind: "staff" | "prof";
    data: AccountsPageData;
  },
) {
  const { query } = data;
  const action = kind === "prof" ? "/permissions/professors" : "/permissions/users";
  return (
    <>
      <SearchForm
        t={t}
        id="accounts-search"
        action={action}
        text={query.text}
        filtered={query.text !== "" || query.students}
        limit={query.limit === DEFAULT_PAGE_SIZE ? undefined : query.limit}
      >
        {kind === "staff" && (
          <label class="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" name="students" value="1" checked={query.students} />
            {t("permissions.users.withStudents")}
          </label>
        )}
      </SearchForm>
      <PermissionsAccounts
        kind={kind}
        rows={data.rows}
        roles={data.roles}
        hrChoices={data.hrChoices}
        lang={lang}
      />
      <Paginator
        id="accounts-pages"
        total={data.total}
        page={query.page}
        limit={query.limit}
        hrefFor={(page, limit) => hrefWith(url, { page, limit })}
      />
    </>
  );
}
