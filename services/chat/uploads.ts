/**
 * Chat file uploads (SPEC §4 "Upload", §5; API.md chatUpload/chatFile). The browser sends a file in chunks;
 * each is stored at once as KV values (["chat_upload_chunks", key, n], ≤ 60 KiB each) that expire with the
 * upload unless it finishes, so an abandoned upload leaves nothing behind. The 5,000,000-byte cap is enforced
 * on what is stored: the running total is kept in the upload's record and checked in each chunk's atomic (no
 * header or declared size is trusted). The last chunk assembles the file, decides its type by content
 * (sniff.ts), stores it with db/files.ts under a server-generated name, and remembers its room
 * (["chat_files", name]); `fileUploadFinish` on the socket then makes the message. Uploads no message shows yet
 * count against the person's quota, and a stored file never sent is removed after a day (upload_quota.ts).
 */
import { AppError, notFound } from "../../utils/errors.ts";
import { db } from "../db/kv.ts";
import { CHUNK_BYTES, putFile, readFile } from "../db/files.ts";
import { append, type AppendResult } from "./log.ts";
import { keys } from "./model.ts";
import {
  chatFileAddress,
  type FileMessageContent,
  MAX_UPLOAD_BYTES,
  type MemberRef,
  UPLOAD_CHUNK_BYTES,
  type UploadResult,
} from "./protocol.ts";
import { readableRoom } from "./rooms.ts";
import { acceptableStart, EXTENSIONS, messageTypeOf, sniffType } from "./sniff.ts";
import { cleanFileName, withExtension } from "../files/file_names.ts";
import { chargeChat } from "./rate_limit.ts";
import {
  ATTACH_MARGIN_MS,
  PENDING_QUOTA_BYTES,
  pendingUsage,
  quotaExceeded,
  UNATTACHED_KEEP_MS,
  unattachedFileRemoval,
  usageKey,
} from "./upload_quota.ts";

/** An unfinished upload is forgotten (with its chunks) this long after its last chunk. */
export const UPLOAD_EXPIRE_MS = 60 * 60 * 1000;

interface UploadState {
  userId: number;
  chatId: number;
  name: string;
  size: number;
  received: number;
  parts: number;
}

export interface ChatFileRecord {
  chatId: number;
  uploader: number;
  originalname: string;
  mimetype: string;
  size: number;
  uploadedAt: string;
  /** Set once a message shows it. */
  messageSeq?: number;
}

export interface ChunkInput {
  chatId: number;
  /** The client's id of this upload (one file). */
  uploadId: string;
  offset: number;
  /** The file's size as the client declares it: only decides when the upload is complete. */
  size: number;
  name: string;
  bytes: Uint8Array;
}

const unsupportedType = () => new AppError(415, "unsupported_type", "chat.errors.unsupportedType");
const tooLarge = () =>
  new AppError(413, "file_too_large", "chat.errors.fileTooLarge", { params: { max: MAX_UPLOAD_BYTES } });

export async function storeChunk(me: MemberRef, input: ChunkInput): Promise<UploadResult> {
  await readableRoom(me, input.chatId);
  if (input.bytes.byteLength === 0 || input.bytes.byteLength > UPLOAD_CHUNK_BYTES) {
    throw new AppError(422, "invalid", "errors.invalid", {
      fields: { file: { key: "chat.errors.badChunk" } },
    });
  }
  if (input.size > MAX_UPLOAD_BYTES) throw tooLarge();
  // A refused type is refused by its first chunk's content, before the rest of it is sent and stored.
  if (input.offset === 0 && !acceptableStart(input.bytes, input.name)) throw unsupportedType();
  const uploadKey = `${me.id}-${input.uploadId}`;
  const key = keys.upload(uploadKey);
  const entry = await db().get<UploadState>(key);
  if (!entry.value) await chargeChat(me.id, "uploads"); // each new upload, not each of its chunks
  const state: UploadState = entry.value ??
    {
      userId: me.id,
      chatId: input.chatId,
      name: cleanFileName(input.name),
      size: input.size,
      received: 0,
      parts: 0,
    };
  if (state.chatId !== input.chatId || state.size !== input.size) throw notFound("upload");
  if (input.offset !== state.received) {
    throw new AppError(409, "upload_offset", "chat.errors.uploadOffset", {
      params: { expected: state.received },
    });
  }
  const received = state.received + input.bytes.byteLength;
  if (received > MAX_UPLOAD_BYTES || received > state.size) throw tooLarge();
  // The person's other unsent uploads are checked unchanged, so two parallel uploads cannot both pass the quota.
  const pending = await pendingUsage(me.id, uploadKey);
  if (pending.bytes + received > PENDING_QUOTA_BYTES) throw quotaExceeded();
  const atomic = db().atomic().check(entry, ...pending.entries);
  let parts = state.parts;
  for (let at = 0; at < input.bytes.byteLength; at += CHUNK_BYTES) {
    atomic.set(
      keys.uploadChunk(uploadKey, parts++),
      input.bytes.slice(at, at + CHUNK_BYTES),
      {
        expireIn: UPLOAD_EXPIRE_MS,
      },
    );
  }
  const next = { ...state, received, parts };
  atomic.set(key, next, { expireIn: UPLOAD_EXPIRE_MS });
  atomic.set(usageKey(me.id, uploadKey), received, { expireIn: UPLOAD_EXPIRE_MS });
  if (!(await atomic.commit()).ok) throw new AppError(409, "conflict", "errors.conflict");
  const progress = Math.floor((received / state.size) * 100);
  const base = { status_code: 1 as const, name: state.name, size: state.size };
  if (received < state.size) {
    return { ...base, type: "PROGRESS", progress, attachment: null, fileType: null, address: null };
  }
  return await finishUpload(me, uploadKey, next);
}

async function finishUpload(me: MemberRef, uploadKey: string, state: UploadState): Promise<UploadResult> {
  const bytes = new Uint8Array(state.received);
  let offset = 0;
  for await (
    const part of db().list<Uint8Array>({ prefix: keys.uploadChunks(uploadKey) }, { batchSize: 10 })
  ) {
    if (offset + part.value.byteLength > bytes.byteLength) throw tooLarge();
    bytes.set(part.value, offset);
    offset += part.value.byteLength;
  }
  await discardUpload(uploadKey, state);
  if (offset !== state.received) throw notFound("upload");
  const mimetype = sniffType(bytes, state.name);
  if (!mimetype) throw unsupportedType();
  // The name says what the content is: `report.jar` holding a Word document is kept as `report.docx`.
  const name = withExtension(state.name, EXTENSIONS[mimetype]);
  const filename = serverName();
  await putFile(filename, bytes, { name, type: mimetype });
  const record: ChatFileRecord = {
    chatId: state.chatId,
    uploader: me.id,
    originalname: name,
    mimetype,
    size: bytes.byteLength,
    uploadedAt: new Date().toISOString(),
  };
  // The file counts against the quota until a message shows it, and is removed if none does within a day.
  await db().atomic()
    .set(keys.file(filename), record)
    .set(usageKey(me.id, filename), record.size, { expireIn: UNATTACHED_KEEP_MS + ATTACH_MARGIN_MS })
    .commit();
  await unattachedFileRemoval.enqueue({ filename }, {
    key: `chat_file:${filename}`,
    delayMs: UNATTACHED_KEEP_MS,
  });
  return {
    status_code: 1,
    type: "FINISHED",
    progress: 100,
    attachment: filename,
    name,
    size: bytes.byteLength,
    fileType: mimetype,
    address: chatFileAddress(filename),
  };
}

async function discardUpload(uploadKey: string, state: UploadState) {
  const atomic = db().atomic().delete(keys.upload(uploadKey)).delete(usageKey(state.userId, uploadKey));
  for (let n = 0; n < state.parts; n++) atomic.delete(keys.uploadChunk(uploadKey, n));
  await atomic.commit();
}

/** 32 random URL-safe characters: unguessable, and nothing of the person's name reaches a URL or a header. */
function serverName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

/**
 * `fileUploadFinish`: the uploader's stored file becomes a message of its room. Everything shown comes from
 * what the server stored, not from the event's claims; a resend with the same client id changes nothing.
 */
export async function finishFileMessage(
  me: MemberRef,
  data: { chatId: number; filename: string; clientId: string },
): Promise<AppendResult> {
  const entry = await db().get<ChatFileRecord>(keys.file(data.filename));
  const record = entry.value;
  if (!record || record.chatId !== data.chatId || record.uploader !== me.id) throw notFound("file");
  // A file about to be removed as never sent is not attached at the last moment (the removal would win).
  const age = Date.now() - Date.parse(record.uploadedAt);
  if (record.messageSeq === undefined && age > UNATTACHED_KEEP_MS - ATTACH_MARGIN_MS) throw notFound("file");
  const content: FileMessageContent = {
    filename: data.filename,
    originalname: record.originalname,
    mimetype: record.mimetype,
    size: record.size,
    address: chatFileAddress(data.filename),
  };
  const result = await append({
    roomId: data.chatId,
    actor: me,
    clientId: data.clientId,
    body: {
      type: "message_sent",
      messageType: messageTypeOf(record.mimetype),
      text: JSON.stringify(content),
    },
  });
  if (record.messageSeq === undefined && result.seq !== null) {
    // Shown in a message: kept for good, and no longer counted against the quota.
    await db().atomic().check(entry)
      .set(keys.file(data.filename), { ...record, messageSeq: result.seq })
      .delete(usageKey(me.id, data.filename))
      .commit();
  }
  return result;
}

/** A stored chat file for `me`, if they are a member of its room now. */
export async function chatFileFor(me: MemberRef, filename: string) {
  const record = (await db().get<ChatFileRecord>(keys.file(filename))).value;
  if (!record) throw notFound("file");
  // Someone outside the room learns nothing, not even that the file exists.
  await readableRoom(me, record.chatId).catch(() => {
    throw notFound("file");
  });
  const file = await readFile(filename);
  if (!file) throw notFound("file");
  return { record, bytes: file.bytes };
}
