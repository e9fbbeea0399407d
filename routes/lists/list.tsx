import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { Paginator } from "../../components/ui/mod.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { ListsTable } from "../../components/lists/lists_table.tsx";
import { LISTS_ALL_KEY, LISTS_KEY } from "../../services/lists/access.ts";
import { listMine, type ListPage } from "../../services/lists/mine.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.list", permission: LISTS_KEY };

const PAGE_SIZE = 20;
const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

interface Data extends ListPage {
  text: string;
  page: number;
  seesAll: boolean;
}

/** Issue 20: the professor's landing page — their sections in a semester and each list's status. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, state, render }) {
    const user = state.identity!.user;
    const seesAll = state.auth.can(LISTS_ALL_KEY);
    const text = (url.searchParams.get("q") ?? "").slice(0, 100);
    const page = positive(url.searchParams.get("page")) ?? 1;
    const data = await listMine(
      { groupId: positive(url.searchParams.get("group")), text, page, limit: PAGE_SIZE },
      { userId: user.id, hrUserId: user.hrUserId, seesAll },
      state.lang,
    );
    return render({ ...data, text, page, seesAll });
  },
};

export default function ListsPage({ data, state }: PageProps<Data, AppState>) {
  const { t } = state;
  const href = (page: number) => {
    const params = new URLSearchParams();
    if (data.groupId !== null) params.set("group", String(data.groupId));
    if (data.text) params.set("q", data.text);
    params.set("page", String(page));
    return `/lists/list?${params}`;
  };
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("lists.title")}</h1>
      <form method="get" action="/lists/list" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("lists.semester")}
          <select name="group" class="rounded border border-gray-300 px-2 py-1 text-sm">
            {data.groups.map((g) => (
              <option key={g.id} value={g.id} selected={g.id === data.groupId}>{g.label}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t("lists.search")}
          <input
            name="q"
            value={data.text}
            maxLength={100}
            class="rounded border border-gray-300 px-2 py-1 text-sm"
          />
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t("lists.show")}</button>
      </form>
      <ListsTable rows={data.data} t={t} showProfessor={data.seesAll} />
      {data.total > PAGE_SIZE && (
        <Paginator
          id="lists-pages"
          page={data.page}
          limit={PAGE_SIZE}
          pageSizes={[PAGE_SIZE]}
          total={data.total}
          hrefFor={href}
        />
      )}
    </section>
  );
}
