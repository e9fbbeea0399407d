/**
 * What the /registration page and offeringList show: a semester's sections with their seats and, for a student,
 * each section's eligibility (pass/fail per rule with the reason in the student's language), the clash with
 * what they hold and their own registration; registrationMine: the student's registrations, credits and holds.
 * Also the registrar's offeringEdit (capacity, open/closed).
 */
import type { Student } from "../academic/model.ts";
import { bookName } from "../books/mod.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { hrName } from "../hr/mod.ts";
import { clock, endOf, startOf } from "../timetable/rules.ts";
import { clashesWith, enrolledCredits, failedChecks } from "./checks.ts";
import { heldOf } from "./decide.ts";
import {
  type DisplayVersions,
  eligibilityOf,
  namesFor,
  readCourseFactsForDisplay,
  readDisplayVersions,
  readStudentFacts,
  type StudentFacts,
} from "./facts.ts";
import {
  AUDIT,
  type Hold,
  keys,
  type Registration,
  type RegistrationWindow,
  type SectionSettings,
} from "./model.ts";
import {
  capacityOf,
  getSection,
  groupSections,
  readSeatsAndSettings,
  readSectionSettings,
  type Section,
  SETTINGS_VERSION_KEY,
} from "./sections.ts";
import { getWindow, today } from "./windows.ts";
import { builtFrom, builtPage, keepBuilt } from "./built_pages.ts";
import { invalid } from "../../utils/errors.ts";
import type { Lang } from "../../utils/i18n.ts";

export const CAPACITY_MAX = 2000;

export interface OfferingFilter {
  text?: string;
  page?: number;
  limit?: number;
}

export interface OfferingRow {
  id: string;
  groupId: number;
  course: { id: number; name: string; code: string; credits: number };
  professor: string;
  lessons: { weekday: number; time: string; room: string; type: string }[];
  capacity: number;
  enrolled: number;
  waitlisted: number;
  seatsLeft: number;
  /** Integer tetri, or null when the course professor has no price. */
  price: number | null;
  closed: boolean;
  /** For a student: eligibility per rule, in their language. */
  eligibility?: {
    eligible: boolean;
    rules: { kind: string; status: string; title: string; reason: string }[];
  };
  /** For a student: the courses of the enrolled sections whose lessons overlap this one's. */
  clash?: string[];
  /** For a student: every check that would refuse the registration now, with its reason. */
  refusals?: { check: string; key: string; params: Record<string, string | number> }[];
  /** For a student: their registration in this section. */
  mine?: { id: string; status: string; position: number | null } | null;
}

const sectionText = (s: Section) =>
  [
    s.book.name,
    s.book.nameEng,
    s.book.code,
    s.professor && hrName(s.professor, "ka"),
    s.professor && hrName(s.professor, "en"),
  ]
    .join(" ").toLowerCase();

/** The version reads a page of offerings makes once it knows its sections, started before (see `listOfferings`). */
export interface OfferingVersions {
  settings: Promise<Map<string, SectionSettings>>;
  /** Only for a student's page, which shows eligibility. */
  display: DisplayVersions | null;
}

/**
 * Starts the version reads of `listOfferings` now: a page that calls this with its first reads (in the same turn)
 * shares their KV round trip, where `listOfferings` alone would need two more once it knows its sections.
 */
export function readOfferingVersions(forStudent: boolean): OfferingVersions {
  const versions = { settings: readSectionSettings(), display: forStudent ? readDisplayVersions() : null };
  // Awaited later, or never when the page fails first: a failed read must not end the process unhandled.
  for (const read of [versions.settings, versions.display?.facts, versions.display?.names]) {
    read?.catch(() => {});
  }
  return versions;
}

export async function listOfferings(
  groupId: number,
  filter: OfferingFilter,
  viewer: { studentId: number | null },
  lang: Lang,
  versions: OfferingVersions = readOfferingVersions(viewer.studentId !== null),
): Promise<{ data: OfferingRow[]; total: number; window: RegistrationWindow | null; mine: Mine | null }> {
  // What does not depend on the page's sections is read with them, in the same KV round trip.
  const [{ list, byId }, window, student] = await Promise.all([
    groupSections(groupId),
    getWindow(groupId),
    viewer.studentId === null ? null : readStudentFacts(viewer.studentId, groupId),
  ]);
  const text = (filter.text ?? "").trim().toLowerCase();
  const matching = text ? list.filter((s) => sectionText(s).includes(text)) : list;
  const limit = filter.limit ?? 20;
  const page = matching.slice(((filter.page ?? 1) - 1) * limit, (filter.page ?? 1) * limit);
  const [seats, courses] = await Promise.all([
    // Read for every page (a few getMany): the counters move with every registration, in whichever instance.
    readSeatsAndSettings(page.map((s) => s.id), versions.settings),
    viewer.studentId === null
      ? null
      : readCourseFactsForDisplay(page.map((s) => s.bookId), versions.display ?? undefined),
  ]);
  const names = courses ? await namesFor(courses.values(), versions.display ?? undefined) : null;
  const day = today();
  const built = student && courses && names
    ? builtFrom({
      list,
      filter: [groupId, text, filter.page, limit],
      window,
      student,
      seats,
      courses,
      names,
      day,
      lang,
    })
    : null;
  const again = built && builtPage<OfferingRow, Mine | null>(built);
  if (again) return { data: again.rows, total: matching.length, window, mine: again.mine };
  const held = student ? heldOf(student, byId) : [];
  const data = page.map((section, i): OfferingRow => {
    const { seats: counter, settings } = seats[i];
    const capacity = capacityOf(section, settings);
    const row: OfferingRow = {
      ...baseRow(section, lang),
      capacity,
      enrolled: counter.enrolled,
      waitlisted: counter.waitlisted,
      seatsLeft: Math.max(0, capacity - counter.enrolled),
      closed: settings?.closed ?? false,
    };
    if (student && courses && names && student.student.value) {
      const eligibility = eligibilityOf(courses.get(section.bookId)!, student, names);
      const mine = student.registrations.find((r) => r.sectionId === section.id) ?? null;
      row.eligibility = {
        eligible: eligibility.eligible,
        rules: eligibility.rules.map((r) => ({
          kind: r.kind,
          status: r.status,
          title: r.title[lang],
          reason: r.reason[lang],
        })),
      };
      row.clash = clashesWith(section, held).map((s) => bookName(s.book, lang));
      row.mine = mine && { id: mine.id, status: mine.status, position: mine.position };
      row.refusals = mine ? [] : failedChecks({
        window,
        today: day,
        student: student.student.value as Student,
        holds: student.holds,
        section,
        settings,
        eligibility,
        held,
      }).map((f) => ({ check: f.check, key: f.error.key, params: f.error.params ?? {} }));
    }
    return row;
  });
  const mine = student ? mineOf(student, window, byId, groupId, lang, held) : null;
  if (built) keepBuilt(built, data, mine);
  return { data, total: matching.length, window, mine };
}

function baseRow(section: Section, lang: Lang) {
  return {
    id: section.id,
    groupId: section.groupId,
    course: {
      id: section.book.id,
      name: bookName(section.book, lang),
      code: section.book.code,
      credits: section.credits,
    },
    professor: section.professor ? hrName(section.professor, lang) : `#${section.professorHrId}`,
    lessons: section.lessons.map((l) => ({
      weekday: l.weekday,
      time: `${clock(startOf(l))}–${clock(endOf(l))}`,
      room: l.room,
      type: l.type,
    })),
    price: section.price,
  };
}

export interface Mine {
  groupId: number;
  window: RegistrationWindow | null;
  open: boolean;
  registrations: (Registration & { course: string; professor: string; lessons: OfferingRow["lessons"] })[];
  credits: number;
  creditLimit: number | null;
  holds: Hold[];
}

export async function registrationMine(studentId: number, groupId: number, lang: Lang): Promise<Mine> {
  const [facts, window, { byId }] = await Promise.all([
    readStudentFacts(studentId, groupId),
    getWindow(groupId),
    groupSections(groupId),
  ]);
  return mineOf(facts, window, byId, groupId, lang);
}

function mineOf(
  facts: StudentFacts,
  window: RegistrationWindow | null,
  byId: Map<string, Section>,
  groupId: number,
  lang: Lang,
  held = heldOf(facts, byId),
): Mine {
  const day = today();
  return {
    groupId,
    window,
    open: window !== null && window.opens <= day && day <= window.closes,
    registrations: held.map(({ registration, section }) => ({
      ...registration,
      course: section ? bookName(section.book, lang) : `#${registration.bookId}`,
      professor: section?.professor ? hrName(section.professor, lang) : "",
      lessons: section ? baseRow(section, lang).lessons : [],
    })),
    credits: enrolledCredits(held),
    creditLimit: window?.creditLimit ?? null,
    // Copies: a page built from them is kept frozen (built_pages.ts), and these are the facts' own.
    holds: facts.holds.map((h) => ({ ...h, reason: lang === "en" && h.reasonEn ? h.reasonEn : h.reason })),
  };
}

/** offeringEdit: the registrar sets a section's capacity (null: the rooms' default) and whether it is closed. */
export async function editOffering(
  sectionId: string,
  input: { capacity: number | null; closed: boolean },
  actor: number | null,
): Promise<SectionSettings> {
  const section = await getSection(sectionId);
  if (
    input.capacity !== null &&
    (!Number.isInteger(input.capacity) || input.capacity < 0 || input.capacity > CAPACITY_MAX)
  ) {
    throw invalid({ capacity: { key: "errors.tooBig", params: { max: CAPACITY_MAX } } });
  }
  const next: SectionSettings = { capacity: input.capacity, closed: input.closed };
  return await untilCommitted(async () => {
    const current = await db().get<SectionSettings>(keys.settings(section.id));
    const atomic = db().atomic().check(current).set(current.key, next).set(SETTINGS_VERSION_KEY, Date.now());
    addAudit(atomic, {
      entity: AUDIT.section,
      entityId: section.id,
      actor,
      action: current.value ? "update" : "create",
      before: current.value,
      after: next,
    });
    return (await atomic.commit()).ok ? next : RETRY;
  });
}
