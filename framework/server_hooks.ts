/**
 * Server rendering with the server's own Preact hooks only. Islands import client libraries that hook every
 * render through Preact's `options`: @preact/signals makes an effect for each component rendered (to render it
 * again when a signal it read changes) and looks through every element's props for signals — work a render that
 * happens once has no use for, measured at 3% of the CPU of a signed-in page and 6% of the personnel list's.
 *
 * The hooks in place when this module is evaluated are the server's: Preact's own hooks (useState, useMemo…) and
 * the islands' (islands.ts). main.ts imports it first, before any island is loaded. Were it evaluated after one (a
 * test importing an island first), it takes that island's libraries' hooks too, and renders as before.
 *
 * So an island must give JSX a signal's `.value`, never the signal itself: signals render themselves through
 * their hooks, which server rendering leaves out.
 */
import { options } from "preact";
import "preact/hooks";
import "./islands.ts";

type Options = Record<string, unknown>;
const live = options as unknown as Options;
const serverHooks: Options = { ...live };

/** Runs a synchronous render with the server's hooks, and puts back whatever was in place. */
export function withServerHooks<T>(render: () => T): T {
  const outside: Options = { ...live };
  replaceAll(live, serverHooks);
  try {
    return render();
  } finally {
    replaceAll(live, outside);
  }
}

function replaceAll(target: Options, source: Options) {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  Object.assign(target, source);
}
