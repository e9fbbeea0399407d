import type { Handlers, RouteMeta } from "../../framework/types.ts";

export const meta: RouteMeta = { titleKey: "menu.lists", permission: "menu.learningProcesses.lists" };

/** The lists menu item opens the professor's sections. */
export const handler: Handlers = {
  GET: () => new Response(null, { status: 302, headers: { location: "/lists/list" } }),
};

export default function ListsIndex() {
  return null;
}
