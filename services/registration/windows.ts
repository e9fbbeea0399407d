/**
 * Registration windows, one per semester (`["registration_windows", groupId]`): the dates registration opens
 * and closes, the last day to drop, the credit limit per student, and optionally which programs and admission
 * years it is for. Dates are inclusive, read in university time (timetable/week.ts).
 */
import { getGroup, isIsoDate, listGroups } from "../academic/semesters.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { cachedValue, cacheVersionKey } from "../db/cached_value.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { today } from "../timetable/week.ts";
import { AUDIT, keys, type RegistrationWindow } from "./model.ts";
import { type FieldError, invalid, notFound } from "../../utils/errors.ts";

export const CREDIT_LIMIT_MAX = 120;

export type WindowInput = Omit<RegistrationWindow, "groupId">;

// One "today" for every module (timetable/week.ts); re-exported for this module's callers.
export { today };

export async function getWindow(groupId: number): Promise<RegistrationWindow | null> {
  return (await db().get<RegistrationWindow>(keys.window(groupId))).value;
}

/** Every semester with its window (null where none is set), latest semester first. */
export async function listWindows() {
  const groups = [...await listGroups()].reverse();
  const windows = await Promise.all(groups.map((g) => getWindow(g.id)));
  return groups.map((g, i) => ({ group: g.value, window: windows[i] }));
}

export function isOpen(window: RegistrationWindow | null, day = today()): boolean {
  return window !== null && window.opens <= day && day <= window.closes;
}

/** The semester whose window is open today, else the latest with a window, else null. */
export function currentWindowGroup(): Promise<number | null> {
  return currentGroup.get();
}

// Read by every /registration request; windows change a few times a year (see db/cached_value.ts).
// Loaded anew every few seconds as well: which window is open moves with the clock.
const currentGroup = cachedValue({
  name: "registration_windows",
  versionKeys: [cacheVersionKey("registration_windows"), cacheVersionKey("semesters")],
  maxAgeMs: 5_000,
  load: async () => {
    const all = await listWindows();
    const open = all.find((w) => isOpen(w.window));
    return (open ?? all.find((w) => w.window))?.group.id ?? null;
  },
});

export function validateWindow(input: WindowInput): void {
  const fields: Record<string, FieldError> = {};
  for (const name of ["opens", "closes", "dropDeadline"] as const) {
    if (!isIsoDate(input[name])) fields[name] = { key: "errors.invalidDate" };
  }
  if (!fields.opens && !fields.closes && input.closes < input.opens) {
    fields.closes = { key: "registration.errors.closesBeforeOpens" };
  }
  if (!fields.opens && !fields.dropDeadline && input.dropDeadline < input.opens) {
    fields.dropDeadline = { key: "registration.errors.deadlineBeforeOpens" };
  }
  if (!Number.isInteger(input.creditLimit) || input.creditLimit < 1 || input.creditLimit > CREDIT_LIMIT_MAX) {
    fields.creditLimit = { key: "errors.tooBig", params: { max: CREDIT_LIMIT_MAX } };
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

export async function setWindow(groupId: number, input: WindowInput, actor: number | null) {
  validateWindow(input);
  if (!await getGroup(groupId)) throw notFound("registration_groups");
  const next: RegistrationWindow = {
    groupId,
    opens: input.opens,
    closes: input.closes,
    dropDeadline: input.dropDeadline,
    creditLimit: input.creditLimit,
    programIds: [...new Set(input.programIds)].sort((a, b) => a - b),
    admissionYears: [...new Set(input.admissionYears)].sort((a, b) => a - b),
  };
  return await untilCommitted(async () => {
    const current = await db().get<RegistrationWindow>(keys.window(groupId));
    const atomic = db().atomic().check(current).set(keys.window(groupId), next);
    addAudit(atomic, {
      entity: AUDIT.window,
      entityId: groupId,
      actor,
      action: current.value ? "update" : "create",
      before: current.value,
      after: next,
    });
    return (await atomic.commit()).ok ? next : RETRY;
  }).finally(() => currentGroup.changed());
}
