import { NotAvailable } from "../components/not_available.tsx";
import type { PageProps, RouteConfig, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "routes.onlineRegister" };
/** A public page (SPEC §2.1): outside the shell, and with no script at all. */
export const config: RouteConfig = { skipInheritedLayouts: true };

export default function OnlineRegister({ state }: PageProps<unknown, AppState>) {
  return (
    <main class="flex min-h-screen items-center justify-center p-4">
      <NotAvailable t={state.t} titleKey="routes.onlineRegister" />
    </main>
  );
}
