/**
 * The Zoom "online" flag of the user menu (SPEC §2.3, §4, §7.2 "Zoom link status", "update zoom link"). Only
 * academic staff (guard `prof`) run online lessons, so the status check answers `result: "yes"` for them alone
 * and the checkbox shows only then; anyone else gets `result: "no"` and cannot set it.
 * `["zoom_status", userId]` → { isOnline, at }, audited as `zoom_status`.
 */
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import type { Guard } from "../identity/users.ts";
import { AppError } from "../../utils/errors.ts";

export interface ZoomStatus {
  isOnline: boolean;
  at: string;
}

const statusKey = (userId: number): Deno.KvKey => ["zoom_status", userId];

export const hasZoomLink = (guard: Guard) => guard === "prof";

export async function zoomStatusOf(
  user: { id: number; guard: Guard },
): Promise<{ result: "yes" | "no"; status: boolean }> {
  if (!hasZoomLink(user.guard)) return { result: "no", status: false };
  return { result: "yes", status: (await db().get<ZoomStatus>(statusKey(user.id))).value?.isOnline ?? false };
}

export async function setZoomStatus(
  user: { id: number; guard: Guard },
  isOnline: boolean,
): Promise<ZoomStatus> {
  if (!hasZoomLink(user.guard)) throw new AppError(409, "not_academic", "shellLive.errors.academicOnly");
  const key = statusKey(user.id);
  const before = (await db().get<ZoomStatus>(key)).value;
  const after: ZoomStatus = { isOnline, at: new Date().toISOString() };
  const atomic = db().atomic().set(key, after);
  addAudit(atomic, {
    entity: "zoom_status",
    entityId: user.id,
    actor: user.id,
    action: before ? "update" : "create",
    before,
    after,
  });
  await atomic.commit();
  return after;
}
