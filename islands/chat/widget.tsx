/**
 * The chat widget in the shell (SPEC §2.8). The server renders only the launcher button: every signed-in page
 * carries this island, so its HTML, props and first JavaScript stay tiny. The client (socket and state,
 * components/chat/chat_client.ts) loads when the browser is idle, to show the unread count; the panels
 * (components/chat/chat_app.tsx) load when the person opens the chat, or at once after a reload of a tab that
 * had it open. The shell is kept by client navigation, so the socket and the windows live across pages.
 */
import { useEffect, useState } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { whenIdle } from "../../framework/client/when_idle.ts";

type ClientModule = typeof import("../../components/chat/chat_client.ts");
type AppModule = typeof import("../../components/chat/chat_app.tsx");

/** The server HTML depends on the language only. */
export const ssrCache = true;

export function ChatWidget() {
  const [client, setClient] = useState<ClientModule | null>(null);
  const [app, setApp] = useState<AppModule | null>(null);
  const [unread, setUnread] = useState(0);
  const [connecting, setConnecting] = useState(false);

  const loadApp = () => import("../../components/chat/chat_app.tsx").then(setApp);

  useEffect(() => {
    let cancelled = false;
    const loadClient = () =>
      import("../../components/chat/chat_client.ts").then((mod) => {
        if (!cancelled) setClient(mod);
        return mod;
      });
    if (sessionStorage.getItem("chat.windows") || sessionStorage.getItem("chat.listOpen") === "1") {
      loadClient().then((mod) => {
        if (mod.hadOpenChat()) loadApp();
      });
      return () => (cancelled = true);
    }
    const cancelIdle = whenIdle(() => void loadClient());
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    if (!client) return;
    const { store } = client.chatClient();
    const sync = () => {
      setUnread(store.state.rooms.filter((r) => r.unread > 0).length);
      setConnecting(store.state.status === "connecting");
    };
    sync();
    return store.subscribe(sync);
  }, [client]);

  const toggle = async () => {
    const mod = client ?? await import("../../components/chat/chat_client.ts");
    if (!client) setClient(mod);
    mod.chatClient().toggleList();
    if (!app) loadApp();
  };

  return (
    <>
      <button
        type="button"
        class="chat-launcher"
        aria-label={unread ? t("chat.openWithUnread", { n: unread }) : t("chat.open")}
        data-testid="chat-launcher"
        onClick={toggle}
      >
        <svg
          viewBox="0 0 24 24"
          class="size-7"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          aria-hidden="true"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z" />
        </svg>
        {unread > 0 && (
          <span
            class="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1.5 text-xs font-semibold"
            data-testid="chat-unread"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
        {connecting && (
          <span class="absolute right-0 bottom-0 size-3 rounded-full bg-amber-400" aria-hidden="true" />
        )}
      </button>
      {app && client && <app.ChatApp client={client.chatClient()} />}
    </>
  );
}
