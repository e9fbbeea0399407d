/**
 * The shell's top bar (SPEC §2.3): menu button on small screens, session countdown, language menu,
 * notification bell, user menu and refresh-permissions. It lives outside the page region, so client
 * navigation keeps it running.
 */
import { useEffect, useState } from "preact/hooks";
import { Dropdown, MENU_ITEM_CLASS } from "../../components/shell/dropdown.tsx";
import { LazyLiveToggles } from "../../components/shell/lazy_live_toggles.tsx";
import { PollAlert } from "../../components/shell/poll_alert.tsx";
import type { StatementDialog, WaitingPoll } from "../../components/shell/shell_live.ts";
import { LazyToaster, showToastAfterReload, showToastSoon } from "../../components/ui/toaster.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import { sessionCountdown, UNLIMITED } from "../../utils/countdown.ts";
import { whenIdle } from "../../framework/client/when_idle.ts";
import { type Lang, LANG_COOKIE, t } from "../../utils/i18n.ts";

export interface TopBarProps {
  user: { name: string; image: string | null; guard: string };
  profileHref: string;
  expiresAt: string | null;
  lang: Lang;
  unread: number;
  passwordMinLength: number;
}

const LANGUAGES: { code: Lang; name: string }[] = [{ code: "ka", name: "ქართული" }, {
  code: "en",
  name: "English",
}];
const DEFAULT_AVATAR = "/static/avatar.svg";
const ICON = "icon-button";

/** The server HTML depends only on the props and the language (the clock starts after hydration). */
export const ssrCache = true;

export function TopBar(
  { user, profileHref, expiresAt, lang, unread: initialUnread, passwordMinLength }: TopBarProps,
) {
  // Live from the user channel (a notification made by any server process arrives within a second).
  const [unread, setUnread] = useState(initialUnread);
  const [polls, setPolls] = useState<WaitingPoll[]>([]);
  const [Statement, setStatement] = useState<StatementDialog | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const cancelIdle = whenIdle(() =>
      void import("../../components/shell/shell_live.ts").then(({ startShellLive }) => {
        if (unmounted) return;
        stop = startShellLive({
          guard: user.guard,
          setUnread,
          setPolls,
          openStatement: (dialog) => setStatement(() => dialog),
        });
      })
    );
    return () => {
      unmounted = true;
      cancelIdle();
      stop?.();
    };
  }, []);
  // null until mounted: the countdown is live data, and server HTML must not depend on the time.
  const [now, setNow] = useState<number | null>(null);
  const [dialog, setDialog] = useState<"password" | "switch" | null>(null);
  // The dialogs (and the form parts of the UI kit they use) load on first use: every page ships this bar.
  const [dialogs, setDialogs] = useState<ShellDialogs | null>(null);
  const openDialog = (which: "password" | "switch") => {
    // The menu item that asked closes with its menu: the menu's button is what the dialog gives the focus back to.
    document.getElementById("user-menu-button")?.focus();
    if (!dialogs) loadShellDialogs().then(setDialogs);
    setDialog(which);
  };
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const countdown = now === null ? "" : sessionCountdown(expiresAt, now);
  const chooseLanguage = async (code: Lang) => {
    try {
      localStorage.setItem(LANG_COOKIE, code);
    } catch { /* storage disabled: the cookie still carries it */ }
    try {
      await call("PUT /preferences/language", { body: { lang: code } });
      location.reload();
    } catch (error) {
      showToastSoon(error instanceof ApiError ? error.message : t("errors.unexpected"), "error");
    }
  };
  const refreshPermissions = async () => {
    setRefreshing(true);
    try {
      const { permissions } = await call("POST /auth/refresh-permissions");
      showToastAfterReload(t("shell.permissionsRefreshed", { count: permissions.length }));
      location.reload();
    } catch (error) {
      setRefreshing(false);
      showToastSoon(error instanceof ApiError ? error.message : t("errors.unexpected"), "error");
    }
  };

  return (
    <header class="flex h-14 items-center gap-2 border-b border-gray-200 bg-white px-3" data-testid="top-bar">
      <button
        type="button"
        class={`${ICON} min-[769px]:hidden`}
        aria-label={t("shell.openMenu")}
        onClick={() =>
          dispatchEvent(new CustomEvent("app:toggle-sidenav"))}
      >
        <svg
          viewBox="0 0 24 24"
          class="size-6"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          aria-hidden="true"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <span
        class="mr-auto font-mono text-sm text-gray-600 tabular-nums"
        data-testid="session-countdown"
        title={t("shell.sessionLeft")}
      >
        {countdown === UNLIMITED ? t("shell.unlimited") : countdown}
      </span>
      <PollAlert polls={polls} />
      {Statement && (
        <Statement onClose={() => setStatement(null)} />
      )}
      {/* Each name starts with the button's visible text, so a voice user can say what they see (WCAG 2.5.3). */}
      <Dropdown
        id="language-menu"
        label={lang.toUpperCase()}
        ariaLabel={`${lang.toUpperCase()} — ${t("shell.language")}`}
      >
        {LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            lang={l.code}
            class={MENU_ITEM_CLASS}
            aria-current={l.code === lang ? "true" : undefined}
            onClick={() => chooseLanguage(l.code)}
          >
            {l.name}
          </button>
        ))}
      </Dropdown>
      <a
        href="/user/notifications/list"
        class={`${ICON} relative`}
        onClick={(e) => {
          if (location.pathname === "/user/notifications/list") {
            e.preventDefault();
            location.reload();
          }
        }}
      >
        <svg
          viewBox="0 0 24 24"
          class="size-5"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {/* The name is this text (it names the count), not an aria-label the visible badge would not match. */}
        <span class="sr-only">{t("shell.notifications", { count: unread })}</span>
        {unread > 0 && (
          <span
            aria-hidden="true"
            class="absolute -top-0.5 -right-0.5 rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white"
            data-testid="unread-count"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </a>
      <button
        type="button"
        class={ICON}
        aria-label={t("shell.refreshPermissions")}
        title={t("shell.refreshPermissions")}
        disabled={refreshing}
        onClick={refreshPermissions}
      >
        <svg
          viewBox="0 0 24 24"
          class={`size-5 ${refreshing ? "animate-spin" : ""}`}
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          aria-hidden="true"
        >
          <path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5" />
        </svg>
      </button>
      <Dropdown
        id="user-menu"
        ariaLabel={`${user.name} — ${t("shell.userMenu")}`}
        label={
          <>
            <img
              src={user.image ?? DEFAULT_AVATAR}
              alt=""
              class="size-8 rounded-full bg-gray-200 object-cover"
              onError={(e) => ((e.target as HTMLImageElement).src = DEFAULT_AVATAR)}
            />
            <span class="hidden max-w-40 truncate sm:inline">{user.name}</span>
          </>
        }
      >
        <a href={profileHref} class={MENU_ITEM_CLASS}>{t("shell.profile")}</a>
        <a href="/my-devices" class={MENU_ITEM_CLASS}>{t("shell.myDevices")}</a>
        <a href="/user/notifications/settings" class={MENU_ITEM_CLASS}>{t("shell.notificationSettings")}</a>
        <button
          type="button"
          class={MENU_ITEM_CLASS}
          onClick={() => openDialog("switch")}
        >
          {t("shell.switchAccount")}
        </button>
        <button type="button" class={MENU_ITEM_CLASS} onClick={() => openDialog("password")}>
          {t("shell.changePassword")}
        </button>
        <form method="post" action="/logout" data-native>
          <button type="submit" class={`${MENU_ITEM_CLASS} text-red-700`}>{t("shell.logout")}</button>
        </form>
        {/* Last: its rows appear when the live state answers, and must not move an item under a pointer on its way. */}
        <LazyLiveToggles guard={user.guard} />
      </Dropdown>
      {/* Mounted only while open: closed dialogs would add markup to every page for nothing. */}
      {dialogs && dialog === "password" && (
        <dialogs.ChangePasswordDialog
          open
          onClose={() => setDialog(null)}
          minLength={passwordMinLength}
        />
      )}
      {dialogs && dialog === "switch" && <dialogs.SwitchAccountDialog open onClose={() => setDialog(null)} />}
      <LazyToaster dismissLabel={t("common.close")} />
    </header>
  );
}

interface ShellDialogs {
  ChangePasswordDialog:
    typeof import("../../components/shell/change_password_dialog.tsx").ChangePasswordDialog;
  SwitchAccountDialog: typeof import("../../components/shell/switch_account_dialog.tsx").SwitchAccountDialog;
}

async function loadShellDialogs(): Promise<ShellDialogs> {
  const [password, accounts] = await Promise.all([
    import("../../components/shell/change_password_dialog.tsx"),
    import("../../components/shell/switch_account_dialog.tsx"),
  ]);
  return {
    ChangePasswordDialog: password.ChangePasswordDialog,
    SwitchAccountDialog: accounts.SwitchAccountDialog,
  };
}
