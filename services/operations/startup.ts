/**
 * What a server process does with the store before it answers (createApp) and what readiness reports: the
 * migrations, run once under their lock (migrations.ts), the job worker (jobs.ts) with every job defined, and
 * the schedules (schedules.ts) that enqueue jobs at set times.
 */
import { db } from "../db/kv.ts";
import { MIGRATIONS } from "./migration_list.ts";
import { runMigrations } from "./migrations.ts";
import { logEvent } from "./log.ts";
import { startJobWorker } from "./jobs.ts";
import { startSchedules } from "./schedules.ts";
import "./job_list.ts";
import "./schedule_list.ts";

let migrated = false;

export async function migrateStore(): Promise<void> {
  const report = await runMigrations(db(), MIGRATIONS, (event, fields) => logEvent("info", event, fields));
  if (report.ran.length) logEvent("info", "migrations_done", { ...report });
  migrated = true;
}

/** True once this process has seen the schema at the latest version. */
export const migrationsDone = () => migrated;

/** Starts taking jobs from the queue and registers the schedules; resolves when the KV closes. */
export function startJobs(): Promise<void> {
  const worker = startJobWorker();
  const started = startSchedules();
  if (started.length) logEvent("info", "schedules_started", { schedules: started });
  return worker;
}
