/**
 * The checks of a registration, without the database: is the window open and meant for the student, is the
 * student active and free of holds, is the section open, does the student meet the course's conditions, do its
 * lessons clash with what the student holds, and does it fit under the credit limit. Every failed check is
 * reported (not only the first), each with its reason in both languages, so the page can say plainly why.
 */
import type { Student } from "../academic/model.ts";
import type { Bilingual, EligibilityResult } from "../books/eligibility.ts";
import type { Hold, Registration, RegistrationWindow, SectionSettings } from "./model.ts";
import { clashingLessons, type Section } from "./sections.ts";
import type { FieldError } from "../../utils/errors.ts";

export type CheckName =
  | "window"
  | "audience"
  | "student"
  | "hold"
  | "closed"
  | "eligibility"
  | "clash"
  | "credits";

export interface FailedCheck {
  check: CheckName;
  /** i18n key under registration.checks and its values; `ka`/`en` carry texts already in each language. */
  error: FieldError;
}

export interface CheckInput {
  window: RegistrationWindow | null;
  today: string;
  student: Student;
  holds: readonly Hold[];
  section: Section;
  settings: SectionSettings | null;
  eligibility: EligibilityResult;
  /** The student's registrations in the semester, with their sections (unknown sections are left out). */
  held: readonly { registration: Registration; section: Section | undefined }[];
}

const K = "registration.checks";
const bilingual = (
  key: string,
  text: Bilingual,
  params: Record<string, string | number> = {},
): FieldError => ({
  key,
  params: { ...params, ka: text.ka, en: text.en },
});

const courseName = (s: Section): Bilingual => ({ ka: s.book.name, en: s.book.nameEng || s.book.name });

/** Credits the student is enrolled in (waitlist places hold no credits until promoted). */
export const enrolledCredits = (held: CheckInput["held"]) =>
  held.filter((h) => h.registration.status === "enrolled").reduce(
    (sum, h) => sum + h.registration.credits,
    0,
  );

/** The enrolled sections whose lessons overlap the section's. */
export function clashesWith(section: Section, held: CheckInput["held"]): Section[] {
  return held.flatMap((h) =>
    h.registration.status === "enrolled" && h.section && h.section.id !== section.id &&
      clashingLessons(section, h.section)
      ? [h.section]
      : []
  );
}

export function failedChecks(input: CheckInput): FailedCheck[] {
  const failed: FailedCheck[] = [];
  const { window, today, student, section } = input;
  if (!window) failed.push({ check: "window", error: { key: `${K}.noWindow` } });
  else if (today < window.opens) {
    failed.push({ check: "window", error: { key: `${K}.notYetOpen`, params: { date: window.opens } } });
  } else if (today > window.closes) {
    failed.push({ check: "window", error: { key: `${K}.closed`, params: { date: window.closes } } });
  }
  if (
    window &&
    ((window.programIds.length > 0 && !window.programIds.includes(student.programId)) ||
      (window.admissionYears.length > 0 && !window.admissionYears.includes(student.admissionYear)))
  ) {
    failed.push({ check: "audience", error: { key: `${K}.audience` } });
  }
  if (student.status !== "active") {
    failed.push({ check: "student", error: { key: `${K}.notActive`, params: { status: student.status } } });
  }
  if (input.holds.length) {
    const reasons = input.holds.map((h) => h.reason).join("; ");
    const reasonsEn = input.holds.map((h) => h.reasonEn ?? h.reason).join("; ");
    failed.push({ check: "hold", error: bilingual(`${K}.hold`, { ka: reasons, en: reasonsEn }) });
  }
  if (input.settings?.closed) failed.push({ check: "closed", error: { key: `${K}.sectionClosed` } });
  const failing = input.eligibility.rules.filter((r) => r.status === "fail");
  if (failing.length) {
    const text = (lang: "ka" | "en") => failing.map((r) => `${r.title[lang]}: ${r.reason[lang]}`).join("; ");
    failed.push({
      check: "eligibility",
      error: bilingual(`${K}.eligibility`, { ka: text("ka"), en: text("en") }),
    });
  }
  const clashes = clashesWith(section, input.held);
  if (clashes.length) {
    const names = (lang: "ka" | "en") => clashes.map((s) => courseName(s)[lang]).join(", ");
    failed.push({ check: "clash", error: bilingual(`${K}.clash`, { ka: names("ka"), en: names("en") }) });
  }
  const limit = window?.creditLimit;
  const total = enrolledCredits(input.held);
  if (limit !== undefined && total + section.credits > limit) {
    failed.push({
      check: "credits",
      error: { key: `${K}.credits`, params: { total, credits: section.credits, limit } },
    });
  }
  return failed;
}
