import type { Handlers } from "../framework/types.ts";

/** SPEC §2.1: the personal vote route leads to the evaluation form. */
export const handler: Handlers = {
  GET: () => new Response(null, { status: 303, headers: { location: "/vote-form" } }),
};
