/**
 * The members panel, opened by the window's title (SPEC §2.8, §4, §5): the members with their titles; for a
 * group's admins, adding (search without debounce), removing others, renaming the group and deleting it
 * after the confirmation; anyone may leave a group and set a personal title. Setting a title closes the
 * panel. The server checks every one of these again.
 */
import { useState } from "preact/hooks";
import type { ChatUser, Member, MemberRef, Room } from "../../services/chat/protocol.ts";
import { t } from "../../utils/i18n.ts";
import { ConfirmDialog } from "../ui/confirm_dialog.tsx";
import { showToast } from "../ui/toast.tsx";
import { Avatars } from "./avatars.tsx";
import type { ChatClient } from "./chat_client.ts";
import { sameSender } from "./grouping.ts";

export interface MembersPanelProps {
  client: ChatClient;
  room: Room;
  me: ChatUser | null;
  onDone: () => void;
}

const SMALL_BUTTON = "rounded px-2 py-1 text-xs font-medium hover:bg-gray-100";

export function MembersPanel({ client, room, me, onDone }: MembersPanelProps) {
  const { connection } = client;
  const isAdmin = !!me && room.admins.some((a) => sameSender(a, me));
  const group = room.kind === "group";
  const [title, setTitle] = useState(room.custom_title ?? (group ? room.title : ""));
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<Member[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await action();
      after?.();
    } catch (e) {
      showToast(e instanceof Error ? e.message : String(e), "error");
    } finally {
      setBusy(false);
    }
  };
  const ref = (m: MemberRef): MemberRef => ({ id: m.id, type: m.type });
  const search = async (value: string) => {
    setKeyword(value);
    // In-chat search is not debounced (SPEC §9); an empty keyword finds nobody.
    if (!value.trim()) return setFound([]);
    const { users } = await connection.request("searchUsers", { keyword: value }).catch(() => ({
      users: [],
    }));
    setFound(users);
  };
  const saveTitle = (event: Event) => {
    event.preventDefault();
    const personal = !group || !isAdmin;
    run(
      () => connection.request("setCustomTitle", { chatId: room.id, title: title.trim(), personal }),
      onDone,
    );
  };

  return (
    <div class="flex-1 overflow-y-auto p-3 text-sm" data-testid="chat-members">
      <form class="mb-3 flex gap-2" onSubmit={saveTitle}>
        <input
          class="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1"
          value={title}
          maxLength={100}
          aria-label={group && isAdmin ? t("chat.groupName") : t("chat.customTitle")}
          placeholder={group && isAdmin ? t("chat.groupName") : t("chat.customTitle")}
          data-testid="chat-title-input"
          data-autofocus
          onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" class={`${SMALL_BUTTON} text-primary-700`} disabled={busy}>
          {t("chat.save")}
        </button>
      </form>
      <h3 class="mb-1 font-semibold text-gray-800">{t("chat.members", { n: room.members.length })}</h3>
      <ul class="mb-3 divide-y divide-gray-100">
        {room.members.map((member) => {
          const self = !!me && sameSender(member, me);
          const admin = room.admins.some((a) => sameSender(a, member));
          return (
            <li
              key={`${member.type}-${member.id}`}
              class="flex items-center gap-2 py-1.5"
              data-testid="chat-member"
            >
              <Avatars icons={[member.icon]} size="size-8" />
              <span class="min-w-0 flex-1">
                <span class="block truncate">{member.name}</span>
                <span class="block truncate text-xs text-gray-500">
                  {member.title}
                  {admin && group && ` · ${t("chat.admin")}`}
                </span>
              </span>
              {group && (self || isAdmin) && (
                <button
                  type="button"
                  class={`${SMALL_BUTTON} text-red-700`}
                  disabled={busy}
                  onClick={() =>
                    run(() =>
                      connection.request("removeMemberFromChat", { chatId: room.id, member: ref(member) })
                    )}
                >
                  {self ? t("chat.leave") : t("chat.remove")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {group && isAdmin && (
        <>
          <input
            class="w-full rounded border border-gray-300 px-2 py-1"
            value={keyword}
            placeholder={t("chat.addMember")}
            aria-label={t("chat.addMember")}
            onInput={(e) => search((e.currentTarget as HTMLInputElement).value)}
          />
          <ul class="mt-1">
            {found.map((user) => {
              const member = room.members.some((m) => sameSender(m, user));
              return (
                <li key={`${user.type}-${user.id}`}>
                  <button
                    type="button"
                    class="flex w-full items-center gap-2 rounded px-1 py-1 text-left hover:bg-gray-50 disabled:opacity-50"
                    disabled={member || busy}
                    title={member ? t("chat.alreadyMember") : undefined}
                    onClick={() =>
                      run(() =>
                        connection.request("addMemberToChat", { chatId: room.id, member: ref(user) })
                      )}
                  >
                    <Avatars icons={[user.icon]} size="size-7" />
                    <span class="truncate">{user.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            class={`${SMALL_BUTTON} mt-3 text-red-700`}
            data-testid="chat-delete-group"
            onClick={() => setConfirming(true)}
          >
            {t("chat.deleteGroup")}
          </button>
        </>
      )}
      <ConfirmDialog
        id={`chat-delete-${room.id}`}
        open={confirming}
        title={t("chat.deleteGroup")}
        message={t("chat.deleteGroupQuestion")}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        busy={busy}
        onNo={() => setConfirming(false)}
        onYes={() =>
          run(() => connection.request("deleteChat", { chatId: room.id }), () => setConfirming(false))}
      />
    </div>
  );
}
