/**
 * The admissions domain (services/admissions/): applications made on the public /online-register form and
 * the staff's pipeline that ends in the students registry. An application moves
 * submitted → checked (documents checked) → accepted | rejected, and accepted → enrolled; nothing else.
 *
 * Keys (the table in services/db/kv.ts):
 * | ["applications", id]                          | Application (numeric id from ["counters", "applications"]) |
 * | ["applications_by_reference", reference]      | id (unique)                                  |
 * | ["applications_open", personalNumber, programId] | id while the application is open (unique): a resubmission updates it |
 * | ["applications_by_state", state, id]          | id                                           |
 * | ["admission_submits", address, window]        | number of submissions from an address (expireIn) |
 * | ["audit", "applications", id, ulid]           | every change, with the actor (null: the applicant) |
 */
import type { IndexSpec } from "../db/records.ts";

export const APPLICATIONS = "applications";

export type ApplicationState = "submitted" | "checked" | "accepted" | "rejected" | "enrolled";
export const APPLICATION_STATES: readonly ApplicationState[] = [
  "submitted",
  "checked",
  "accepted",
  "rejected",
  "enrolled",
];

/** The decisions staff take, and the states each may be taken from. Enrolment is its own operation. */
export type Decision = "checked" | "accepted" | "rejected";
export const DECISIONS: readonly Decision[] = ["checked", "accepted", "rejected"];
export const DECIDABLE_FROM: Record<Decision, readonly ApplicationState[]> = {
  checked: ["submitted"],
  accepted: ["checked"],
  rejected: ["submitted", "checked"],
};

/** The applicant may still change these by submitting again. */
export const OPEN_STATES: readonly ApplicationState[] = ["submitted", "checked"];

export type DocumentKind = "identity" | "certificate";
export const DOCUMENT_KINDS: readonly DocumentKind[] = ["identity", "certificate"];
export type DocumentFormat = "pdf" | "jpeg" | "png";

export interface ApplicationDocument {
  kind: DocumentKind;
  /** Bytes in ["files", fileId] (db/files.ts). */
  fileId: string;
  name: string;
  format: DocumentFormat;
  size: number;
}

export interface ApplicationStep {
  state: ApplicationState;
  at: string;
  /** Staff member's user id; null for the applicant. */
  by: number | null;
  reason: string | null;
}

export interface ApplicantFields {
  personalNumber: string;
  firstNameKa: string;
  lastNameKa: string;
  firstNameEn: string;
  lastNameEn: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** ISO 3166-1 alpha-2, e.g. GE. */
  citizenship: string;
  email: string;
  /** +995 and nine digits. */
  phone: string;
  programId: number;
}

export interface Application extends ApplicantFields {
  id: number;
  /** What the applicant is told, e.g. AD-2026-000042. */
  reference: string;
  state: ApplicationState;
  documents: ApplicationDocument[];
  /** When the applicant agreed to the processing of their personal data. */
  consentAt: string;
  /** The language the applicant used. */
  lang: "ka" | "en";
  submittedAt: string;
  updatedAt: string;
  history: ApplicationStep[];
  /** The registry's student, once enrolled. */
  studentId: number | null;
}

export const referenceOf = (id: number, year: number) => `AD-${year}-${String(id).padStart(6, "0")}`;

export const applicationIndexes = (a: Application): IndexSpec[] => [
  { name: "applications_by_reference", value: a.reference, unique: true, field: "reference" },
  { name: "applications_by_state", value: a.state },
];

/** While an application is open, the one for a person and program; a resubmission finds it here. */
export const openKey = (personalNumber: string, programId: number): Deno.KvKey => [
  "applications_open",
  personalNumber,
  programId,
];

export const holdsOpenKey = (state: ApplicationState) => state !== "rejected" && state !== "enrolled";
