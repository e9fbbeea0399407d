/**
 * `restoreBackup`: loads a backup file (backup.ts) into the open KV, which must be empty. The whole file is
 * checked against its manifest first, so a truncated or altered backup is refused before anything is written.
 *
 * Into a KV file the rows are copied as they are (keys, value bytes, versionstamps, expiries) in one SQLite
 * transaction that also checks the target is empty: byte for byte, and all or nothing. Into any other KV (a
 * denokv server) the entries go through the KV API in batches, keeping each entry's expiry, which only the
 * rows carry: the rows and `kv.list` are walked side by side, both in key order, paired by versionstamp. Values
 * then read back equal, though V8 may encode a string's bytes differently.
 */
import { DatabaseSync } from "node:sqlite";
import { commitInBatches, db, type KvOp } from "../db/kv.ts";
import { type BackupManifest, BackupRejected, kvRows, verifyBackup } from "./backup_file.ts";
import { isFileKvPath } from "./backup.ts";

export interface RestoreResult {
  manifest: BackupManifest;
  /** Keys written. */
  restored: number;
  /** Keys whose expiry passed between the backup and now (KV would not return them anyway). */
  expired: number;
}

/** Gives a restore of a large store time for keys that expire while it runs to be dropped up front. */
const EXPIRY_MARGIN_MS = 10 * 60_000;

/**
 * Restores into the KV file at `kvPath` (closed in this process), or into the open KV (`db()`) when `kvPath` is
 * not a file (`:memory:`, a URL).
 */
export async function restoreBackup(file: string, kvPath: string): Promise<RestoreResult> {
  const manifest = verifyBackup(file);
  if (isFileKvPath(kvPath)) return await restoreIntoFile(file, kvPath, manifest);
  if (await hasAnyEntry(db())) {
    throw new BackupRejected(
      "the target KV is not empty: restore only into a new KV (set KV_PATH to a new file)",
    );
  }
  // Opening a file as a KV may write to it (WAL, expiry sweeps): read a copy, never the backup itself.
  const copy = `${file}.restoring-${crypto.randomUUID().slice(0, 8)}`;
  try {
    await Deno.copyFile(file, copy);
    const now = Date.now();
    const expired = dropExpired(copy, now + EXPIRY_MARGIN_MS);
    const source = await Deno.openKv(copy);
    const rows = new DatabaseSync(copy, { readOnly: true });
    try {
      const restored = await commitCounted(pairWithExpiry(source, kvRows(rows), now));
      if (restored + expired !== manifest.keyCount) {
        throw new BackupRejected(
          `restored ${restored} keys and dropped ${expired} expired ones, but the manifest lists ${manifest.keyCount}`,
        );
      }
      const present = await countEntries(db());
      if (present !== restored) {
        throw new BackupRejected(
          `the target holds ${present} keys after writing ${restored}: was it written to?`,
        );
      }
      return { manifest, restored, expired };
    } finally {
      rows.close();
      source.close();
    }
  } finally {
    for (const leftover of [copy, `${copy}-wal`, `${copy}-shm`]) await Deno.remove(leftover).catch(() => {});
  }
}

async function restoreIntoFile(
  file: string,
  kvPath: string,
  manifest: BackupManifest,
): Promise<RestoreResult> {
  const folder = kvPath.replace(/[\\/][^\\/]*$/, "");
  if (folder !== kvPath) await Deno.mkdir(folder, { recursive: true });
  (await Deno.openKv(kvPath)).close(); // creates the file with this Deno's KV tables, or leaves it as it is
  const target = new DatabaseSync(kvPath);
  const backup = new DatabaseSync(file, { readOnly: true });
  try {
    target.exec("PRAGMA busy_timeout = 10000");
    const columns = (sqlite: DatabaseSync) =>
      sqlite.prepare("SELECT name FROM pragma_table_info('kv') ORDER BY name").all().map((r) => r.name)
        .join();
    if (columns(target) !== columns(backup)) {
      throw new BackupRejected(`the backup's KV table (${columns(backup)}) differs from this Deno's`);
    }
    const now = Date.now();
    // Taking the write lock first makes "empty" and the copy one step: no server can write in between.
    target.exec("BEGIN IMMEDIATE");
    try {
      if (target.prepare("SELECT 1 FROM kv LIMIT 1").get()) {
        throw new BackupRejected(`the KV at ${kvPath} is not empty: restore only into a new KV`);
      }
      const insert = target.prepare(
        "INSERT INTO kv (k, v, v_encoding, version, seq, expiration_ms) VALUES (?, ?, ?, ?, ?, ?)",
      );
      let restored = 0;
      for (const row of kvRows(backup)) {
        if (row.expiration_ms >= 0 && row.expiration_ms <= now) continue;
        insert.run(row.k, row.v, row.v_encoding, row.version, row.seq, row.expiration_ms);
        restored++;
      }
      // New writes must get versionstamps above every restored one.
      const highest = backup.prepare("SELECT max(version) AS v FROM data_version").get()?.v ?? 0;
      target.prepare("UPDATE data_version SET version = max(version, ?)").run(highest as number);
      target.exec("COMMIT");
      return { manifest, restored, expired: manifest.keyCount - restored };
    } catch (error) {
      target.exec("ROLLBACK");
      throw error;
    }
  } finally {
    backup.close();
    target.close();
  }
}

function dropExpired(path: string, before: number): number {
  const sqlite = new DatabaseSync(path);
  try {
    const result = sqlite.prepare("DELETE FROM kv WHERE expiration_ms >= 0 AND expiration_ms <= ?").run(
      before,
    );
    return Number(result.changes);
  } finally {
    sqlite.close();
  }
}

async function* pairWithExpiry(
  source: Deno.Kv,
  rows: Iterator<{ version: number; seq: number; expiration_ms: number }>,
  now: number,
): AsyncGenerator<KvOp> {
  for await (const entry of source.list({ prefix: [] }, { batchSize: 1000 })) {
    const row = rows.next();
    const stamp = row.done ? "" : versionstamp(row.value.version, row.value.seq);
    if (stamp !== entry.versionstamp) {
      throw new BackupRejected(`the backup's rows and entries disagree at ${JSON.stringify(entry.key)}`);
    }
    const expiresAt = row.value!.expiration_ms;
    yield {
      type: "set",
      key: entry.key,
      value: entry.value,
      expireIn: expiresAt >= 0 ? expiresAt - now : undefined,
    };
  }
}

const versionstamp = (version: number, seq: number) =>
  BigInt(version).toString(16).padStart(16, "0") + seq.toString(16).padStart(4, "0");

async function commitCounted(ops: AsyncIterable<KvOp>): Promise<number> {
  let count = 0;
  const buffer: KvOp[] = [];
  for await (const op of ops) {
    buffer.push(op);
    count++;
    if (buffer.length === 5000) await commitInBatches(buffer.splice(0));
  }
  await commitInBatches(buffer);
  return count;
}

async function hasAnyEntry(kv: Deno.Kv): Promise<boolean> {
  for await (const _ of kv.list({ prefix: [] }, { limit: 1 })) return true;
  return false;
}

export async function countEntries(kv: Deno.Kv): Promise<number> {
  let count = 0;
  for await (const _ of kv.list({ prefix: [] }, { batchSize: 1000 })) count++;
  return count;
}
