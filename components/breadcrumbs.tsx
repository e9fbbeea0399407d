import type { Breadcrumb } from "../framework/types.ts";
import type { Translate } from "../utils/i18n.ts";

export function Breadcrumbs({ items, t }: { items: readonly Breadcrumb[]; t: Translate }) {
  if (!items.length) return null;
  return (
    <nav aria-label={t("shell.breadcrumbs")} class="mb-4 text-sm text-gray-600">
      <ol class="flex flex-wrap items-center gap-1">
        <li>
          <a href="/" class="hover:underline">{t("app.home")}</a>
        </li>
        {items.map((item, i) => (
          <li key={item.href} class="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            {i === items.length - 1
              ? <span aria-current="page" class="font-medium text-gray-900">{t(item.titleKey)}</span>
              : <a href={item.href} class="hover:underline">{t(item.titleKey)}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
