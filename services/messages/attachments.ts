/**
 * An announcement's attachments (issue 26: "announcements with a subject, body and attachments"): at most
 * ATTACHMENTS_MAX documents (PDF or DOCX, judged by their bytes, files/sniff.ts), ATTACHMENT_MAX_BYTES each,
 * kept as files (db/files.ts) under ULIDs and listed on the message. A recipient's inbox item links to each;
 * only the people it was delivered to and the holders of the messages key may download them.
 */
import { deleteFile, putFile, readFile } from "../db/files.ts";
import { nextUlid } from "../db/ids.ts";
import { detectDocument, DOCUMENT_KINDS, kindOfName } from "../files/sniff.ts";
import type { FieldError } from "../../utils/errors.ts";

export const ATTACHMENTS_MAX = 3;
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** messageSend's body: the attachments in base64 (four bytes for every three) and the text. */
export const MESSAGE_BODY_LIMIT = Math.ceil((ATTACHMENTS_MAX * ATTACHMENT_MAX_BYTES) / 3) * 4 + 64 * 1024;
const NAME_MAX = 120;

export interface Attachment {
  /** 1, 2, … in the order sent: the download's path names it. */
  n: number;
  fileId: string;
  name: string;
  type: string;
  size: number;
}

export interface NewAttachment {
  name: string;
  /** null: the text sent was not base64. */
  bytes: Uint8Array | null;
}

export const attachmentHref = (messageId: number, n: number) => `/api/messages/${messageId}/attachments/${n}`;

/** What is wrong with the attachments, as the field error of `attachments`; null when they may be stored. */
export function attachmentsError(files: readonly NewAttachment[]): FieldError | null {
  if (files.length > ATTACHMENTS_MAX) {
    return { key: "messages.errors.tooManyAttachments", params: { max: ATTACHMENTS_MAX } };
  }
  for (const file of files) {
    const params = { name: file.name.slice(0, NAME_MAX) };
    if (file.bytes && file.bytes.byteLength > ATTACHMENT_MAX_BYTES) {
      return {
        key: "messages.errors.attachmentTooLarge",
        params: { ...params, max: ATTACHMENT_MAX_BYTES / 1024 / 1024 },
      };
    }
    const kind = file.bytes ? detectDocument(file.bytes) : null;
    if (!kind || kindOfName(file.name) !== kind) return { key: "messages.errors.attachmentType", params };
  }
  return null;
}

/** Stores checked attachments; on a failure removes what it stored and throws. */
export async function storeAttachments(files: readonly NewAttachment[]): Promise<Attachment[]> {
  const stored: Attachment[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const kind = detectDocument(file.bytes!)!;
      const fileId = nextUlid();
      const name = [...file.name.split(/[\\/]/).pop()!].filter((c) => c >= " " && c !== "\u007f" && c !== '"')
        .join("").trim().slice(-NAME_MAX) || `attachment${DOCUMENT_KINDS[kind].extension}`;
      const meta = await putFile(fileId, file.bytes!, { name, type: DOCUMENT_KINDS[kind].mime });
      stored.push({ n: i + 1, fileId, name, type: meta.type, size: meta.size });
    }
    return stored;
  } catch (e) {
    await removeAttachments(stored);
    throw e;
  }
}

export async function removeAttachments(attachments: readonly Attachment[]): Promise<void> {
  for (const a of attachments) await deleteFile(a.fileId);
}

export async function attachmentBytes(attachment: Attachment): Promise<Uint8Array | null> {
  return (await readFile(attachment.fileId))?.bytes ?? null;
}
