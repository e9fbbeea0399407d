import { LanguageLinks } from "../components/language_links.tsx";
import { Button, TextInput } from "../components/ui/mod.ts";
import type { Handlers, PageProps, RouteConfig, RouteMeta } from "../framework/types.ts";
import { clearedSessionCookie, clientInfo, servedOverHttps, sessionCookie } from "../http/session_cookie.ts";
import { signIn } from "../services/identity/auth.ts";
import { safeNext } from "../services/shell/landing.ts";
import { AppError } from "../utils/errors.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "login.title" };
/** Outside the shell, and with no script: signing in works as a plain form POST. */
export const config: RouteConfig = { skipInheritedLayouts: true };

interface LoginData {
  email: string;
  next: string | null;
  error: string | null;
}

const MAX_FIELD = 256;

export const handler: Handlers<LoginData, AppState> = {
  GET({ url, state, render }) {
    const next = safeNext(url.searchParams.get("next"));
    // `/` knows the person's keys and sends them on to their landing page.
    if (state.identity) return redirect(next ?? "/");
    return render({ email: "", next, error: null });
  },
  async POST({ req, url, state, render, remoteAddr }) {
    const form = await req.formData().catch(() => new FormData());
    const email = String(form.get("email") ?? "").trim().slice(0, MAX_FIELD);
    const password = String(form.get("password") ?? "").slice(0, MAX_FIELD);
    const next = safeNext(String(form.get("next") ?? "") || url.searchParams.get("next"));
    if (!email || !password) return render({ email, next, error: state.t("login.missing") }, { status: 422 });
    try {
      const carried = state.identity?.session; // ends with this sign-in, whoever it was
      const { session, token } = await signIn(email, password, clientInfo(req, remoteAddr), carried);
      const response = redirect(next ?? "/");
      response.headers.set("set-cookie", sessionCookie(token, session, servedOverHttps(req)));
      return response;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const headers = new Headers({ "set-cookie": clearedSessionCookie() });
      if (e.status === 429) headers.set("retry-after", String(e.options.params?.seconds ?? 60));
      return render({ email, next, error: state.t(e.messageKey, e.options.params) }, {
        status: e.status,
        headers,
      });
    }
  },
};

function redirect(location: string) {
  return new Response(null, { status: 303, headers: { location } });
}

export default function Login({ data, state, url }: PageProps<LoginData, AppState>) {
  const { t } = state;
  return (
    <main class="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div class="w-full max-w-sm">
        <div class="mb-6 flex items-center justify-between">
          <span class="text-xl font-semibold text-primary-800">{t("app.name")}</span>
          <LanguageLinks current={state.lang} next={url.pathname + url.search} label={t("shell.language")} />
        </div>
        <form
          method="post"
          action={`/login${url.search}`}
          class="space-y-4 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
          novalidate
        >
          <h1 class="text-lg font-semibold">{t("login.title")}</h1>
          {data.error && (
            <p
              role="alert"
              id="login-error"
              class="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {data.error}
            </p>
          )}
          {data.next && <input type="hidden" name="next" value={data.next} />}
          <TextInput
            id="login-email"
            name="email"
            type="email"
            label={t("login.email")}
            autocomplete="username"
            required
            autofocus
            value={data.email}
          />
          <TextInput
            id="login-password"
            name="password"
            type="password"
            label={t("login.password")}
            autocomplete="current-password"
            required
          />
          <Button type="submit" class="w-full">{t("login.submit")}</Button>
        </form>
      </div>
    </main>
  );
}
