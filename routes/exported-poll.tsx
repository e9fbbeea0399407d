import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { DataTable } from "../components/ui/data_table.tsx";
import { PollExport } from "../islands/polls/export.tsx";
import type { PollDefinition } from "../services/polls/model.ts";
import { listPolls } from "../services/polls/store.ts";
import { formatDisplayDateTime } from "../utils/date_format.ts";

export const meta: RouteMeta = { titleKey: "sections.exportedPoll", permission: "menu.contact.polls" };

/** Issue 26: the responses of every opened poll as .xlsx. */
export const handler: Handlers<PollDefinition[], AppState> = {
  async GET({ render }) {
    return render((await listPolls()).map((r) => r.value).filter((p) => p.status !== "draft"));
  },
};

export default function ExportedPolls({ data, state }: PageProps<PollDefinition[], AppState>) {
  const { t, lang } = state;
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{t("polls.exported.title")}</h1>
      <p class="text-gray-700">{t("polls.exported.intro")}</p>
      <DataTable<PollDefinition>
        caption={t("polls.exported.title")}
        rows={data}
        rowKey={(p) => p.id}
        emptyText={t("polls.noPolls")}
        columns={[
          {
            key: "title",
            header: t("polls.columns.title"),
            render: (p) => (lang === "en" ? p.titleEn : p.title),
          },
          {
            key: "status",
            header: t("polls.columns.status"),
            render: (p) => t(`polls.statuses.${p.status}`),
          },
          {
            key: "closesAt",
            header: t("polls.fields.closesAt"),
            render: (p) => formatDisplayDateTime(p.closesAt),
          },
          {
            key: "export",
            header: t("polls.columns.actions"),
            render: (p) => <PollExport pollId={p.id} class={buttonClass("secondary", "sm")} />,
          },
        ]}
      />
    </section>
  );
}
