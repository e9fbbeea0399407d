/**
 * Attachments (SPEC §4 "Upload", §5): the selection is refused as a whole when it exceeds 5,000,000 bytes;
 * otherwise each file goes to `chatUpload` in chunks, a temporary PROGRESS message (text "0", not seen by
 * me) follows the percentage the server reports, and after the last chunk `fileUploadFinish` makes the server
 * emit the file message; the temporary message is then removed.
 */
import { UPLOAD_CHUNK_BYTES, type UploadResult } from "../../services/chat/protocol.ts";
import { apiUrl } from "../../utils/api_client.ts";
import type { ChatClient } from "./chat_client.ts";
import { newClientId } from "./chat_client.ts";
import type { ViewMessage } from "./chat_store.ts";
import { type SelectionRefusal, selectionRefusal } from "./files.ts";
import { showToast } from "../ui/toast.tsx";

export const UPLOAD_PATH = "/chat/upload";

/** The server takes names of up to 255 characters; the end (with the extension) is what matters. */
const shortName = (file: File) => file.name.slice(-255);

/** One chunk to the server; the answer reports the progress (and, after the last, the stored file). */
export async function sendChunk(
  file: File,
  uploadId: string,
  chatId: number,
  offset: number,
): Promise<UploadResult> {
  const chunk = file.slice(offset, offset + UPLOAD_CHUNK_BYTES);
  const response = await fetch(
    apiUrl(UPLOAD_PATH, { uploadId, chatId, offset, size: file.size, name: shortName(file) }),
    {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/octet-stream", accept: "application/json" },
      body: chunk,
    },
  );
  const body = await response.json().catch(() => null);
  if (!response.ok || !body || body.status_code !== 1) {
    throw new Error(body?.error?.message ?? `upload failed (${response.status})`);
  }
  return body as UploadResult;
}

/**
 * Uploads `files` to a room, or (nothing sent) says why not: a file of a kind the server refuses, or the
 * selection over the size limit.
 */
export function uploadFiles(client: ChatClient, chatId: number, files: File[]): SelectionRefusal | null {
  const refusal = selectionRefusal(files);
  if (refusal) return refusal;
  for (const file of files) void uploadOne(client, chatId, file);
  return null;
}

async function uploadOne(client: ChatClient, chatId: number, file: File) {
  const { store, connection } = client;
  const me = store.state.me;
  if (!me) return;
  const uploadId = newClientId();
  const temp: ViewMessage = {
    id: -Date.now(),
    chatId,
    type: "PROGRESS",
    text: "0",
    user: me,
    time: new Date().toISOString(),
    seen: false,
    seenUsers: [],
    pendingId: uploadId,
    uploadName: file.name,
  };
  const local = () => store.state.local[chatId] ?? [];
  const setProgress = (percent: number) =>
    store.setLocal(
      chatId,
      local().map((m) => m.pendingId === uploadId ? { ...m, text: String(percent) } : m),
    );
  store.setLocal(chatId, [...local(), temp]);
  try {
    let result: UploadResult | null = null;
    let offset = 0;
    do {
      result = await sendChunk(file, uploadId, chatId, offset);
      offset += UPLOAD_CHUNK_BYTES;
      setProgress(result.progress);
    } while (result.type !== "FINISHED" && offset < file.size);
    if (result.type !== "FINISHED" || !result.attachment) throw new Error("upload did not finish");
    await connection.request("fileUploadFinish", {
      chatId,
      originalname: shortName(file),
      mimetype: result.fileType ?? file.type,
      filename: result.attachment,
      size: file.size,
      clientId: uploadId,
    });
  } catch (e) {
    showToast(e instanceof Error ? e.message : String(e), "error");
  } finally {
    store.setLocal(chatId, local().filter((m) => m.pendingId !== uploadId));
  }
}
