/**
 * Work a request starts and nobody awaits (a cache refreshed while its stale copy is served). Such work is kept
 * here until it settles, so that whoever must see the process quiet can wait for it: a test, before it checks
 * that nothing is left running; a shutdown. Reads a request begins early and awaits later need no keeping (they
 * end with their request), and are not kept: this costs two promises, on paths every page takes.
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
