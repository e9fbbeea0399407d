/**
 * The message box (SPEC §5, §9): it grows with its text up to 4 lines of 28 px; Enter sends (Shift+Enter is
 * a new line), then the box clears and returns to one line. With an empty box the send button is the
 * thumbs-up quick message. The emoji picker loads on its first opening; attachments over 5 MB in total, or a
 * file of a kind the server refuses, raise the alert and nothing is sent.
 */
import { useRef, useState } from "preact/hooks";
import { MAX_MESSAGE_CHARS } from "../../services/chat/protocol.ts";
import { t } from "../../utils/i18n.ts";
import type { ChatClient } from "./chat_client.ts";
import { ACCEPT_ATTRIBUTE, type SelectionRefusal } from "./files.ts";
import { boxHeight, LINE_HEIGHT_PX, MAX_LINES } from "./timing.ts";

type Picker = typeof import("./emoji_picker.tsx");

export const THUMBS_UP = "👍";
const ICON_BUTTON =
  "flex size-9 shrink-0 items-center justify-center rounded-full text-primary-700 hover:bg-gray-100";

export function Composer({ client, chatId }: { client: ChatClient; chatId: number }) {
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<SelectionRefusal | null>(null);
  const [picker, setPicker] = useState<Picker | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);

  const resize = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = `${LINE_HEIGHT_PX}px`;
    // An empty box is one line, even when its placeholder wraps.
    const lines = el.value ? Math.round(el.scrollHeight / LINE_HEIGHT_PX) : 1;
    el.style.height = `${boxHeight(lines)}px`;
    el.style.overflowY = lines > MAX_LINES ? "auto" : "hidden";
  };

  const send = (value: string) => {
    if (!value.trim()) return;
    client.send(chatId, value);
    setText("");
    if (box.current) {
      box.current.value = "";
      resize();
    }
  };

  const insert = (emoji: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.value = next;
      el.focus();
      el.selectionStart = el.selectionEnd = start + emoji.length;
      resize();
    });
  };

  const openPicker = async () => {
    if (!picker) setPicker(await import("./emoji_picker.tsx"));
    setPickerOpen(true);
  };

  const attach = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    input.value = "";
    if (!chosen.length) return;
    const { uploadFiles } = await import("./upload.ts");
    setRefusal(uploadFiles(client, chatId, chosen));
  };

  return (
    <div class="shrink-0 border-t border-gray-200 p-2">
      {refusal && (
        <p
          role="alert"
          class="mb-2 flex items-start gap-2 rounded bg-red-50 px-2 py-1 text-sm text-red-800"
          data-testid={refusal.kind === "tooBig" ? "chat-too-big" : "chat-refused-type"}
        >
          <span class="flex-1">
            {refusal.kind === "tooBig"
              ? t("chat.tooBig")
              : `${refusal.names.join(", ")}: ${t("chat.errors.unsupportedType")}`}
          </span>
          <button type="button" aria-label={t("common.close")} onClick={() => setRefusal(null)}>×</button>
        </p>
      )}
      <div class="flex items-end gap-1">
        <button
          type="button"
          class={ICON_BUTTON}
          aria-label={t("chat.attach")}
          title={t("chat.attach")}
          onClick={() => files.current?.click()}
        >
          <svg
            viewBox="0 0 24 24"
            class="size-5"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            aria-hidden="true"
          >
            <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
          </svg>
        </button>
        <input
          ref={files}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          class="hidden"
          data-testid="chat-file-input"
          onChange={attach}
        />
        <textarea
          ref={box}
          rows={1}
          class="h-7 min-w-0 flex-1 resize-none overflow-hidden rounded-2xl bg-gray-100 px-3 text-sm leading-7 outline-none focus:ring-2 focus:ring-primary-300"
          placeholder={t("chat.typeMessage")}
          aria-label={t("chat.typeMessage")}
          data-testid="chat-input"
          data-autofocus
          maxLength={MAX_MESSAGE_CHARS}
          onInput={(e) => {
            setText((e.currentTarget as HTMLTextAreaElement).value);
            resize();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              send((e.currentTarget as HTMLTextAreaElement).value);
            }
          }}
        />
        <button
          type="button"
          class={ICON_BUTTON}
          aria-label={t("chat.emoji")}
          title={t("chat.emoji")}
          data-testid="chat-emoji"
          onClick={openPicker}
        >
          <span aria-hidden="true" class="text-lg">🙂</span>
        </button>
        {text.trim()
          ? (
            <button
              type="button"
              class={ICON_BUTTON}
              aria-label={t("chat.send")}
              title={t("chat.send")}
              data-testid="chat-send"
              onClick={() => send(text)}
            >
              <svg viewBox="0 0 24 24" class="size-5" fill="currentColor" aria-hidden="true">
                <path d="M3 20.5 21 12 3 3.5v6.6L15 12 3 13.9z" />
              </svg>
            </button>
          )
          : (
            <button
              type="button"
              class={ICON_BUTTON}
              aria-label={t("chat.thumbsUp")}
              title={t("chat.thumbsUp")}
              data-testid="chat-thumbs-up"
              onClick={() => client.send(chatId, THUMBS_UP)}
            >
              <span aria-hidden="true" class="text-lg">{THUMBS_UP}</span>
            </button>
          )}
      </div>
      {picker && (
        <picker.EmojiPicker
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onSelect={insert}
        />
      )}
    </div>
  );
}
