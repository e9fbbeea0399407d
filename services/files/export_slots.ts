/**
 * How many spreadsheet exports run at once in this process. Each one holds its rows and a worker (tens of
 * MiB for the large registry), so a person gets one at a time (a second answers 429), a few run together
 * and a few more wait their turn in order (EXPORT_LIMITS); beyond that the server is busy (503). Both
 * refusals say when to try again. The whole export — reading the rows too — happens inside the slot.
 */
import { AppError } from "../../utils/errors.ts";

/** One core is left to the event loop: on a two-core machine two builds at once doubled others' p99. */
export const EXPORT_LIMITS = { running: Math.max(1, navigator.hardwareConcurrency - 1), waiting: 8 };
const RETRY_AFTER_SECONDS = { own: 10, busy: 15 };

const owners = new Set<number>();
const queue: (() => void)[] = [];
let running = 0;

export async function withExportSlot<T>(userId: number, work: () => Promise<T>): Promise<T> {
  if (owners.has(userId)) {
    throw new AppError(429, "export_in_progress", "errors.exportInProgress", {
      retryAfter: RETRY_AFTER_SECONDS.own,
    });
  }
  if (running >= EXPORT_LIMITS.running && queue.length >= EXPORT_LIMITS.waiting) {
    throw new AppError(503, "exports_busy", "errors.exportsBusy", { retryAfter: RETRY_AFTER_SECONDS.busy });
  }
  owners.add(userId);
  try {
    if (running >= EXPORT_LIMITS.running) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is given back.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  } finally {
    owners.delete(userId);
  }
}
