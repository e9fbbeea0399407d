import { NotAvailable } from "../components/not_available.tsx";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { type Section, sectionAt } from "../services/shell/sections.ts";
import { AppError, forbidden } from "../utils/errors.ts";
import type { AppState } from "../http/app_state.ts";

/** Every route of SPEC §2.1 that no issue has built yet: an honest page, under its menu permission. */
export const meta: RouteMeta = { titleKey: (path) => sectionAt(path)?.titleKey };

export const handler: Handlers<Section, AppState> = {
  GET({ url, state, render }) {
    const section = url.pathname.startsWith("/api/") ? undefined : sectionAt(url.pathname);
    if (!section) throw new AppError(404, "not_found", "errors.routeNotFound");
    if (section.permission && !state.auth.can(section.permission)) throw forbidden();
    return render(section);
  },
};

export default function SectionPage({ data, state }: PageProps<Section, AppState>) {
  return <NotAvailable t={state.t} titleKey={data.titleKey} />;
}
