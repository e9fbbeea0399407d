import type { PageProps } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";
import { AppError } from "../utils/errors.ts";

/**
 * A failure is rendered without the shell (the shell itself may be what failed) and without any script. A
 * refusal (403) is rendered inside the shell (framework/server.ts): it names the permission that is missing,
 * when the refusal knows it, and whom to ask for it.
 */
export default function ServerError(
  { state, data }: PageProps<{ status: number; error?: unknown }, AppState>,
) {
  const status = data?.status ?? 500;
  if (status === 403) return <Forbidden state={state} error={data?.error} />;
  return (
    <main class="flex min-h-screen items-center justify-center p-4">
      <section class="max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center">
        <h1 class="text-xl font-semibold">{state.t("errors.serverErrorTitle")}</h1>
        <p class="mt-3 text-gray-600">{state.t("errors.serverError")}</p>
        <a href="/" class="mt-6 inline-block text-primary-700 underline">{state.t("app.backHome")}</a>
      </section>
    </main>
  );
}

function Forbidden({ state, error }: { state: AppState; error: unknown }) {
  const { t } = state;
  const permission = error instanceof AppError ? error.options.params?.permission : undefined;
  return (
    <section
      class="mx-auto max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center"
      data-testid="forbidden"
    >
      <h1 class="text-xl font-semibold">{t("errors.forbidden")}</h1>
      {permission !== undefined && (
        <p class="mt-3 text-gray-700">
          {t("forbiddenPage.missing")}{" "}
          <code
            class="rounded bg-gray-100 px-1.5 py-0.5 text-sm break-all"
            data-testid="forbidden-permission"
          >
            {permission}
          </code>
        </p>
      )}
      <p class="mt-3 text-gray-600">{t("forbiddenPage.whomToAsk")}</p>
      <a href="/" class="mt-6 inline-block text-primary-700 underline">{t("app.backHome")}</a>
    </section>
  );
}
