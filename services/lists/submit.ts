/**
 * Submitting a list and the registrar's unlock (listSubmit, listUnlock).
 *
 * Submit first locks the list (status submitted, round + 1) in one atomic; from then on no cell or attendance
 * write lands. It then publishes each student's grade in one atomic per student: the transcript entry of the
 * course and semester (written, or replaced when an earlier round published one), the student's totals (so the
 * GPA), the list's published grade and the audit entry, checked against the list's locked state — so an unlock
 * while publishing stops it. Students are published several at a time, and the students' version (which the
 * students list's snapshot follows) is advanced once for all of them at the end: every transcript write
 * advances that one key, so carrying it in each student's atomic would publish them strictly one by one.
 * A submit interrupted half-way (a crash) is finished by submitting again: the students whose grade is of an
 * older round are published then.
 *
 * Unlock reopens a submitted list with a required reason (audited). The published grades stay in the
 * transcripts until the next submit replaces them; each replacement is in the transcript's audit (history).
 */
import type { TranscriptEntry } from "../academic/model.ts";
import { type BookComponent, listComponents } from "../books/components.ts";
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { getSection, type Section } from "../registration/sections.ts";
import {
  addPublishedEntry,
  TRANSCRIPT_TOTALS,
  transcriptEntryOf,
  type TranscriptTotals,
} from "../students/transcripts.ts";
import { bumpStudentsVersion } from "../students/version.ts";
import { assertCanWrite, type ListActor } from "./access.ts";
import { resultOf } from "./grading.ts";
import { AUDIT, keys, type ListRecord, type PublishedGrade } from "./model.ts";
import { listOf, readCells, readList, readPublished, rosterIds } from "./sheet.ts";
import { listSubmitted } from "./status.ts";
import { AppError, conflict, invalid } from "../../utils/errors.ts";

export interface SubmitResult {
  status: "submitted";
  round: number;
  /** Students whose grade this call published. */
  published: number;
  students: number;
}

/** Students published at once. */
const CONCURRENCY = 16;

export async function submitList(sectionId: string, actor: ListActor): Promise<SubmitResult> {
  const section = await getSection(sectionId);
  assertCanWrite(actor, section);
  const components = await listComponents(section.bookId);
  if (components.length === 0) throw invalid({ components: { key: "lists.errors.noComponents" } });
  const locked = await untilCommitted(async () => {
    const entry = await readList(section.id);
    const record = listOf(entry, section.id);
    if (record.status === "submitted") return { record, versionstamp: entry.versionstamp!, resumed: true };
    const next: ListRecord = {
      ...record,
      status: "submitted",
      round: record.round + 1,
      submittedAt: new Date().toISOString(),
      submittedBy: actor.userId,
    };
    const atomic = db().atomic().check(entry).set(keys.list(section.id), next);
    addAudit(atomic, {
      entity: AUDIT.list,
      entityId: section.id,
      actor: actor.userId,
      action: "submit",
      before: { status: record.status, round: record.round },
      after: { status: next.status, round: next.round },
    });
    const result = await atomic.commit();
    return result.ok ? { record: next, versionstamp: result.versionstamp, resumed: false } : RETRY;
  });
  const [ids, cells, published] = await Promise.all([
    rosterIds(section.id),
    readCells(section.id),
    readPublished(section.id),
  ]);
  const pending = ids.filter((id) => published.get(id)?.round !== locked.record.round);
  if (locked.resumed && pending.length === 0) throw listSubmitted();
  const lock = { key: keys.list(section.id), versionstamp: locked.versionstamp };
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, async () => {
    while (next < pending.length) {
      const studentId = pending[next++];
      const points = new Map([...(cells.get(studentId) ?? [])].map(([id, c]) => [id, c.points]));
      await publishOne(section, components, studentId, points, lock, locked.record.round, actor);
    }
  }));
  if (pending.length) await bumpStudentsVersion(pending);
  return { status: "submitted", round: locked.record.round, published: pending.length, students: ids.length };
}

async function readStudent(section: Section, studentId: number) {
  const [totals, grade, existing] = await Promise.all([
    db().get<TranscriptTotals>([TRANSCRIPT_TOTALS, studentId]),
    db().get<PublishedGrade>(keys.grade(section.id, studentId)),
    transcriptEntryOf(studentId, section.bookId, section.groupId),
  ]);
  return { totals, grade, existing };
}

async function publishOne(
  section: Section,
  components: readonly BookComponent[],
  studentId: number,
  points: Map<number, number>,
  lock: { key: Deno.KvKey; versionstamp: string },
  round: number,
  actor: ListActor,
): Promise<void> {
  const result = resultOf(components, points);
  await untilCommitted(async (attempt) => {
    // A lost race reads again, and stops if the registrar unlocked the list meanwhile (its lock moved).
    if (attempt > 1 && (await db().get(lock.key)).versionstamp !== lock.versionstamp) {
      throw conflict("lists.errors.unlockedMeanwhile");
    }
    const { totals, grade, existing } = await readStudent(section, studentId);
    const entry: TranscriptEntry = {
      id: existing?.entry.value.id ?? nextUlid(),
      studentId,
      bookId: section.bookId,
      groupId: section.groupId,
      points: result.points,
      grade: result.grade,
      credits: section.credits,
    };
    const atomic = db().atomic().check(lock).check(grade);
    if (existing) atomic.check(existing.entry).check(existing.index);
    await addPublishedEntry(atomic, entry, existing?.entry.value ?? null, totals, actor.userId);
    const publishedGrade: PublishedGrade = {
      sectionId: section.id,
      studentId,
      groupId: section.groupId,
      bookId: section.bookId,
      entryId: entry.id,
      total: result.total,
      points: result.points,
      grade: result.grade,
      round,
      at: new Date().toISOString(),
    };
    atomic.set(keys.grade(section.id, studentId), publishedGrade)
      .set(keys.gradeOfStudent(studentId, section.groupId, section.id), publishedGrade);
    return (await atomic.commit()).ok ? undefined : RETRY;
  }, { attempts: 20 });
}

export async function unlockList(sectionId: string, reason: string, actor: number): Promise<ListRecord> {
  const section = await getSection(sectionId);
  const why = reason.trim();
  if (!why) throw invalid({ reason: { key: "errors.required" } });
  return await untilCommitted(async () => {
    const entry = await readList(section.id);
    const record = listOf(entry, section.id);
    if (record.status !== "submitted") throw new AppError(409, "list_open", "lists.errors.notSubmitted");
    const next: ListRecord = {
      ...record,
      status: "open",
      unlockedAt: new Date().toISOString(),
      unlockReason: why,
    };
    const atomic = db().atomic().check(entry).set(keys.list(section.id), next);
    addAudit(atomic, {
      entity: AUDIT.list,
      entityId: section.id,
      actor,
      action: "unlock",
      before: { status: record.status, round: record.round },
      after: { status: next.status, round: next.round },
      extra: { reason: why },
    });
    return (await atomic.commit()).ok ? next : RETRY;
  });
}
