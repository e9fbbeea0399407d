import type { PageProps, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "errors.pageNotFoundTitle" };

export default function NotFound({ state, url }: PageProps<unknown, AppState>) {
  return (
    <section class="mx-auto max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center">
      <h1 class="text-xl font-semibold">{state.t("errors.pageNotFoundTitle")}</h1>
      <p class="mt-3 break-all text-gray-600">{state.t("errors.pageNotFound", { path: url.pathname })}</p>
      <a href="/" class="mt-6 inline-block text-primary-700 underline">{state.t("app.backHome")}</a>
    </section>
  );
}
