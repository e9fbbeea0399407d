import { NotificationItems } from "../../components/notifications/notification_items.tsx";
import { NotificationTabs } from "../../components/notifications/notification_tabs.tsx";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { listNotifications, markRead, type Notification } from "../../services/notifications/mod.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.statements" };

const PATH = "/notifications/statements";

/** The statements tab: the person's notifications of kind "statement", newest first. */
export const handler: Handlers<Notification[], AppState> = {
  async GET({ state, render }) {
    return render(
      (await listNotifications(state.identity!.user.id, { kind: "statement", limit: 1000, lang: state.lang }))
        .data,
    );
  },
  async POST({ req, state }) {
    const id = Number((await req.formData().catch(() => new FormData())).get("id"));
    if (Number.isSafeInteger(id) && id > 0) await markRead(state.identity!.user.id, { ids: [id] });
    return new Response(null, { status: 303, headers: { location: PATH } });
  },
};

export default function Statements({ data, state }: PageProps<Notification[], AppState>) {
  return (
    <section class="space-y-4">
      <NotificationTabs
        selected="statements"
        t={state.t}
        canSeeConsents={state.auth.can("menu.notifications.consents")}
      />
      <h1 class="text-xl font-semibold">{state.t("sections.statements")}</h1>
      <NotificationItems items={data} t={state.t} lang={state.lang} action={PATH} />
    </section>
  );
}
