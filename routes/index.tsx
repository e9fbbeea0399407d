import type { PageProps } from "../framework/types.ts";
import type { AppState } from "../utils/state.ts";

export default function Home({ state }: PageProps<unknown, AppState>) {
  const { t } = state;
  return (
    <section class="max-w-3xl">
      <h1 class="text-2xl font-semibold">{t("home.title")}</h1>
      <p class="mt-2 text-gray-600">{t("home.intro")}</p>
      <ul class="mt-6 grid gap-3 sm:grid-cols-2">
        <li>
          <a
            href="/ui-kit"
            class="block rounded-lg border border-gray-200 bg-white p-4 hover:border-primary-300"
          >
            <span class="font-medium text-primary-800">{t("routes.uiKit")}</span>
            <span class="mt-1 block text-sm text-gray-600">{t("home.uiKitHint")}</span>
          </a>
        </li>
        <li>
          <a
            href="/api/docs"
            data-native
            class="block rounded-lg border border-gray-200 bg-white p-4 hover:border-primary-300"
          >
            <span class="font-medium text-primary-800">{t("home.apiDocs")}</span>
            <span class="mt-1 block text-sm text-gray-600">{t("home.apiDocsHint")}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
