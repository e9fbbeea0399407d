import { MailboxPage } from "../components/mailbox_page.tsx";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { type BoxItem, listBoxItems } from "../services/shell/mailboxes.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.mailbox" };

export const handler: Handlers<BoxItem[], AppState> = {
  async GET({ state, render }) {
    return render((await listBoxItems("inbox", state.identity!.user.id, { limit: 100 })).data);
  },
};

export default function Mailbox({ data, state }: PageProps<BoxItem[], AppState>) {
  return <MailboxPage box="inbox" items={data} state={state} />;
}
