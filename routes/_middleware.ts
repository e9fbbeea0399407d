import type { MiddlewareFn } from "../framework/types.ts";

/** Pages are rendered per person and language: never cache them in shared caches. */
export const handler: MiddlewareFn = async ({ next }) => {
  const response = await next();
  if (response.headers.has("cache-control")) return response;
  try {
    response.headers.set("cache-control", "no-store");
    return response;
  } catch {
    // Response.redirect() and friends have immutable headers.
    const headers = new Headers(response.headers);
    headers.set("cache-control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
