/**
 * Where `/` leads (SPEC §2.1): the students registry for user id 1, the lists for professors, the HR module
 * for everyone else. Students have no HR module: they land on their timetable.
 */
import type { User } from "./users.ts";

export function landingPath(user: Pick<User, "id" | "guard" | "chatType">): string {
  if (user.id === 1) return "/students";
  if (user.guard === "prof") return "/lists/list";
  if (user.chatType === "student") return "/tables";
  return "/hr";
}

/** A `next` target from a query string, accepted only as a local path (no open redirect). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (next.startsWith("/login") || next.startsWith("/api/")) return null;
  return next;
}
