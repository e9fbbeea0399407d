/**
 * Applications: the public submission (a new one, or the open one of the same person and program updated),
 * the staff's reading of them, and their decisions. Every write is one atomic with its indexes, the open
 * application's key and an audit entry; a decision taken in a state that does not allow it is 409 `wrong_state`.
 */
import type { Program } from "../academic/model.ts";
import { addAudit } from "../db/audit_log.ts";
import { counterValue, moveCounter } from "../db/counters.ts";
import { deleteFile, putFile, readFile } from "../db/files.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { getRecord } from "../db/reads.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";
import { checkDocuments, FORMAT_MIME, type UploadedDocument } from "./documents.ts";
import {
  type ApplicantFields,
  type Application,
  type ApplicationDocument,
  APPLICATIONS,
  type ApplicationState,
  DECIDABLE_FROM,
  type Decision,
  DOCUMENT_KINDS,
  type DocumentKind,
  holdsOpenKey,
  openKey,
  referenceOf,
} from "./model.ts";
import { type ApplicantForm, normalizeApplicant, normalizeReason } from "./rules.ts";

const COUNTER: Deno.KvKey = ["counters", APPLICATIONS];
const byReferenceKey = (reference: string): Deno.KvKey => ["applications_by_reference", reference];
const byStateKey = (state: ApplicationState, id: number): Deno.KvKey => ["applications_by_state", state, id];

export const wrongState = (state: ApplicationState) =>
  new AppError(409, "wrong_state", "admissions.errors.wrongState", { params: { state } });

export interface Submission {
  form: ApplicantForm;
  consent: boolean;
  files: { kind: DocumentKind; name: string; bytes: Uint8Array }[];
  lang: "ka" | "en";
}

export interface SubmitResult {
  reference: string;
  /** True when an open application of the same person and program was updated instead. */
  updated: boolean;
}

function fieldsOf(error: unknown): Record<string, FieldError> {
  if (error instanceof AppError && error.status === 422) return error.options.fields ?? {};
  throw error;
}

/**
 * The public form's submission. Every field and document is checked first and every failure reported
 * together (422); the documents are stored only then, and the application last, so a refusal stores nothing.
 */
export async function submitApplication(input: Submission, now = new Date()): Promise<SubmitResult> {
  const fields: Record<string, FieldError> = {};
  let applicant: ApplicantFields | null = null;
  try {
    applicant = normalizeApplicant(input.form, now);
  } catch (e) {
    Object.assign(fields, fieldsOf(e));
  }
  let documents: UploadedDocument[] = [];
  try {
    documents = checkDocuments(input.files);
  } catch (e) {
    Object.assign(fields, fieldsOf(e));
  }
  if (!input.consent) fields.consent = { key: "admissions.errors.consent" };
  if (applicant && !fields.programId) {
    const program = await getRecord<Program>("programs", applicant.programId);
    if (!program) fields.programId = { key: "errors.unknownProgram" };
    else if (program.value.status === "closed") fields.programId = { key: "errors.programClosed" };
  }
  let open: Application | null = null;
  if (applicant && !fields.personalNumber && !fields.programId) {
    open = await openApplication(applicant.personalNumber, applicant.programId);
    if (open?.state === "accepted") {
      throw new AppError(409, "already_accepted", "admissions.errors.alreadyAccepted");
    }
  }
  // A new application needs both documents; an open one keeps those not sent again.
  for (const kind of DOCUMENT_KINDS) {
    const sent = input.files.some((f) => f.kind === kind);
    if (!sent && !fields[kind] && !open?.documents.some((d) => d.kind === kind)) {
      fields[kind] = { key: "admissions.errors.documentRequired" };
    }
  }
  if (Object.keys(fields).length || !applicant) throw invalid(fields);

  const stored: ApplicationDocument[] = [];
  try {
    for (const doc of documents) {
      const fileId = nextUlid();
      await putFile(fileId, doc.bytes, { name: doc.name, type: FORMAT_MIME[doc.format] });
      stored.push({ kind: doc.kind, fileId, name: doc.name, format: doc.format, size: doc.bytes.byteLength });
    }
    const result = await writeSubmission(applicant, stored, input, now);
    for (const fileId of result.replaced) await deleteFile(fileId);
    return { reference: result.reference, updated: result.updated };
  } catch (e) {
    for (const doc of stored) await deleteFile(doc.fileId);
    throw e;
  }
}

async function openApplication(personalNumber: string, programId: number): Promise<Application | null> {
  const id = (await db().get<number>(openKey(personalNumber, programId))).value;
  return id === null ? null : (await db().get<Application>([APPLICATIONS, id])).value;
}

function writeSubmission(
  applicant: ApplicantFields,
  documents: ApplicationDocument[],
  input: Submission,
  now: Date,
): Promise<{ reference: string; updated: boolean; replaced: string[] }> {
  const at = now.toISOString();
  const open = openKey(applicant.personalNumber, applicant.programId);
  return untilCommitted(async () => {
    const openEntry = await db().get<number>(open);
    if (openEntry.value === null) {
      const counter = await db().get<number>(COUNTER);
      const id = counterValue(counter) + 1;
      const application: Application = {
        ...applicant,
        id,
        reference: referenceOf(id, now.getUTCFullYear()),
        state: "submitted",
        documents,
        consentAt: at,
        lang: input.lang,
        submittedAt: at,
        updatedAt: at,
        history: [{ state: "submitted", at, by: null, reason: null }],
        studentId: null,
      };
      const atomic = db().atomic()
        .check(openEntry)
        .check({ key: [APPLICATIONS, id], versionstamp: null })
        .check({ key: byReferenceKey(application.reference), versionstamp: null })
        .set([APPLICATIONS, id], application)
        .set(byReferenceKey(application.reference), id)
        .set(byStateKey("submitted", id), id)
        .set(open, id);
      moveCounter(atomic, counter, 1);
      addAudit(atomic, {
        entity: APPLICATIONS,
        entityId: id,
        actor: null,
        action: "create",
        before: null,
        after: application,
      });
      return (await atomic.commit()).ok
        ? { reference: application.reference, updated: false, replaced: [] }
        : RETRY;
    }
    const entry = await db().get<Application>([APPLICATIONS, openEntry.value]);
    const before = entry.value;
    if (!before) return RETRY;
    if (before.state === "accepted") {
      throw new AppError(409, "already_accepted", "admissions.errors.alreadyAccepted");
    }
    if (!holdsOpenKey(before.state)) return RETRY;
    const sentKinds = new Set(documents.map((d) => d.kind));
    const replaced = before.documents.filter((d) => sentKinds.has(d.kind)).map((d) => d.fileId);
    // New documents must be checked again.
    const state: ApplicationState = sentKinds.size ? "submitted" : before.state;
    const after: Application = {
      ...before,
      ...applicant,
      documents: [...before.documents.filter((d) => !sentKinds.has(d.kind)), ...documents],
      consentAt: at,
      lang: input.lang,
      updatedAt: at,
      state,
      history: state === before.state
        ? before.history
        : [...before.history, { state, at, by: null, reason: null }],
    };
    const atomic = db().atomic().check(openEntry, entry).set(entry.key, after);
    moveState(atomic, before, after);
    addAudit(atomic, {
      entity: APPLICATIONS,
      entityId: before.id,
      actor: null,
      action: "update",
      before,
      after,
    });
    return (await atomic.commit()).ok ? { reference: before.reference, updated: true, replaced } : RETRY;
  });
}

/** Adds the state index's move to `atomic` (nothing when the state stays). */
export function moveState(atomic: Deno.AtomicOperation, before: Application, after: Application): void {
  if (before.state === after.state) return;
  atomic.delete(byStateKey(before.state, before.id)).set(byStateKey(after.state, after.id), after.id);
  if (holdsOpenKey(before.state) && !holdsOpenKey(after.state)) {
    atomic.delete(openKey(before.personalNumber, before.programId));
  }
}

export async function getApplication(
  id: number,
): Promise<{ application: Application; versionstamp: string }> {
  const entry = await db().get<Application>([APPLICATIONS, id]);
  if (entry.versionstamp === null) throw notFound(APPLICATIONS);
  return { application: entry.value, versionstamp: entry.versionstamp };
}

export interface ApplicationQuery {
  /** Whether the text may match personal numbers (only for a viewer who may see them). */
  byPersonalNumber?: boolean;
  state?: ApplicationState;
  programId?: number;
  /** Part of a name, the personal number or the reference. */
  q?: string;
  page?: number;
  limit?: number;
}

/** Applications matching the filter, newest first, one page of them, and how many match. */
export async function listApplications(
  query: ApplicationQuery,
): Promise<{ data: Application[]; total: number; counts: Record<ApplicationState, number> }> {
  const all: Application[] = [];
  for await (
    const e of db().list<Application>({ prefix: [APPLICATIONS] }, { reverse: true, batchSize: 500 })
  ) {
    all.push(e.value);
  }
  const counts = { submitted: 0, checked: 0, accepted: 0, rejected: 0, enrolled: 0 };
  const needle = query.q?.trim().toLowerCase() ?? "";
  const matching = all.filter((a) => {
    if (query.programId !== undefined && a.programId !== query.programId) return false;
    const searched = [a.reference, a.firstNameKa, a.lastNameKa, a.firstNameEn, a.lastNameEn];
    if (query.byPersonalNumber) searched.push(a.personalNumber);
    if (needle && !searched.some((v) => v.toLowerCase().includes(needle))) return false;
    counts[a.state]++;
    return query.state === undefined || a.state === query.state;
  });
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  return { data: matching.slice((page - 1) * limit, page * limit), total: matching.length, counts };
}

/**
 * A staff decision: documents checked, accepted or rejected (a rejection needs its reason). `versionstamp`
 * is what the person saw; a newer application → 409 `conflict`.
 */
export async function decideApplication(
  id: number,
  input: { decision: Decision; reason?: string; versionstamp?: string },
  actor: number,
): Promise<{ application: Application; versionstamp: string }> {
  const reason = normalizeReason(input.reason, input.decision === "rejected");
  return await untilCommitted(async () => {
    const entry = await db().get<Application>([APPLICATIONS, id]);
    if (entry.versionstamp === null) throw notFound(APPLICATIONS);
    if (input.versionstamp && input.versionstamp !== entry.versionstamp) {
      throw new AppError(409, "conflict", "errors.editConflict");
    }
    const before = entry.value;
    if (!DECIDABLE_FROM[input.decision].includes(before.state)) throw wrongState(before.state);
    const at = new Date().toISOString();
    const after: Application = {
      ...before,
      state: input.decision,
      updatedAt: at,
      history: [...before.history, { state: input.decision, at, by: actor, reason }],
    };
    const atomic = db().atomic().check(entry).set(entry.key, after);
    moveState(atomic, before, after);
    addAudit(atomic, { entity: APPLICATIONS, entityId: id, actor, action: "update", before, after });
    const result = await atomic.commit();
    return result.ok ? { application: after, versionstamp: result.versionstamp } : RETRY;
  });
}

/** One of an application's documents, for staff. */
export async function applicationDocument(id: number, kind: DocumentKind) {
  const { application } = await getApplication(id);
  const doc = application.documents.find((d) => d.kind === kind);
  const file = doc ? await readFile(doc.fileId) : null;
  if (!doc || !file) throw notFound("documents");
  return { document: doc, bytes: file.bytes, mime: FORMAT_MIME[doc.format] };
}
