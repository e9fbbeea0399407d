/**
 * The server's "now" for calendar decisions (which week, which semester, which evaluation period, the lesson
 * happening now). It is the real time unless `APP_NOW` (an ISO instant) pins it: tests and demonstrations
 * that must show the same week whatever day they run set it, as the browser tests do with the demo
 * university's reference date. Timestamps of records, sessions and codes always use the real time.
 */
import { envVar } from "../../utils/env.ts";

let pinned = parsePinned(envVar("APP_NOW"));

function parsePinned(value: string | undefined): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) {
    throw new Error(`APP_NOW must be an ISO instant such as 2026-11-22T12:00:00+04:00; it is "${value}"`);
  }
  return at;
}

export function now(): Date {
  return new Date(pinned ?? Date.now());
}

/** Pins (or, with null, releases) the calendar clock of this process: for tests run in-process. */
export function pinClock(at: string | null) {
  pinned = parsePinned(at ?? undefined);
}
