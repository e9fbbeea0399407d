/**
 * `takeBackup`: a consistent snapshot of the KV's SQLite file while servers keep writing to it.
 *
 * How: the rows of KV's table are read inside one SQLite read transaction (through node:sqlite) and written
 * to a new KV file. Not a dump through the KV API: `kv.list` reads at most 1000 entries per round trip, each at
 * its own read version, so a dump of a live store could hold a record written after its index was read. One read
 * transaction sees every atomic whole or not at all, and does not block writers (the file is in WAL mode). Not
 * `VACUUM INTO` either: Deno's node:sqlite refuses ATTACH (which it uses) unless run with --allow-all, and
 * Deno 2.5 refuses it even then. The copy is a Deno KV file itself; the manifest is added to it as one more
 * table (backup_file.ts).
 *
 * Left out of the copy: entries whose expiry has passed (KV no longer returns them) and queued jobs (they belong
 * to the running servers; a restored store starts with an empty queue and the dead letters it had).
 */
import { DatabaseSync } from "node:sqlite";
import { type BackupManifest, checksumRows, kvRows, writeManifest } from "./backup_file.ts";
import { readSchemaVersion } from "./schema_version.ts";

/** Expiring this soon counts as expired: a restore minutes later would only write keys about to vanish. */
const EXPIRY_MARGIN_MS = 60_000;

export function isFileKvPath(path: string | undefined): path is string {
  return path !== undefined && path !== ":memory:" && !path.includes("://");
}

export async function takeBackup(kvPath: string, file: string): Promise<BackupManifest> {
  if (!isFileKvPath(kvPath)) {
    throw new Error(
      `${kvPath} is not a KV file: back up a denokv server's own file, and Deno Deploy with its KV backups (README)`,
    );
  }
  await Deno.stat(kvPath); // a clear "not found" instead of SQLite creating an empty file
  const partial = `${file}.partial-${crypto.randomUUID().slice(0, 8)}`;
  try {
    (await Deno.openKv(partial)).close(); // an empty KV file with this Deno's tables
    const takenAt = copyRows(kvPath, partial, Date.now() + EXPIRY_MARGIN_MS);
    const schemaVersion = await readSchemaVersionOf(partial);
    const sealed = new DatabaseSync(partial);
    let manifest: BackupManifest;
    try {
      manifest = {
        format: "uniadmin-kv-backup/1",
        takenAt,
        schemaVersion,
        ...checksumRows(sealed),
        source: kvPath,
      };
      writeManifest(sealed, manifest);
      sealed.exec("PRAGMA journal_mode = DELETE"); // one self-contained file
    } finally {
      sealed.close();
    }
    await Deno.rename(partial, file);
    return manifest;
  } finally {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) {
      await Deno.remove(leftover).catch(() => {});
    }
  }
}

/** Copies the rows that do not expire before `expiresAfter`, as of one read transaction; returns its time. */
function copyRows(kvPath: string, target: string, expiresAfter: number): string {
  const source = new DatabaseSync(kvPath);
  const copy = new DatabaseSync(target);
  try {
    source.exec("PRAGMA busy_timeout = 10000");
    source.exec("BEGIN");
    const takenAt = new Date().toISOString();
    const versions = source.prepare("SELECT k, version, seq FROM data_version").all();
    copy.exec("BEGIN");
    const insert = copy.prepare(
      "INSERT INTO kv (k, v, v_encoding, version, seq, expiration_ms) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const row of kvRows(source)) {
      if (row.expiration_ms >= 0 && row.expiration_ms <= expiresAfter) continue;
      insert.run(row.k, row.v, row.v_encoding, row.version, row.seq, row.expiration_ms);
    }
    const setVersion = copy.prepare("INSERT OR REPLACE INTO data_version (k, version, seq) VALUES (?, ?, ?)");
    for (const v of versions) setVersion.run(v.k, v.version, v.seq);
    copy.exec("COMMIT");
    source.exec("COMMIT");
    return takenAt;
  } finally {
    copy.close();
    source.close();
  }
}

async function readSchemaVersionOf(path: string): Promise<number> {
  const kv = await Deno.openKv(path);
  try {
    return await readSchemaVersion(kv);
  } finally {
    kv.close();
  }
}
