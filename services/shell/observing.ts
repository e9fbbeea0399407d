/**
 * The "live user" flags of SPEC §3 (observer, observingStart) behind the user menu's observing checkbox
 * (§2.3, §7.2 "change observing start status"). An observer is a person holding the observer panel's key
 * (`menu.observerPanel`, granted through roles like any key), so who observes is managed on the roles screen.
 * `["observing", userId]` → { status, at }: whether the observer has started observing, audited as `observing`.
 */
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { AppError } from "../../utils/errors.ts";

export const OBSERVER_PERMISSION = "menu.observerPanel";

export interface ObservingState {
  status: boolean;
  at: string;
}

const observingKey = (userId: number): Deno.KvKey => ["observing", userId];

export async function liveStatusOf(
  userId: number,
  can: (key: string) => boolean,
): Promise<{ observer: boolean; observingStart: boolean }> {
  if (!can(OBSERVER_PERMISSION)) return { observer: false, observingStart: false };
  return {
    observer: true,
    observingStart: (await db().get<ObservingState>(observingKey(userId))).value?.status ?? false,
  };
}

export async function setObservingStart(
  userId: number,
  can: (key: string) => boolean,
  status: boolean,
): Promise<ObservingState> {
  if (!can(OBSERVER_PERMISSION)) throw new AppError(409, "not_observer", "shellLive.errors.observersOnly");
  const key = observingKey(userId);
  const before = (await db().get<ObservingState>(key)).value;
  const after: ObservingState = { status, at: new Date().toISOString() };
  const atomic = db().atomic().set(key, after);
  addAudit(atomic, {
    entity: "observing",
    entityId: userId,
    actor: userId,
    action: before ? "update" : "create",
    before,
    after,
  });
  await atomic.commit();
  return after;
}
