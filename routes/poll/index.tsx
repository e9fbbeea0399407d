import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import type { AppState } from "../../http/app_state.ts";
import { PollBuilder, type PollBuilderProps } from "../../islands/polls/builder.tsx";
import { getPoll } from "../../services/polls/store.ts";
import { pollTemplate } from "../../services/polls/templates.ts";
import { audienceOptions } from "../../components/polls/audience_options.ts";
import { notFound } from "../../utils/errors.ts";

export const meta: RouteMeta = { titleKey: "menu.polls", permission: "menu.contact.polls" };

/** The poll builder: a new poll, or `?id=` a draft to edit (an opened poll's questions are fixed). */
export const handler: Handlers<PollBuilderProps, AppState> = {
  async GET({ url, state, render }) {
    const idText = url.searchParams.get("id");
    const stored = idText ? await getPoll(Number(idText)) : null;
    if (idText && (!stored || stored.value.status !== "draft")) throw notFound("poll_definitions");
    const template = url.searchParams.get("template") === "evaluation" && !stored
      ? pollTemplate("evaluation")
      : null;
    return render({
      template,
      poll: stored?.value ?? null,
      versionstamp: stored?.versionstamp ?? null,
      ...await audienceOptions(state.lang),
    });
  },
};

export default function PollBuilderPage({ data, state }: PageProps<PollBuilderProps, AppState>) {
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{state.t(data.poll ? "polls.editPoll" : "polls.newPoll")}</h1>
      <PollBuilder {...data} />
    </section>
  );
}
