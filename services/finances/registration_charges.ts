/**
 * Charges follow registration (issue 21, point 3): an enrolment charges the program's tuition for the section's
 * credits (or the section's price), and a drop within the add/drop period reverses that charge. The charge's
 * source is the registration as it was made (`<registrationId>@<time>`): hearing of the same enrolment twice
 * writes nothing, while dropping and registering again is a new enrolment with its own charge.
 */
import type { Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { onRegistrationChange, type RegistrationChange } from "../registration/changes.ts";
import { parseRegistrationId, type Registration } from "../registration/model.ts";
import { getSection } from "../registration/sections.ts";
import { getWindow, today } from "../registration/windows.ts";
import { appendEntry, entryOfSource, reverseEntry } from "./ledger.ts";
import type { EntrySource } from "./model.ts";
import { getParams, tuitionFor } from "./params.ts";
import { logEvent } from "../operations/log.ts";
import { AppError } from "../../utils/errors.ts";

export const registrationSource = (r: Registration): EntrySource => ({
  type: "registration",
  id: `${r.id}@${r.at}`,
});

export async function chargeEnrolment(registration: Registration): Promise<void> {
  const [student, section, params] = await Promise.all([
    db().get<Student>(["students", registration.studentId]),
    getSection(registration.sectionId),
    getParams(),
  ]);
  if (!student.value) return;
  const amount = tuitionFor(params, student.value.programId, registration.credits, section.price);
  if (amount <= 0) return;
  await appendEntry({
    studentId: registration.studentId,
    kind: "charge",
    amount,
    date: today(),
    reference: section.book.code || section.id,
    note: section.book.nameEng || section.book.name,
    source: registrationSource(registration),
  }, null);
}

/** Reverses the enrolment's charge when the drop is within the add/drop period (later, the charge stays). */
export async function reverseDroppedCharge(registration: Registration): Promise<void> {
  await reverseChargeOf(registration.groupId, registrationSource(registration));
}

/** True when it wrote the reversal (not when there was no charge, it was reversed before, or add/drop is over). */
async function reverseChargeOf(groupId: number, source: EntrySource): Promise<boolean> {
  const window = await getWindow(groupId);
  if (!window || today() > window.dropDeadline) return false;
  const entryId = await entryOfSource(source);
  if (!entryId) return false;
  try {
    await reverseEntry(entryId, { reason: "registration dropped" }, null);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "already_reversed") return false;
    throw error;
  }
}

export async function followRegistration(change: RegistrationChange): Promise<void> {
  if (change.kind === "enrolled") await chargeEnrolment(change.registration);
  else await reverseDroppedCharge(change.registration);
}

onRegistrationChange(followRegistration);

/**
 * What the listener would have done, for whatever it missed (the process stopped between a registration's
 * commit and its charge): every enrolment without its charge is charged, every charge of an enrolment that
 * is gone is reversed when its drop was within add/drop. Both are idempotent; the nightly job runs it.
 * Returns how many entries it wrote.
 */
const RECENT_MS = 7 * 24 * 3600_000;

export async function reconcileRegistrations(): Promise<number> {
  let written = 0;
  const current = new Set<string>();
  for await (const e of db().list<Registration>({ prefix: ["registrations"] }, { batchSize: 1000 })) {
    const registration = e.value;
    if (registration.status !== "enrolled") continue;
    const source = registrationSource(registration);
    current.add(source.id);
    // Only what a listener could have missed lately: older enrolments (bulk-loaded ones) are left as they are.
    if (Date.parse(registration.at) < Date.now() - RECENT_MS || await entryOfSource(source)) continue;
    try {
      await chargeEnrolment(registration);
      if (await entryOfSource(source)) written++;
    } catch (error) {
      logEvent("error", "finance_reconcile_failed", { registration: registration.id, error });
    }
  }
  for await (
    const e of db().list<string>({ prefix: ["finance_sources", "registration"] }, { batchSize: 1000 })
  ) {
    const sourceId = e.key[2] as string;
    const parsed = parseRegistrationId(sourceId.split("@")[0]);
    if (current.has(sourceId) || !parsed) continue;
    const groupId = Number(parsed.sectionId.split("-")[0]);
    if (await reverseChargeOf(groupId, { type: "registration", id: sourceId })) written++;
  }
  return written;
}
