/**
 * Middlewares that every request passes, run as one layer. Hono's compose makes each layer an async frame with
 * its own promise, await and closure, on every request; here each layer calls the next directly. A layer answers
 * by setting `c.res` (as Hono's own middlewares do), not by returning a Response, and what it throws reaches the
 * layer outside it, then the app's error handler, as before.
 */
import type { MiddlewareHandler, Next } from "hono";

export function chain(...layers: [MiddlewareHandler, ...MiddlewareHandler[]]): MiddlewareHandler {
  let run = layers[layers.length - 1];
  for (let i = layers.length - 2; i >= 0; i--) {
    const [outer, inner] = [layers[i], run];
    run = (c, next) => outer(c, (() => inner(c, next)) as Next);
  }
  return run;
}
