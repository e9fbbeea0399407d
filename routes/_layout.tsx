import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { LanguageLinks } from "../components/language_links.tsx";
import type { LayoutProps } from "../framework/types.ts";
import { SideMenu } from "../islands/side_menu.tsx";
import { DEFAULT_MENU, groupOfPath } from "../services/menu.ts";
import type { AppState } from "../utils/state.ts";

/** The application shell: side menu and top bar stay; the page region is what client navigation swaps. */
export default function ShellLayout({ Component, state, url, breadcrumbs }: LayoutProps<AppState>) {
  const { t } = state;
  return (
    <div class="flex min-h-screen">
      <a
        href="#main"
        class="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t("shell.skipToContent")}
      </a>
      <aside class="hidden w-[250px] shrink-0 border-r border-gray-200 bg-white md:block">
        <a href="/" class="block px-6 py-4 text-lg font-semibold text-primary-800">{t("app.name")}</a>
        <SideMenu
          items={DEFAULT_MENU}
          path={url.pathname}
          openGroup={groupOfPath(DEFAULT_MENU, url.pathname)}
        />
      </aside>
      <div class="flex min-w-0 flex-1 flex-col">
        <header class="flex h-14 items-center justify-end gap-4 border-b border-gray-200 bg-white px-4">
          <LanguageLinks current={state.lang} next={url.pathname + url.search} label={t("shell.language")} />
        </header>
        <main id="main" data-page-region="shell" tabindex={-1} class="flex-1 p-4 outline-none md:p-6">
          <Breadcrumbs items={breadcrumbs} t={t} />
          <Component />
        </main>
      </div>
    </div>
  );
}
