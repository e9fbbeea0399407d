/**
 * What a server process does with the store before it answers (createApp) and what readiness reports: the
 * migrations, run once under their lock (migrations.ts), and the job worker (jobs.ts) with every job defined.
 */
import { db } from "../db/kv.ts";
import { MIGRATIONS } from "./migration_list.ts";
import { runMigrations } from "./migrations.ts";
import { logEvent } from "./log.ts";
import { startJobWorker } from "./jobs.ts";
import "./job_list.ts";

let migrated = false;

export async function migrateStore(): Promise<void> {
  const report = await runMigrations(db(), MIGRATIONS, (event, fields) => logEvent("info", event, fields));
  if (report.ran.length) logEvent("info", "migrations_done", { ...report });
  migrated = true;
}

/** True once this process has seen the schema at the latest version. */
export const migrationsDone = () => migrated;

/** Starts taking jobs from the queue; resolves when the KV closes. */
export function startJobs(): Promise<void> {
  return startJobWorker();
}
