/**
 * The new-message panel (chat id −1, SPEC §2.8): a "To:" field ("Enter a name") searching people 400 ms after
 * the last keystroke, the chosen people as chips, the found people below, and one button at the bottom:
 * "Start chat" for one person (their direct room), "Create group" for more.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ChatUser, Member } from "../../services/chat/protocol.ts";
import { t } from "../../utils/i18n.ts";
import { showToast } from "../ui/toast.tsx";
import { Avatars } from "./avatars.tsx";
import type { ChatClient } from "./chat_client.ts";
import { sameSender } from "./grouping.ts";
import { debounce, SEARCH_DEBOUNCE_MS } from "./timing.ts";

export function NewChatPanel({ client, me }: { client: ChatClient; me: ChatUser | null }) {
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<Member[]>([]);
  const [chosen, setChosen] = useState<Member[]>([]);
  const [busy, setBusy] = useState(false);

  const search = useMemo(
    () =>
      debounce(async (value: string) => {
        if (!value.trim()) return setFound([]);
        const { users } = await client.search(value).catch(() => ({ users: [] as Member[] }));
        setFound(users.filter((u) => !me || !sameSender(u, me)));
      }, SEARCH_DEBOUNCE_MS),
    [me],
  );
  useEffect(() => () => search.cancel(), [search]);

  const choose = (user: Member) => {
    if (!chosen.some((c) => sameSender(c, user))) setChosen([...chosen, user]);
    setKeyword("");
    setFound([]);
  };
  const start = async () => {
    setBusy(true);
    try {
      await client.createChat(chosen.map((u) => ({ id: u.id, type: u.type })));
    } catch (e) {
      showToast(e instanceof Error ? e.message : String(e), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="flex min-h-0 flex-1 flex-col" data-testid="chat-new-panel">
      <div class="flex flex-wrap items-center gap-1 border-b border-gray-200 px-3 py-2 text-sm">
        <label for="chat-new-to" class="text-gray-600">{t("chat.to")}</label>
        {chosen.map((user) => (
          <span
            key={`${user.type}-${user.id}`}
            class="flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-2 text-primary-800"
            data-testid="chat-chip"
          >
            {user.name}
            <button
              type="button"
              class="rounded-full px-1 hover:bg-primary-100"
              aria-label={t("chat.removeNamed", { name: user.name })}
              onClick={() => setChosen(chosen.filter((c) => !sameSender(c, user)))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id="chat-new-to"
          class="min-w-24 flex-1 px-1 py-1 outline-none"
          placeholder={t("chat.enterName")}
          value={keyword}
          autocomplete="off"
          data-testid="chat-new-to"
          data-autofocus
          onInput={(e) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            setKeyword(value);
            search(value);
          }}
        />
      </div>
      <ul class="flex-1 overflow-y-auto" aria-label={t("chat.found")}>
        {found.map((user) => (
          <li key={`${user.type}-${user.id}`}>
            <button
              type="button"
              class="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-gray-50"
              data-testid="chat-found-user"
              onClick={() => choose(user)}
            >
              <Avatars icons={[user.icon]} size="size-8" />
              <span class="min-w-0">
                <span class="block truncate">{user.name}</span>
                <span class="block truncate text-xs text-gray-500">{user.title}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div class="border-t border-gray-200 p-2">
        <button
          type="button"
          class="h-9 w-full rounded-md bg-primary-600 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-50"
          disabled={!chosen.length || busy}
          data-testid="chat-start"
          onClick={start}
        >
          {chosen.length > 1 ? t("chat.createGroup") : t("chat.startChat")}
        </button>
      </div>
    </div>
  );
}
