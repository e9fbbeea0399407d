/**
 * Every schedule of every domain (schedules.ts), imported once so that each process registers them all with
 * Deno.cron at start-up. A module adds its schedule with `defineSchedule` in its own file and its import here
 * (a nightly aggregate: `cron: NIGHTLY_CRON`, enqueueing its own job).
 */
import "../chat/upload_quota.ts";
import "../finances/nightly.ts";
