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

/**
 * Runs a synchronous render with the server's hooks, and puts back whatever was in place. A hook the server does
 * not have is set to undefined for the render, never deleted: a deleted property turns `options` into a dictionary
 * object, and the renderer reads its hooks for every element.
 */
export function withServerHooks<T>(render: () => T): T {
  const names = Object.keys(live);
  const outside = names.map((name) => live[name]);
  for (const name of names) live[name] = serverHooks[name];
  try {
    return render();
  } finally {
    for (let i = 0; i < names.length; i++) live[names[i]] = outside[i];
  }
}
