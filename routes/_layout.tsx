import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import type { LayoutProps } from "../framework/types.ts";
import { ChatWidget } from "../islands/chat/widget.tsx";
import { ConsentCheck } from "../islands/consent/check.tsx";
import { ConsentDialog } from "../islands/consent/dialog.tsx";
import { SideMenu } from "../components/shell/side_menu.tsx";
import { SideMenuBehavior } from "../islands/shell/side_menu.tsx";
import { TopBar } from "../islands/shell/top_bar.tsx";
import { authParamsNow } from "../services/identity/params.ts";
import { consentStateOf } from "../services/notifications/consent.ts";
import { personMenu } from "../services/shell/person_menu.ts";
import { currentMenu } from "../services/shell/menu_store.ts";
import { unreadBadgeOf } from "../services/notifications/mod.ts";
import type { AppState } from "../http/app_state.ts";

/** The application shell: side menu and top bar stay; the page region is what client navigation swaps. */
export default function ShellLayout({ Component, state, url, breadcrumbs }: LayoutProps<AppState>) {
  const { t, identity } = state;
  if (!identity) return <Component />;
  const { user, session } = identity;
  // Built once per stored menu, permission set and guard; only its current items depend on the page.
  const menu = personMenu(currentMenu(), identity.permissions, user.guard);
  // A student's profile is their student page; staff and professors have their personnel record.
  const profileHref = user.studentId !== null
    ? `/students/${user.studentId}`
    : `/hr/${user.guard === "custom" ? "administrative" : "academic"}-personal/details/${
      user.hrUserId ?? 0
    }/routes`;
  return (
    <div class="flex min-h-screen">
      <a href="#main" class="skip-link">{t("shell.skipToContent")}</a>
      <SideMenu menu={menu} path={url.pathname} t={t} />
      <SideMenuBehavior />
      <div class="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={{ name: state.lang === "en" ? user.nameEn : user.name, image: user.image, guard: user.guard }}
          profileHref={profileHref}
          expiresAt={session.expiresAt}
          lang={state.lang}
          unread={unreadBadgeOf(state)}
          passwordMinLength={authParamsNow().password.minLength}
        />
        <main
          id="main"
          data-page-region="shell"
          tabindex={-1}
          class="shell-main"
        >
          <Breadcrumbs items={breadcrumbs} t={t} />
          <Component />
        </main>
        {((c) => c === "pending" ? <ConsentDialog /> : c === "unknown" ? <ConsentCheck /> : null)(
          consentStateOf(state),
        )}
        <ChatWidget />
      </div>
    </div>
  );
}
