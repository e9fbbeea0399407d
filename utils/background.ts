/**
 * Work a request starts and does not wait for (a cache refreshed while its stale copy is served, reads begun
 * early for a page that may fail first). Such work is kept here until it settles, so that whoever must see the
 * process quiet can wait for it: a test, before it checks that nothing is left running; a shutdown.
 */
const running = new Set<Promise<unknown>>();

/** Runs `work` to its end with nobody awaiting it; a failure goes to `onError` (by default it is dropped). */
export function inBackground(work: Promise<unknown>, onError: (error: unknown) => void = () => {}): void {
  const tracked = work.catch(onError).finally(() => running.delete(tracked));
  running.add(tracked);
}

/** Resolves once every background work, and any it started meanwhile, has settled. */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}
