/**
 * Every job of every domain, imported once so that each process can run whatever the queue delivers (a job
 * enqueued by a newer process and unknown here is retried, then dead-lettered, never lost silently).
 */
import "../notifications/fan_out.ts";
