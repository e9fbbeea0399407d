/**
 * `deno task restore FILE`: loads a backup into the KV at KV_PATH, which must be new or empty. The file is
 * checked against its manifest (checksum, key count) before anything is written.
 */
import { closeDb, DEFAULT_KV_PATH, openDb } from "../db/kv.ts";
import { envVar } from "../../utils/env.ts";
import { BackupRejected } from "./backup_file.ts";
import { restoreBackup } from "./restore.ts";
import { isFileKvPath } from "./backup.ts";

const file = Deno.args[0];
if (!file) {
  console.error("usage: deno task restore FILE (KV_PATH names the new, empty KV to load it into)");
  Deno.exit(2);
}
const kvPath = envVar("KV_PATH") ?? DEFAULT_KV_PATH;
const started = performance.now();
// A KV file is written through SQLite directly; any other KV (a denokv server) through this connection.
if (!isFileKvPath(kvPath)) await openDb(kvPath);
try {
  const { manifest, restored, expired } = await restoreBackup(file, kvPath);
  console.log(
    `restored ${restored} keys (schema version ${manifest.schemaVersion}, taken ${manifest.takenAt}; ` +
      `${expired} had expired since) in ${Math.round(performance.now() - started)} ms`,
  );
} catch (error) {
  console.error(`restore refused: ${(error as Error).message}`);
  if (!(error instanceof BackupRejected)) console.error(error);
  Deno.exitCode = 1;
} finally {
  await closeDb();
}
