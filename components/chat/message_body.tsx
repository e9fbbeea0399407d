/**
 * What a message shows: its text; an image (opens the slider), a video, an audio player or a download link
 * for a file; the percentage of an upload in progress. Names and text are rendered as text; file addresses
 * come only from our own chatFile path (components/chat/files.ts).
 */
import { t } from "../../utils/i18n.ts";
import type { ViewMessage } from "./chat_store.ts";
import { parseFileContent } from "./files.ts";

export function MessageBody({ message, onImage }: { message: ViewMessage; onImage: () => void }) {
  if (message.type === "TEXT") return <>{message.text}</>;
  if (message.type === "PROGRESS") {
    const percent = message.text;
    const name = message.uploadName ?? "";
    return (
      <span class="flex min-w-40 flex-col gap-1" data-testid="chat-upload-progress">
        <span class="truncate text-xs">{t("chat.uploading", { name })}</span>
        <span class="h-1.5 overflow-hidden rounded bg-white/40">
          <span class="block h-full bg-white" style={{ width: `${percent}%` }} />
        </span>
        <span class="text-xs" data-testid="chat-upload-percent">{percent}%</span>
      </span>
    );
  }
  const file = parseFileContent(message.text);
  if (!file) return null;
  if (message.type === "IMAGE") {
    return (
      <button
        type="button"
        class="block"
        onClick={onImage}
        aria-label={t("chat.openImage", { name: file.originalname })}
      >
        <img src={file.address} alt={file.originalname} loading="lazy" class="max-h-48 max-w-full rounded" />
      </button>
    );
  }
  if (message.type === "VIDEO") {
    return <video src={file.address} controls preload="metadata" class="max-h-48 max-w-full rounded" />;
  }
  if (message.type === "AUDIO") {
    return <audio src={file.address} controls preload="none" class="max-w-full" />;
  }
  return (
    <a
      href={file.address}
      download={file.originalname}
      data-native
      class="underline"
      data-testid="chat-file-link"
    >
      📎 {file.originalname}
    </a>
  );
}
