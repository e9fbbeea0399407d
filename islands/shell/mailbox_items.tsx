/**
 * A person's mailbox or chancellery items, with the action that reads them: "mark all read" (the mailbox) or
 * "check chancellery". An item opens in a read view, which marks it read. Each refreshes the side menu's
 * badges (SPEC §4) without reloading the page.
 */
import { useState } from "preact/hooks";
import { Button, Dialog, showToast } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import { t } from "../../utils/i18n.ts";
import { refreshMenuBadges } from "../../utils/menu_badges_event.ts";

export interface MailboxItemsProps {
  box: "inbox" | "chancellery";
  items: BoxItemView[];
}

interface BoxItemView {
  id: number;
  title: string;
  sender: string;
  body?: string;
  links?: { name: string; href: string }[];
  createdAt: string;
  read: boolean;
}

export function MailboxItems({ box, items: initial }: MailboxItemsProps) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<BoxItemView | null>(null);
  const unread = items.filter((i) => !i.read).length;
  /** The read view; an unread item is marked read as it opens (a failure says why, the view stays). */
  const open = async (item: BoxItemView) => {
    setOpened(item);
    if (item.read) return;
    try {
      const body = { ids: [item.id] };
      await (box === "inbox"
        ? call("POST /mailbox/inbox/read", { body })
        : call("POST /mailbox/chancellery/read", { body }));
      setItems((all) => all.map((i) => (i.id === item.id ? { ...i, read: true } : i)));
      refreshMenuBadges();
    } catch (e) {
      showToast(e instanceof ApiError ? e.message : t("errors.unexpected"), "error");
    }
  };
  const readAll = async () => {
    setBusy(true);
    try {
      await (box === "inbox"
        ? call("POST /mailbox/inbox/read", { body: {} })
        : call("POST /mailbox/chancellery/check"));
      setItems(items.map((i) => ({ ...i, read: true })));
      refreshMenuBadges();
      showToast(t("shellLive.mailbox.done"), "success");
    } catch (e) {
      showToast(e instanceof ApiError ? e.message : t("errors.unexpected"), "error");
    } finally {
      setBusy(false);
    }
  };
  if (items.length === 0) return <p class="text-sm text-gray-600">{t("shellLive.mailbox.empty")}</p>;
  return (
    <div class="space-y-3">
      <Button variant="secondary" size="sm" loading={busy} disabled={unread === 0} onClick={readAll}>
        {t(box === "inbox" ? "shellLive.mailbox.markAllRead" : "shellLive.mailbox.checkChancellery")}
      </Button>
      <ul
        class="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white"
        data-testid={`${box}-items`}
      >
        {items.map((item) => (
          <li key={item.id} class="flex items-start gap-3 px-4 py-3 text-sm">
            <span
              class={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? "bg-transparent" : "bg-primary-600"}`}
              aria-hidden="true"
            />
            <div class="grow">
              <button
                type="button"
                class={`text-start hover:underline ${item.read ? "" : "font-semibold"}`}
                data-testid="mailbox-item"
                onClick={() => open(item)}
              >
                {item.title}
                {!item.read && <span class="sr-only">{` (${t("shellLive.mailbox.unread")})`}</span>}
              </button>
              <p class="text-gray-600">{item.sender}</p>
            </div>
            <time class="shrink-0 text-gray-500" dateTime={item.createdAt}>
              {formatDisplayDateTime(item.createdAt)}
            </time>
          </li>
        ))}
      </ul>
      <Dialog
        id={`${box}-item`}
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened?.title ?? ""}
        footer={<Button onClick={() => setOpened(null)}>{t("common.close")}</Button>}
      >
        {opened && (
          <div class="space-y-3 text-sm" data-testid="mailbox-item-view">
            <p class="text-gray-600">
              {opened.sender} ·{" "}
              <time dateTime={opened.createdAt}>{formatDisplayDateTime(opened.createdAt)}</time>
            </p>
            <p class="whitespace-pre-line">{opened.body ?? t("shellLive.mailbox.noBody")}</p>
            {opened.links?.length
              ? (
                <ul aria-label={t("messages.attachments")} class="space-y-1" data-testid="mailbox-item-links">
                  {opened.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} download class="text-primary-700 hover:underline">{link.name}</a>
                    </li>
                  ))}
                </ul>
              )
              : null}
          </div>
        )}
      </Dialog>
    </div>
  );
}
