/** Who is acting on course lists: the signed-in user, their professor (HR) record, whether they see every list. */
import type { Context } from "hono";
import type { AppState } from "./app_state.ts";
import { type ListActor, LISTS_ALL_KEY } from "../services/lists/access.ts";

export const stateOf = (c: Context) => c.get("state") as AppState;

export function listActor(c: Context): ListActor {
  const state = stateOf(c);
  const user = state.identity!.user;
  return { userId: user.id, hrUserId: user.hrUserId, seesAll: state.auth.can(LISTS_ALL_KEY) };
}
