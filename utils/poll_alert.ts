/**
 * The poll alert's schedule (SPEC §4, §9): check at start-up and every 60,000 ms. The clock is a parameter so
 * tests drive it with a fake one.
 */
export const POLL_ALERT_MS = 60_000;

export interface AlertClock {
  setInterval(callback: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/** Runs `check` now and then every minute; returns the function that stops it. */
export function startPollAlert(
  check: () => void | Promise<void>,
  clock: AlertClock = globalThis,
): () => void {
  const run = () => {
    Promise.resolve().then(check).catch(() => {}); // a failed check waits for the next minute
  };
  run();
  const id = clock.setInterval(run, POLL_ALERT_MS);
  return () => clock.clearInterval(id);
}
