/**
 * Every job of every domain, imported once so that each process can run whatever the queue delivers (a job
 * enqueued by a newer process and unknown here becomes a dead letter at once, to be retried from the jobs tab
 * once every process runs the newer version: never lost silently).
 */
import "../notifications/fan_out.ts";
import "../chat/upload_quota.ts";
import "../sms/send.ts";
import "../finances/nightly.ts";
import "../messages/store.ts";
