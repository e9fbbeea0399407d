import type { Handlers, RouteMeta } from "../../framework/types.ts";

export const meta: RouteMeta = { titleKey: "menu.diplomaEnclosures", permission: "menu.diplomaEnclosures" };

/** The module's one screen is its dashboard (SPEC §2.2). */
export const handler: Handlers = {
  GET() {
    return new Response(null, { status: 303, headers: { location: "/diploma-enclosures/dashboard" } });
  },
};
