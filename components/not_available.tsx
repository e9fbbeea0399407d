import type { Translate } from "../utils/i18n.ts";

/** The honest page for a route the product lists but whose content has not been built yet. */
export function NotAvailable({ t, titleKey }: { t: Translate; titleKey?: string }) {
  return (
    <section
      aria-labelledby="not-available-title"
      class="mx-auto max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center"
    >
      <h1 id="not-available-title" class="text-xl font-semibold text-gray-900">
        {titleKey ? t(titleKey) : t("notAvailable.title")}
      </h1>
      <p class="mt-3 text-gray-600">{t("notAvailable.body")}</p>
      <a href="/" class="mt-6 inline-block text-primary-700 underline">{t("app.backHome")}</a>
    </section>
  );
}
