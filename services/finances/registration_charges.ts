/**
 * Charges follow registration (issue 21, point 3): an enrolment charges the program's tuition for the section's
 * credits (or the section's price), and a drop within the add/drop period reverses that charge. The charge's
 * source is the registration as it was made (`<registrationId>@<time>`): hearing of the same enrolment twice
 * writes nothing, while dropping and registering again is a new enrolment with its own charge.
 */
import type { Student } from "../academic/model.ts";
import { db } from "../db/kv.ts";
import { onRegistrationChange, type RegistrationChange } from "../registration/changes.ts";
import type { Registration } from "../registration/model.ts";
import { getSection } from "../registration/sections.ts";
import { getWindow, today } from "../registration/windows.ts";
import { appendEntry, entryOfSource, reverseEntry } from "./ledger.ts";
import type { EntrySource } from "./model.ts";
import { getParams, tuitionFor } from "./params.ts";
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
  const window = await getWindow(registration.groupId);
  if (!window || today() > window.dropDeadline) return;
  const entryId = await entryOfSource(registrationSource(registration));
  if (!entryId) return;
  try {
    await reverseEntry(entryId, { reason: "registration dropped" }, null);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "already_reversed")) throw error;
  }
}

export async function followRegistration(change: RegistrationChange): Promise<void> {
  if (change.kind === "enrolled") await chargeEnrolment(change.registration);
  else await reverseDroppedCharge(change.registration);
}

onRegistrationChange(followRegistration);
