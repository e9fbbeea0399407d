/**
 * Files kept in KV as 60 KiB chunks, so the app needs no writable disk (Deno Deploy):
 * `["files", fileId] → FileMeta` and `["files_chunks", fileId, n] → Uint8Array`, n = 0, 1, …
 * File ids are write-once (callers use ULIDs); a changed file is a new file.
 */
import { commitInBatches, db, type KvOp } from "./kv.ts";

export const CHUNK_BYTES = 60 * 1024;

export interface FileMeta {
  name: string;
  type: string;
  size: number;
  chunks: number;
  createdAt: string;
}

/**
 * Writes the chunks (several atomics for files over ~700 KiB), then the meta: a reader finds a file only once
 * all of it is stored. A crash in between leaves unreachable chunks, never a truncated file.
 */
export async function putFile(
  fileId: string,
  bytes: Uint8Array,
  meta: { name: string; type: string },
): Promise<FileMeta> {
  const stored: FileMeta = {
    name: meta.name,
    type: meta.type,
    size: bytes.byteLength,
    chunks: Math.ceil(bytes.byteLength / CHUNK_BYTES),
    createdAt: new Date().toISOString(),
  };
  if ((await db().get(["files", fileId])).versionstamp !== null) throw new Error(`file ${fileId} exists`);
  await commitInBatches(
    Array.from({ length: stored.chunks }, (_, n): KvOp => ({
      type: "set",
      key: ["files_chunks", fileId, n],
      value: bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES),
    })),
  );
  const result = await db().atomic().check({ key: ["files", fileId], versionstamp: null })
    .set(["files", fileId], stored).commit();
  if (!result.ok) throw new Error(`file ${fileId} was written twice at once`);
  return stored;
}

export async function getFileMeta(fileId: string): Promise<FileMeta | null> {
  return (await db().get<FileMeta>(["files", fileId])).value;
}

export async function readFile(fileId: string): Promise<{ meta: FileMeta; bytes: Uint8Array } | null> {
  const meta = await getFileMeta(fileId);
  if (!meta) return null;
  const bytes = new Uint8Array(meta.size);
  let offset = 0, count = 0;
  // Chunks are 60 KiB each: small batches keep a round trip near 600 KiB instead of the default 6 MiB.
  for await (const chunk of db().list<Uint8Array>({ prefix: ["files_chunks", fileId] }, { batchSize: 10 })) {
    if (offset + chunk.value.byteLength > meta.size) throw new Error(`file ${fileId} is damaged`);
    bytes.set(chunk.value, offset);
    offset += chunk.value.byteLength;
    count++;
  }
  if (count !== meta.chunks || offset !== meta.size) throw new Error(`file ${fileId} is damaged`);
  return { meta, bytes };
}

/** Removes the meta first (the file disappears at once), then its chunks. Returns whether it existed. */
export async function deleteFile(fileId: string): Promise<boolean> {
  const meta = await getFileMeta(fileId);
  if (!meta) return false;
  await db().delete(["files", fileId]);
  await commitInBatches(
    Array.from(
      { length: meta.chunks },
      (_, n): KvOp => ({ type: "delete", key: ["files_chunks", fileId, n] }),
    ),
  );
  return true;
}
