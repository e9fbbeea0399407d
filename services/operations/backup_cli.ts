/**
 * `deno task backup [FILE]`: a consistent snapshot of the KV at KV_PATH (default ./data/app.kv) while servers
 * keep serving it. FILE defaults to ./data/backups/app-<time>.kvbackup. Prints the manifest, size and time.
 */
import { DEFAULT_KV_PATH } from "../db/kv.ts";
import { envVar } from "../../utils/env.ts";
import { takeBackup } from "./backup.ts";

const kvPath = envVar("KV_PATH") ?? DEFAULT_KV_PATH;
let file = Deno.args[0];
if (!file) {
  await Deno.mkdir("./data/backups", { recursive: true });
  file = `./data/backups/app-${new Date().toISOString().replace(/[:.]/g, "-")}.kvbackup`;
}
try {
  await Deno.stat(file);
  console.error(`${file} exists already; name a new file`);
  Deno.exit(1);
} catch (error) {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}
const started = performance.now();
try {
  const manifest = await takeBackup(kvPath, file);
  const ms = Math.round(performance.now() - started);
  const { size } = await Deno.stat(file);
  console.log(JSON.stringify(manifest, null, 2));
  console.log(`backed up ${manifest.keyCount} keys of ${kvPath} to ${file}: ${size} bytes in ${ms} ms`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  Deno.exit(1);
}
