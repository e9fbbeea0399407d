import { NotificationItems } from "../../../components/notifications/notification_items.tsx";
import { Paginator, Tabs } from "../../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../../framework/types.ts";
import { listNotifications, markRead, type Notification } from "../../../services/notifications/mod.ts";
import type { AppState } from "../../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.notificationsList" };

type Tab = "unread" | "read";
interface ListData {
  tab: Tab;
  items: Notification[];
  total: number;
  page: number;
  limit: number;
}

const PATH = "/user/notifications/list";
const PAGE_SIZES = [15, 20, 40, 80, 160, 320, 1000];

/** The person's own notifications: unread and read tabs, mark one or all read (plain form posts). */
export const handler: Handlers<ListData, AppState> = {
  async GET({ url, state, render }) {
    const tab: Tab = url.searchParams.get("tab") === "read" ? "read" : "unread";
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const asked = Number(url.searchParams.get("limit"));
    const limit = PAGE_SIZES.includes(asked) ? asked : 20;
    const { data, total } = await listNotifications(state.identity!.user.id, {
      unread: tab === "unread",
      page,
      limit,
      lang: state.lang,
    });
    return render({ tab, items: data, total, page, limit });
  },
  async POST({ req, state }) {
    const form = await req.formData().catch(() => new FormData());
    const userId = state.identity!.user.id;
    const id = Number(form.get("id"));
    if (form.get("all") === "1") await markRead(userId, { all: true });
    else if (Number.isSafeInteger(id) && id > 0) await markRead(userId, { ids: [id] });
    return new Response(null, { status: 303, headers: { location: PATH } });
  },
};

export default function NotificationsList({ data, state }: PageProps<ListData, AppState>) {
  const { t } = state;
  const { tab, items, total, page, limit } = data;
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center gap-3">
        <h1 class="mr-auto text-xl font-semibold">{t("sections.notificationsList")}</h1>
        {tab === "unread" && total > 0 && (
          <form method="post" action={PATH}>
            <input type="hidden" name="all" value="1" />
            <button
              type="submit"
              class="rounded bg-blue-700 px-3 py-1.5 text-sm text-white hover:bg-blue-800"
            >
              {t("notifications.markAllRead")}
            </button>
          </form>
        )}
      </div>
      <Tabs
        id="notification-tabs"
        label={t("sections.notificationsList")}
        selected={tab}
        tabs={[
          { key: "unread", label: t("notifications.unread"), href: `${PATH}?tab=unread` },
          { key: "read", label: t("notifications.read"), href: `${PATH}?tab=read` },
        ]}
      />
      <NotificationItems items={items} t={t} lang={state.lang} action={PATH} />
      {total > 0 && (
        <Paginator
          id="notifications-pages"
          total={total}
          page={page}
          limit={limit}
          hrefFor={(p, l) => `${PATH}?tab=${tab}&page=${p}&limit=${l}`}
        />
      )}
    </section>
  );
}
