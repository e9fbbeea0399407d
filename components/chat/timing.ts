/**
 * Timing rules of the widget, pure so they are tested without a browser: reconnect delays grow with jitter
 * (so a restarted server is not hit by every tab at the same instant), the scroll-up loader fires near the
 * top (ngx-infinite-scroll's "distance 2": within 2/10 of the scrollable height) at most every 150 ms, and
 * the new-chat search waits 400 ms after the last keystroke.
 */

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;
export const SCROLL_UP_DISTANCE = 2;
export const SCROLL_THROTTLE_MS = 150;
export const SEARCH_DEBOUNCE_MS = 400;
export const LINE_HEIGHT_PX = 28;
export const MAX_LINES = 4;

/** "Full jitter" between half and all of the capped exponential delay of attempt `n` (0-based). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(capped / 2 + random() * (capped / 2));
}

/** Whether the view is close enough to the top of a message list to load the next older page. */
export function nearTop(scrollTop: number, scrollHeight: number, clientHeight: number): boolean {
  if (scrollHeight <= clientHeight) return false;
  return scrollTop <= (scrollHeight * SCROLL_UP_DISTANCE) / 10;
}

/** The scrollTop that keeps the same messages in view after older ones were put above them. */
export function keptScrollTop(previousTop: number, previousHeight: number, newHeight: number): number {
  return Math.max(0, previousTop + (newHeight - previousHeight));
}

/** Height of the message box: one line per text line (wrapped lines counted by the caller), at most 4. */
export function boxHeight(lines: number): number {
  return Math.min(MAX_LINES, Math.max(1, lines)) * LINE_HEIGHT_PX;
}

/** Calls `fn` at most once per `ms`, with the latest arguments at the end of a burst too. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now = () => Date.now()) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  return (...args: A) => {
    const elapsed = now() - last;
    if (elapsed >= ms) {
      last = now();
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      last = now();
      const call = pending!;
      pending = null;
      fn(...call);
    }, ms - elapsed);
  };
}

/** Calls `fn` once `ms` after the last call; `cancel` drops a pending call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}
