import type { PageProps } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";

/** Rendered without the shell (the shell itself may be what failed) and without any script. */
export default function ServerError({ state, data }: PageProps<{ status: number }, AppState>) {
  const status = data?.status ?? 500;
  return (
    <main class="flex min-h-screen items-center justify-center p-4">
      <section class="max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center">
        <h1 class="text-xl font-semibold">
          {state.t(status === 403 ? "errors.forbidden" : "errors.serverErrorTitle")}
        </h1>
        <p class="mt-3 text-gray-600">
          {state.t(status === 403 ? "errors.forbiddenHint" : "errors.serverError")}
        </p>
        <a href="/" class="mt-6 inline-block text-primary-700 underline">{state.t("app.backHome")}</a>
      </section>
    </main>
  );
}
