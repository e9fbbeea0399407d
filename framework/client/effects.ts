/**
 * Preact runs an island's effects (`useEffect`) after the next frame, not when `hydrate()` returns. An island
 * that answers the page's forms from an effect (a delegated `submit` listener) is not listening until then: a
 * form sent in that gap went to the browser instead — after a client navigation, a GET to the page with the
 * fields in its URL, and nothing saved. The framework schedules that flush itself, through the hook Preact
 * offers for it, so it can wait for the effects before it says a page is ready.
 */
import { options } from "preact";

/** Preact's own fallback: a frame, or 35 ms when frames do not come (a hidden tab). */
const FRAME_TIMEOUT_MS = 35;

let pending: Promise<void> = Promise.resolve();

function afterNextFrame(callback: () => void) {
  let frame = 0;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, FRAME_TIMEOUT_MS);
  frame = requestAnimationFrame(done);
}

export function scheduleEffectsHere() {
  options.requestAnimationFrame = (flush) => {
    pending = new Promise((resolve) =>
      afterNextFrame(() => {
        try {
          flush();
        } finally {
          resolve();
        }
      })
    );
  };
}

/**
 * Resolves once every effect scheduled so far has run, and the effects those scheduled — for a few rounds only:
 * an island that renders on every frame (an animation) must not hold the page's readiness forever.
 */
export async function effectsRan(maxRounds = 5): Promise<void> {
  for (let round = 0, seen: Promise<void> | null = null; seen !== pending && round < maxRounds; round++) {
    seen = pending;
    await seen;
  }
}
