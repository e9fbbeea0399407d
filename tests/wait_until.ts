/**
 * Waits for something the test cannot be told about directly (a count another process or the server's side of a
 * socket changes) by asking again every few milliseconds; fails with `what` after `ms`. Prefer awaiting the
 * event itself (a promise, a response, a frame) where there is one.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
