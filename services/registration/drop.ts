/**
 * registrationDrop: frees the seat (or the waitlist place) and, in the same atomic, enrols the first waitlisted
 * student who is still eligible — so a crash can never leave a freed seat with a waiting student behind it. A
 * waitlisted student who no longer passes (a hold since, a clash or the credit limit with what they took
 * meanwhile) keeps their place and the next one is tried. The promoted student's registration, version and
 * holds version are checked in the atomic like any other decision's.
 */
import type { Student } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { moveCounter } from "../db/counters.ts";
import { db } from "../db/kv.ts";
import { RETRY, serialized, untilCommitted } from "../db/retry.ts";
import { failedChecks } from "./checks.ts";
import { type Actor, DECISION_ATTEMPTS, heldOf, overrideReason } from "./decide.ts";
import { eligibilityOf, namesFor, readCourseFacts, readStudentFacts } from "./facts.ts";
import {
  AUDIT,
  keys,
  parseRegistrationId,
  type Registration,
  type RegistrationWindow,
  type SectionSeats,
  type SectionSettings,
} from "./model.ts";
import { capacityOf, getSection, groupSections, seatsOf, type Section } from "./sections.ts";
import { today } from "./windows.ts";
import { registrationChanged } from "./changes.ts";
import { forgetEntry, keepEntry } from "./kept_entries.ts";
import { AppError, forbidden, notFound } from "../../utils/errors.ts";
import { notifyInAtomic } from "../notifications/fan_out.ts";
import { translatorFor } from "../languages/i18n.ts";

/** Waitlisted students looked at per drop: enough to pass over a few who no longer qualify. */
const CANDIDATES = 5;

export interface DropResult {
  dropped: Registration;
  /** The waitlisted student enrolled in the freed seat, if any. */
  promoted: Registration | null;
}

export async function dropRegistration(
  registrationId: string,
  actor: Actor & { studentId: number | null },
  opts: { override?: boolean; reason?: string } = {},
): Promise<DropResult> {
  const parsed = parseRegistrationId(registrationId);
  if (!parsed) throw notFound("registrations");
  if (!actor.staff && actor.studentId !== parsed.studentId) throw forbidden();
  const reason = overrideReason(opts, actor);
  const section = await getSection(parsed.sectionId).catch(() => {
    throw notFound("registrations");
  });
  const groupId = section.groupId;
  const { byId } = await groupSections(groupId);
  const result = await serialized(keys.seats(section.id), () =>
    untilCommitted(async () => {
      const [window, settings, seats, current, version] = await db().getMany<
        [RegistrationWindow, SectionSettings, SectionSeats, Registration, number]
      >([
        keys.window(groupId),
        keys.settings(section.id),
        keys.seats(section.id),
        keys.registration(parsed.studentId, groupId, section.id),
        keys.studentVersion(parsed.studentId, groupId),
      ]);
      if (current.versionstamp === null) throw notFound("registrations");
      const deadline = window.value?.dropDeadline;
      if (reason === null && (!deadline || today() > deadline)) {
        throw new AppError(422, "registration_refused", "registration.errors.refused", {
          fields: {
            dropDeadline: { key: "registration.checks.dropDeadline", params: { date: deadline ?? "—" } },
          },
        });
      }
      const dropped = current.value;
      const counter = seatsOf(seats);
      const atomic = db().atomic().check(window, settings, seats, current).delete(current.key);
      moveCounter(atomic, version, 1);
      let next: SectionSeats;
      let promoted: Registration | null = null;
      if (dropped.status === "waitlisted") {
        atomic.delete(keys.waitlistEntry(section.id, dropped.position!));
        next = { ...counter, waitlisted: counter.waitlisted - 1 };
      } else {
        atomic.delete(keys.rosterEntry(section.id, dropped.studentId));
        next = { ...counter, enrolled: counter.enrolled - 1 };
        const seatFree = next.enrolled < capacityOf(section, settings.value) && !settings.value?.closed;
        if (seatFree && counter.waitlisted > 0) {
          promoted = await promoteFirst(atomic, section, byId, window.value);
          if (promoted) next = { ...next, enrolled: next.enrolled + 1, waitlisted: next.waitlisted - 1 };
        }
      }
      atomic.set(keys.seats(section.id), next);
      addAudit(atomic, {
        entity: AUDIT.registration,
        entityId: dropped.id,
        actor: actor.userId,
        action: "remove",
        before: dropped,
        after: null,
        extra: reason === null ? undefined : { override: { checks: ["dropDeadline"], reason } },
      });
      const committed = await atomic.commit();
      if (!committed.ok) {
        forgetEntry(keys.seats(section.id));
        return RETRY;
      }
      keepEntry({ key: keys.seats(section.id), value: next, versionstamp: committed.versionstamp });
      return { dropped, promoted };
    }, { attempts: DECISION_ATTEMPTS }));
  await registrationChanged([
    result.dropped.status === "enrolled" ? { kind: "dropped", registration: result.dropped } : null,
    result.promoted && { kind: "enrolled", registration: result.promoted },
  ]);
  return result;
}

function promotedNotice(section: Section) {
  const [ka, en] = [translatorFor("ka"), translatorFor("en")];
  const nameKa = section.book.name;
  const nameEn = section.book.nameEng || section.book.name;
  return {
    kind: "system" as const,
    link: "/registration",
    title: ka("registration.promotedTitle", { course: nameKa }),
    body: ka("registration.promotedBody", { course: nameKa }),
    en: {
      title: en("registration.promotedTitle", { course: nameEn }),
      body: en("registration.promotedBody", { course: nameEn }),
    },
  };
}

/** Adds to `atomic` the enrolment of the first waitlisted student who still passes; null when none does. */
async function promoteFirst(
  atomic: Deno.AtomicOperation,
  section: Section,
  byId: Map<string, Section>,
  window: RegistrationWindow | null,
): Promise<Registration | null> {
  const waiting: Deno.KvEntry<number>[] = [];
  for await (const e of db().list<number>({ prefix: keys.waitlist(section.id) }, { limit: CANDIDATES })) {
    waiting.push(e);
  }
  const courses = await readCourseFacts([section.bookId]);
  const course = courses.get(section.bookId)!;
  const names = await namesFor([course]);
  for (const place of waiting) {
    const studentId = place.value;
    const facts = await readStudentFacts(studentId, section.groupId);
    const key = keys.registration(studentId, section.groupId, section.id);
    const stored = await db().get<Registration>(key);
    const registration = stored.value;
    if (!registration || registration.status !== "waitlisted" || facts.student.value === null) continue;
    const failed = failedChecks({
      window,
      today: today(),
      student: facts.student.value as Student,
      holds: facts.holds,
      section,
      settings: null,
      eligibility: eligibilityOf(course, facts, names),
      held: heldOf(facts, byId).filter((h) => h.registration.sectionId !== section.id),
    }).filter((f) => f.check !== "window");
    if (failed.length) continue;
    const enrolled: Registration = { ...registration, status: "enrolled", position: null };
    atomic
      .check(
        place,
        stored,
        facts.student,
        facts.holdsVersion,
        facts.totals,
        course.conditions,
        course.ruleStudents,
      )
      .delete(place.key)
      .set(keys.rosterEntry(section.id, studentId), enrolled.id)
      .set(key, enrolled);
    moveCounter(atomic, facts.version, 1);
    addAudit(atomic, {
      entity: AUDIT.registration,
      entityId: enrolled.id,
      actor: null,
      action: "update",
      before: registration,
      after: enrolled,
      extra: { promoted: true },
    });
    const account = (facts.student.value as Student).userId;
    // Keyed by the waitlist place: positions only grow, so each promotion is told once.
    if (account !== null) {
      notifyInAtomic(
        atomic,
        `promoted:${section.id}:${String(place.key.at(-1))}`,
        account,
        promotedNotice(section),
      );
    }
    return enrolled;
  }
  return null;
}
