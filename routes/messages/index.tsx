import type { Handlers } from "../../framework/types.ts";

/** /messages is a tab shell with one tab, the list (SPEC §2.1). */
export const handler: Handlers = {
  GET: () => new Response(null, { status: 303, headers: { location: "/messages/list" } }),
};
