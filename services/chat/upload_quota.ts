/**
 * What a person may keep in chat uploads that no message shows yet, and how long. Every byte of an upload in
 * progress and of a finished file not yet sent (fileUploadFinish) counts against the person's quota
 * (PENDING_QUOTA_BYTES, a few files' worth): `["chat_upload_usage", userId, key]` holds each one's bytes, key
 * being the upload's key while it runs and the file's name once it is stored. A chunk that would pass the quota
 * is refused (413 upload_quota). A finished file never attached to a message is removed a day after its upload
 * by a background job (services/operations/jobs.ts), enqueued with the upload, delayed by UNATTACHED_KEEP_MS.
 * A nightly sweep (services/operations/schedules.ts) removes any that job missed: a process that stopped
 * between storing the file and enqueueing its removal, or a removal that ended as a dead letter.
 */
import { AppError } from "../../utils/errors.ts";
import { db } from "../db/kv.ts";
import { deleteFile } from "../db/files.ts";
import { defineJob } from "../operations/jobs.ts";
import { defineSchedule, NIGHTLY_CRON } from "../operations/schedules.ts";
import { keys } from "./model.ts";
import { MAX_UPLOAD_BYTES } from "./protocol.ts";

/** Bytes in uploads not yet shown in a message, per person: three full-size files. */
export const PENDING_QUOTA_BYTES = 3 * MAX_UPLOAD_BYTES;
/** A stored file that no message shows is removed this long after its upload. */
export const UNATTACHED_KEEP_MS = 24 * 3600 * 1000;
/** A file this close to its removal can no longer be attached (the removal must not race the message). */
export const ATTACH_MARGIN_MS = 10 * 60 * 1000;

export const usageKey = (userId: number, key: string): Deno.KvKey => ["chat_upload_usage", userId, key];

/** The person's pending uploads other than `except`: their entries (to check in the write) and their bytes. */
export async function pendingUsage(userId: number, except: string) {
  const entries: Deno.KvEntry<number>[] = [];
  for await (const entry of db().list<number>({ prefix: ["chat_upload_usage", userId] })) {
    if (entry.key[2] !== except) entries.push(entry);
  }
  return { entries, bytes: entries.reduce((sum, e) => sum + e.value, 0) };
}

export const quotaExceeded = () =>
  new AppError(413, "upload_quota", "chat.errors.uploadQuota", {
    params: { max: Math.round(PENDING_QUOTA_BYTES / 1_000_000) },
  });

interface FileRecordView {
  uploader: number;
  uploadedAt: string;
  messageSeq?: number;
}

/** Removes a stored chat file that is still not shown in any message; a shown one is kept. */
export async function removeIfUnattached(filename: string): Promise<boolean> {
  const entry = await db().get<FileRecordView>(keys.file(filename));
  if (!entry.value || entry.value.messageSeq !== undefined) return false;
  const removed = await db().atomic().check(entry).delete(keys.file(filename))
    .delete(usageKey(entry.value.uploader, filename)).commit();
  if (!removed.ok) return false; // attached meanwhile
  await deleteFile(filename);
  return true;
}

export const unattachedFileRemoval = defineJob<{ filename: string }>({
  name: "chat_unattached_file_removal",
  run: async ({ filename }) => {
    await removeIfUnattached(filename);
  },
});

/** Removes every stored chat file uploaded before `before` that no message shows; returns how many. */
export async function sweepUnattached(before: Date): Promise<number> {
  let removed = 0;
  for await (const entry of db().list<FileRecordView>({ prefix: ["chat_files"] })) {
    const { messageSeq, uploadedAt } = entry.value;
    if (messageSeq !== undefined || Date.parse(uploadedAt) >= before.getTime()) continue;
    if (await removeIfUnattached(entry.key[1] as string)) removed++;
  }
  return removed;
}

export const unattachedFilesSweep = defineJob<{ before: string }>({
  name: "chat_unattached_files_sweep",
  run: async ({ before }) => {
    await sweepUnattached(new Date(before));
  },
});

defineSchedule({
  name: "chat_unattached_files_sweep",
  cron: NIGHTLY_CRON,
  job: unattachedFilesSweep,
  // Older than the keep time plus the margin in which a file may still be attached.
  payload: (slot) => ({
    before: new Date(slot.getTime() - UNATTACHED_KEEP_MS - ATTACH_MARGIN_MS).toISOString(),
  }),
});
