import type { Handlers, RouteMeta } from "../../framework/types.ts";

export const meta: RouteMeta = { titleKey: "sections.lang", permission: "menu.languages" };

/** The language screen opens on its first tab (Georgian) of the chosen side. */
export const handler: Handlers = {
  GET({ url }) {
    const side = url.searchParams.get("side") === "student_side" ? "student_side" : "admin_side";
    return new Response(null, { status: 303, headers: { location: `/lang/ka?side=${side}` } });
  },
};

export default function LanguagesIndex() {
  return null;
}
