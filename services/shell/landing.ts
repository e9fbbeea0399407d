/**
 * Where `/` leads (SPEC §2.1): the students registry for user id 1, the lists for professors, the HR module
 * for everyone else. Students have no HR module: they land on their timetable. Someone whose roles do not
 * open that page lands on the first menu item they may open instead, never on a refusal.
 */
import type { MenuItem } from "../../utils/menu.ts";
import type { User } from "../identity/users.ts";
import { localRedirectTarget } from "../../utils/local_redirect.ts";

interface Landing {
  path: string;
  /** The key the page needs. */
  key: string;
}

function defaultLanding(user: Pick<User, "id" | "guard" | "chatType">): Landing {
  if (user.id === 1) return { path: "/students", key: "menu.students" };
  if (user.guard === "prof") return { path: "/lists/list", key: "menu.learningProcesses.lists" };
  if (user.chatType === "student") return { path: "/tables", key: "menu.table" };
  return { path: "/hr", key: "menu.hr" };
}

export function landingPath(
  user: Pick<User, "id" | "guard" | "chatType">,
  can: (key: string) => boolean,
  menu: MenuItem[],
): string {
  const landing = defaultLanding(user);
  if (can(landing.key)) return landing.path;
  const first = menu.flatMap((item) => item.children ?? [item]).find((item) => item.route);
  return first?.route ?? "/my-devices";
}

/** Where to go after signing in: a local page (no open redirect), never back to the sign-in or to the API. */
export function safeNext(next: string | null | undefined): string | null {
  const target = localRedirectTarget(next);
  if (!target || target.startsWith("/login") || target.startsWith("/api/")) return null;
  return target;
}
