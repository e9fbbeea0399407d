/** Who is acting on registrations: the signed-in user, whether they are registrar staff, and their student id. */
import type { Context } from "hono";
import type { AppState } from "./app_state.ts";
import type { Actor } from "../services/registration/decide.ts";

export const REGISTRATION = "menu.learningProcesses.registration";
export const REGISTRATION_MANAGE = `${REGISTRATION}.manage`;

export const stateOf = (c: Context) => c.get("state") as AppState;

export function registrationActor(c: Context): Actor & { studentId: number | null } {
  const state = stateOf(c);
  const user = state.identity!.user;
  return { userId: user.id, staff: state.auth.can(REGISTRATION_MANAGE), studentId: user.studentId };
}
