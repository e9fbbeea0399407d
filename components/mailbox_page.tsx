/** The mailbox and chancellery pages: the person's own items (newest 100), read through the island's action. */
import { MailboxItems } from "../islands/shell/mailbox_items.tsx";
import type { Box, BoxItem } from "../services/shell/mailboxes.ts";
import type { AppState } from "../http/app_state.ts";

export function MailboxPage({ box, items, state }: { box: Box; items: BoxItem[]; state: AppState }) {
  return (
    <section class="space-y-4">
      <h1 class="text-xl font-semibold">
        {state.t(box === "inbox" ? "sections.mailbox" : "sections.chancellery")}
      </h1>
      <MailboxItems box={box} items={items} />
    </section>
  );
}
