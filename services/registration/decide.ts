/**
 * registrationAdd: one atomic decision. It reads the window, the section's settings and seat counter, the
 * student (with their registrations, holds and transcript) and the course's conditions, runs every check
 * (checks.ts), and commits with `check()` on every versionstamp it relied on — so two racing requests can never
 * over-fill a section, book a student into clashing lessons or pass the credit limit: the later commit fails and
 * decides again on what the earlier one wrote. A full section puts the student on its waitlist with a position.
 */
import type { Student } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { untilCommitted } from "../db/retry.ts";
import { type FailedCheck, failedChecks } from "./checks.ts";
import {
  completeStudentFacts,
  type CourseFacts,
  eligibilityOf,
  namesFor,
  needsTranscript,
  rememberRegistrations,
  studentFactKeys,
  type StudentFacts,
} from "./facts.ts";
import { commitWithSeats } from "./seat_batches.ts";
import { keepEntry, keptEntries } from "./kept_entries.ts";
import { registrationChanged } from "./changes.ts";
import {
  AUDIT,
  keys,
  type Registration,
  registrationIdOf,
  type RegistrationWindow,
  type SectionSeats,
  type SectionSettings,
} from "./model.ts";
import { capacityOf, type Section, sectionInGroup } from "./sections.ts";
import { today } from "./windows.ts";
import { AppError, type FieldError, invalid } from "../../utils/errors.ts";

export interface Actor {
  userId: number | null;
  /** May act for any student (registrar); students act on their own records only. */
  staff: boolean;
}

export interface AddInput {
  sectionId: string;
  studentId: number;
  override?: boolean;
  reason?: string;
}

export interface AddResult {
  registration: Registration;
  status: Registration["status"];
  position: number | null;
  /** The failed checks a registrar overrode (empty otherwise). */
  overridden: FailedCheck["check"][];
}

export const OVERRIDE_REASON_MAX = 500;
/** Tries of one decision: every registration of a hot section contends on its seat counter. */
export const DECISION_ATTEMPTS = 30;

/** The 422 that names each failed check (field = check name, message = its reason). */
export function refused(failed: readonly FailedCheck[]): AppError {
  const fields: Record<string, FieldError> = {};
  for (const f of failed) fields[f.check] = f.error;
  return new AppError(422, "registration_refused", "registration.errors.refused", { fields });
}

/** The student's registrations paired with their sections. */
export function heldOf(facts: StudentFacts, sections: Map<string, Section>) {
  return facts.registrations.map((registration) => ({
    registration,
    section: sections.get(registration.sectionId),
  }));
}

export function overrideReason(input: { override?: boolean; reason?: string }, actor: Actor): string | null {
  if (!input.override) return null;
  if (!actor.staff) throw new AppError(403, "forbidden", "errors.forbidden");
  const reason = (input.reason ?? "").trim();
  if (!reason) throw invalid({ reason: { key: "registration.errors.reasonRequired" } });
  if (reason.length > OVERRIDE_REASON_MAX) {
    throw invalid({ reason: { key: "errors.tooLong", params: { max: OVERRIDE_REASON_MAX } } });
  }
  return reason;
}

export async function addRegistration(input: AddInput, actor: Actor): Promise<AddResult> {
  const { section, group: { byId } } = await sectionInGroup(input.sectionId);
  const reason = overrideReason(input, actor);
  const groupId = section.groupId;
  // What the decision relies on and the checks it fails. A first try takes the seldom-moving keys as last seen
  // here (kept_entries.ts), which only its commit validates: so a decision that would refuse, or find no
  // such student, reads them all again before it says so.
  const look = async (anew: boolean) => {
    const { entries, kept } = await keptEntries([
      { key: keys.window(groupId), seldom: true },
      { key: keys.settings(section.id), seldom: true },
      { key: keys.registration(input.studentId, groupId, section.id), seldom: false },
      { key: ["book_conditions", section.bookId], seldom: true },
      { key: ["rule_students", section.bookId], seldom: true },
      ...studentFactKeys(input.studentId, groupId).map((key) => ({ key, seldom: true })),
    ], anew);
    const [window, settings, existing] = entries as [
      Deno.KvEntryMaybe<RegistrationWindow>,
      Deno.KvEntryMaybe<SectionSettings>,
      Deno.KvEntryMaybe<Registration>,
    ];
    const course = { conditions: entries[3], ruleStudents: entries[4] } as CourseFacts;
    const transcript = needsTranscript(course);
    const student = await completeStudentFacts(input.studentId, groupId, entries.slice(5), { transcript });
    const failed = student.student.value === null ? [] : failedChecks({
      window: window.value,
      today: today(),
      student: student.student.value as Student,
      holds: student.holds,
      section,
      settings: settings.value,
      eligibility: eligibilityOf(course, student, await namesFor([course])),
      held: heldOf(student, byId),
    });
    return { window, settings, existing, course, transcript, student, failed, kept };
  };
  const decided = await untilCommitted(async (n) => {
    let seen = await look(n > 1);
    if (
      seen.kept && (seen.student.student.versionstamp === null || (seen.failed.length && reason === null))
    ) {
      seen = await look(true);
    }
    const { window, settings, existing, course, transcript, student, failed } = seen;
    if (student.student.versionstamp === null) {
      throw invalid({ studentId: { key: "registration.errors.unknownStudent" } });
    }
    if (existing.versionstamp !== null) {
      throw new AppError(409, "duplicate", "registration.errors.duplicate");
    }
    if (failed.length && reason === null) throw refused(failed);

    // The seats are given when the decision commits, with the section's other decisions waiting then
    // (seat_batches.ts): decisions share commits instead of queueing for one each. The transcript's totals are
    // checked only when the decision read the transcript (the checked conditions say whether it must).
    const overridden = reason === null ? [] : failed.map((f) => f.check);
    const registrationKey = keys.registration(input.studentId, groupId, section.id);
    return await commitWithSeats(section.id, {
      checks: ([
        window,
        settings,
        existing,
        student.student,
        student.holdsVersion,
        student.version,
        course.conditions,
        course.ruleStudents,
      ] as Deno.AtomicCheck[]).concat(transcript ? [student.totals] : []),
      writes: [
        registrationKey,
        student.version.key,
        keys.rosterEntry(section.id, input.studentId),
      ],
      write(atomic, counter) {
        const full = counter.enrolled >= capacityOf(section, settings.value);
        const registration: Registration = {
          id: registrationIdOf(input.studentId, section.id),
          studentId: input.studentId,
          groupId,
          sectionId: section.id,
          bookId: section.bookId,
          credits: section.credits,
          status: full ? "waitlisted" : "enrolled",
          position: full ? counter.nextPosition : null,
          at: new Date().toISOString(),
          by: actor.userId,
        };
        const next: SectionSeats = full
          ? { ...counter, waitlisted: counter.waitlisted + 1, nextPosition: counter.nextPosition + 1 }
          : { ...counter, enrolled: counter.enrolled + 1 };
        atomic.set(registrationKey, registration);
        atomic.set(student.version.key, (student.version.value ?? 0) + 1);
        if (full) atomic.set(keys.waitlistEntry(section.id, registration.position!), input.studentId);
        else atomic.set(keys.rosterEntry(section.id, input.studentId), registration.id);
        addAudit(atomic, {
          entity: AUDIT.registration,
          entityId: registration.id,
          actor: actor.userId,
          action: "create",
          before: null,
          after: registration,
          extra: overridden.length ? { override: { checks: overridden, reason } } : undefined,
        });
        return {
          next,
          result: { registration, status: registration.status, position: registration.position, overridden },
        };
      },
      committed(result, versionstamp) {
        keepEntry({
          key: student.version.key,
          value: (student.version.value ?? 0) + 1,
          versionstamp,
        });
        rememberRegistrations(input.studentId, groupId, versionstamp, [
          ...student.registrations,
          result.registration,
        ]);
      },
    });
  }, { attempts: DECISION_ATTEMPTS });
  await registrationChanged([
    decided.status === "enrolled" ? { kind: "enrolled", registration: decided.registration } : null,
  ]);
  return decided;
}
