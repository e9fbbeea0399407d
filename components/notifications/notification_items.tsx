/** Server-rendered notification rows (list page and statements tab); "mark read" is a plain form post. */
import type { Notification } from "../../services/notifications/mod.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export function NotificationItems(
  { items, t, action }: { items: Notification[]; t: Translate; lang: Lang; action: string },
) {
  if (items.length === 0) {
    return (
      <p class="rounded border border-dashed border-gray-300 p-6 text-center text-gray-600">
        {t("notifications.empty")}
      </p>
    );
  }
  return (
    <ul
      class="divide-y divide-gray-200 rounded border border-gray-200 bg-white"
      data-testid="notification-list"
    >
      {items.map((n) => (
        <li key={n.id} class="flex items-start gap-3 p-3" data-read={n.read ? "true" : "false"}>
          <span
            class={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-blue-600"}`}
            aria-hidden="true"
          />
          <div class="min-w-0 flex-1">
            <p class={n.read ? "text-gray-700" : "font-semibold"}>
              {n.link ? <a href={n.link} class="hover:underline">{n.title}</a> : n.title}
            </p>
            {n.body && <p class="text-sm text-gray-600">{n.body}</p>}
            <p class="text-xs text-gray-500">
              {t(`notifications.kinds.${n.kind}`)} · {formatDisplayDateTime(n.createdAt)}
            </p>
          </div>
          {!n.read && (
            <form method="post" action={action}>
              <input type="hidden" name="id" value={String(n.id)} />
              <button type="submit" class="text-sm text-blue-700 hover:underline">
                {t("notifications.markRead")}
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}
