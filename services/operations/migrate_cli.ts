/**
 * `deno task migrate`: runs the schema migrations the KV has not had, then exits — Deno Deploy's pre-deploy
 * command, once per timeline's database before the new revision takes traffic. Servers run the same migrations
 * at start-up under the same lock, so this is an early run, never a second one.
 */
import { closeDb, openDb } from "../db/kv.ts";
import { MIGRATIONS } from "./migration_list.ts";
import { runMigrations } from "./migrations.ts";

const kv = await openDb();
try {
  const report = await runMigrations(
    kv,
    MIGRATIONS,
    (event, fields) => console.log(event, JSON.stringify(fields)),
  );
  console.log(`schema version ${report.from} → ${report.to}; ran here: ${report.ran.join(", ") || "none"}`);
} catch (error) {
  console.error(`migrations failed: ${(error as Error).message}`);
  Deno.exitCode = 1;
} finally {
  await closeDb();
}
