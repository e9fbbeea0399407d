import type { Handlers } from "../../../framework/types.ts";

/** /hr/calendar (where account switching lands) is the personal calendar. */
export const handler: Handlers = {
  GET: () => new Response(null, { status: 303, headers: { location: "/hr/calendar/calendar" } }),
};
