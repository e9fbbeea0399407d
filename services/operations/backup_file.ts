/**
 * The backup file: a Deno KV SQLite file (as `VACUUM INTO` writes it, so any Deno can open it) holding one more
 * table, `backup_manifest`, with the manifest below. The checksum covers every row of KV's `kv` table (key bytes,
 * value encoding, value bytes, expiry) in key order, so a changed, missing or added byte anywhere in the data is
 * found before a restore writes anything.
 */
import { DatabaseSync } from "node:sqlite";
import { createHash } from "node:crypto";

export interface BackupManifest {
  format: "uniadmin-kv-backup/1";
  /** ISO time of the snapshot (the moment its read transaction began). */
  takenAt: string;
  /** The data's schema version (services/operations/migrations.ts) at that moment; 0 before any migration. */
  schemaVersion: number;
  keyCount: number;
  /** sha-256 of the rows, hex. */
  checksum: string;
  /** Where the snapshot came from, for the operator. */
  source: string;
}

/** Why a backup file cannot be restored; the message is written for an operator. */
export class BackupRejected extends Error {}

export interface KvRow {
  k: Uint8Array;
  v: Uint8Array;
  v_encoding: number;
  expiration_ms: number;
  version: number;
  seq: number;
}

const PAGE = 1000;

/**
 * The rows of a KV SQLite file in key order, which is also the order of `kv.list`, read a page at a time (inside
 * a transaction the caller began, all pages see one snapshot). Not `iterate()`: on Deno 2.5 its rows lose
 * columns after about a hundred thousand rows while another connection writes.
 */
export function* kvRows(sqlite: DatabaseSync): Generator<KvRow> {
  const columns = "k, v, v_encoding, expiration_ms, version, seq";
  const first = sqlite.prepare(`SELECT ${columns} FROM kv ORDER BY k LIMIT ${PAGE}`);
  const after = sqlite.prepare(`SELECT ${columns} FROM kv WHERE k > ? ORDER BY k LIMIT ${PAGE}`);
  let rows = first.all() as unknown as KvRow[];
  while (rows.length > 0) {
    yield* rows;
    if (rows.length < PAGE) return;
    rows = after.all(rows[rows.length - 1].k) as unknown as KvRow[];
  }
}

/** sha-256 over every row's key, encoding, value and expiry, each length-prefixed so rows cannot run together. */
export function checksumRows(sqlite: DatabaseSync): { checksum: string; keyCount: number } {
  const hash = createHash("sha256");
  let keyCount = 0;
  for (const row of kvRows(sqlite)) {
    const header = new DataView(new ArrayBuffer(17));
    header.setUint32(0, row.k.byteLength);
    header.setUint32(4, row.v.byteLength);
    header.setUint8(8, row.v_encoding);
    header.setBigInt64(9, BigInt(row.expiration_ms));
    hash.update(new Uint8Array(header.buffer));
    hash.update(row.k);
    hash.update(row.v);
    keyCount++;
  }
  return { checksum: hash.digest("hex"), keyCount };
}

export function writeManifest(sqlite: DatabaseSync, manifest: BackupManifest): void {
  sqlite.exec("CREATE TABLE backup_manifest (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
  sqlite.prepare("INSERT INTO backup_manifest (k, v) VALUES ('manifest', ?)").run(JSON.stringify(manifest));
}

/** Opens a backup file read-only and checks it whole; throws BackupRejected saying what is wrong. */
export function verifyBackup(file: string): BackupManifest {
  let sqlite: DatabaseSync;
  try {
    sqlite = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new BackupRejected(`${file} cannot be opened as a backup: ${(error as Error).message}`);
  }
  try {
    let manifest: BackupManifest;
    try {
      const integrity = sqlite.prepare("PRAGMA integrity_check").all().map((r) => Object.values(r)[0]);
      if (integrity.join() !== "ok") throw new Error(String(integrity.slice(0, 3).join("; ")));
      const row = sqlite.prepare("SELECT v FROM backup_manifest WHERE k = 'manifest'").get();
      if (!row) throw new Error("it has no manifest");
      manifest = JSON.parse(String(row.v));
    } catch (error) {
      throw new BackupRejected(
        `${file} is not a complete backup (truncated or not made by deno task backup): ${
          (error as Error).message
        }`,
      );
    }
    if (manifest.format !== "uniadmin-kv-backup/1") {
      throw new BackupRejected(`${file} has an unknown format: ${manifest.format}`);
    }
    const actual = checksumRows(sqlite);
    if (actual.keyCount !== manifest.keyCount) {
      throw new BackupRejected(
        `${file} holds ${actual.keyCount} keys but its manifest says ${manifest.keyCount}: it was altered`,
      );
    }
    if (actual.checksum !== manifest.checksum) {
      throw new BackupRejected(`${file} does not match its manifest's checksum: it was altered or damaged`);
    }
    return manifest;
  } finally {
    sqlite.close();
  }
}
