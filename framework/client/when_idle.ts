/**
 * Runs `task` when the browser is idle, and within `timeoutMs` at the latest: for what a page needs soon after
 * it is shown but not to show it (live channels, background checks). Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 1500): () => void {
  if (typeof globalThis.requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  // Without idle callbacks (older Safari): shortly after the page has settled.
  const timer = setTimeout(task, Math.min(timeoutMs, 300));
  return () => clearTimeout(timer);
}
