/**
 * The ledger's one writer (financeEntryAdd, financeEntryReverse, and every charge, import row, discount and
 * late fee): an entry, its indexes, the student's balance projection, its source's idempotency key, the audit
 * entry and the finance hold's new state go in one atomic that checks the projection it extended — so the
 * projection always equals the fold of the log, and a retry of the same source (a registration charged twice,
 * an import re-run) finds the entry it wrote and writes nothing.
 */
import { addAudit } from "../db/audit_log.ts";
import { nextUlid } from "../db/ids.ts";
import { db } from "../db/kv.ts";
import { RETRY, serialized, untilCommitted } from "../db/retry.ts";
import { financeHoldIn } from "../registration/holds.ts";
import type { Hold } from "../registration/model.ts";
import { today } from "../registration/windows.ts";
import { financeHoldReason, holdKeys } from "./finance_hold.ts";
import {
  AMOUNT_MAX,
  AUDIT,
  type BalanceProjection,
  type Due,
  type EntryKind,
  type EntrySource,
  type FinanceParams,
  keys,
  type LedgerEntry,
  monthSumOf,
  TEXT_MAX,
} from "./model.ts";
import { splitAmount } from "./money.ts";
import { paramsOf } from "./params.ts";
import { addDays, emptyProjection, isIsoDay, withEntry } from "./projection.ts";
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";

export interface NewEntry {
  studentId: number;
  kind: Exclude<EntryKind, "reversal">;
  /** Tetri, a whole number above 0. */
  amount: number;
  date: string;
  reference?: string;
  note?: string;
  source: EntrySource;
}

export interface Written {
  entry: LedgerEntry;
  /** False when the source had its entry already (a retry): nothing was written. */
  created: boolean;
}

const DEBITS: readonly EntryKind[] = ["charge", "late_fee", "refund"];

/** The entry's effect on the balance: charges, late fees and refunds raise what the student owes. */
export const signedOf = (kind: Exclude<EntryKind, "reversal">, amount: number) =>
  DEBITS.includes(kind) ? amount : -amount;

/** Every field error of an entry at once (nothing is written when there is one). */
export function entryErrors(input: Partial<NewEntry>): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  const amount = input.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount)) fields.amount = { key: "errors.required" };
  else if (!Number.isInteger(amount)) fields.amount = { key: "finances.errors.wholeTetri" };
  else if (amount <= 0) fields.amount = { key: "finances.errors.positive" };
  else if (amount > AMOUNT_MAX) fields.amount = { key: "finances.errors.tooLarge" };
  if (!input.date || !isIsoDay(input.date)) fields.date = { key: "finances.errors.date" };
  if ((input.reference ?? "").length > TEXT_MAX) {
    fields.reference = { key: "errors.tooLong", params: { max: TEXT_MAX } };
  }
  if ((input.note ?? "").length > TEXT_MAX) {
    fields.note = { key: "errors.tooLong", params: { max: TEXT_MAX } };
  }
  return fields;
}

/** When a debit falls due: split into the installments, the first `dueDays` after its date. */
export function duesOf(kind: EntryKind, amount: number, date: string, params: FinanceParams): Due[] {
  if (kind !== "charge") return [{ date, amount }];
  return splitAmount(amount, params.installments).map((part, i) => ({
    date: addDays(date, params.dueDays + i * params.installmentDays),
    amount: part,
  }));
}

const readTail = (studentId: number) =>
  db().getMany<[BalanceProjection, FinanceParams, Hold, number, unknown]>([
    keys.balance(studentId),
    keys.params(),
    ...holdKeys(studentId),
    ["students", studentId],
  ]);

/** The atomic's common part: the entry, its indexes, the projection, the audit entry and the hold. */
function addEntry(
  atomic: Deno.AtomicOperation,
  entry: LedgerEntry,
  read: Awaited<ReturnType<typeof readTail>>,
): void {
  const [balance, params, hold, version] = read;
  const next = withEntry(balance.value ?? emptyProjection(entry.studentId), entry);
  atomic
    .check(balance)
    .set(keys.entry(entry.studentId, entry.date, entry.id), entry)
    .set(keys.entryId(entry.id), { studentId: entry.studentId, date: entry.date })
    .set(keys.event(entry.date, entry.id), entry.studentId)
    .set(keys.balance(entry.studentId), next)
    .sum(keys.version(), 1n);
  const month = monthSumOf(entry);
  atomic.sum(month.key, BigInt(month.tetri));
  addAudit(atomic, {
    entity: AUDIT.entry,
    entityId: entry.studentId,
    actor: entry.author,
    action: "create",
    before: null,
    after: entry,
  });
  financeHoldIn(atomic, hold, version, entry.studentId, financeHoldReason(next, paramsOf(params), today()));
}

function buildEntry(input: NewEntry, id: string, params: FinanceParams, author: number | null): LedgerEntry {
  const signed = signedOf(input.kind, input.amount);
  return {
    id,
    studentId: input.studentId,
    kind: input.kind,
    amount: input.amount,
    signed,
    date: input.date,
    dues: signed > 0 ? duesOf(input.kind, input.amount, input.date, params) : [],
    reference: (input.reference ?? "").trim(),
    note: (input.note ?? "").trim(),
    author,
    source: input.source,
    reverses: null,
    at: new Date().toISOString(),
  };
}

/** Entries of different students that share one atomic: well within KV's 100 checks (≤ 4 each) a commit. */
const BATCH = 20;
const LONG_HISTORY_DAYS = 300;
/** Batches of one wave in flight together: their reads overlap while another commits. */
const BATCHES_AT_ONCE = 4;

/**
 * Appends many entries (an imported statement) as appendEntry would, each with its source's key, projection
 * and hold, but up to BATCH students' entries in one atomic. A batch whose commit loses a race (a person wrote
 * to one of its students meanwhile) is written entry by entry instead. Returns how many were written.
 */
export async function appendMany(inputs: NewEntry[], author: number | null): Promise<number> {
  for (const input of inputs) {
    const fields = entryErrors(input);
    if (Object.keys(fields).length) throw invalid(fields);
  }
  // Waves: a student's n-th entry goes in wave n, so the batches of one wave name distinct students and may
  // commit side by side; a student's entries still commit in order.
  const waves: NewEntry[][] = [];
  const seen = new Map<number, number>();
  for (const input of inputs) {
    const n = seen.get(input.studentId) ?? 0;
    seen.set(input.studentId, n + 1);
    (waves[n] ??= []).push(input);
  }
  let written = 0;
  for (const wave of waves) {
    const batches: NewEntry[][] = [];
    for (let i = 0; i < wave.length; i += BATCH) batches.push(wave.slice(i, i + BATCH));
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const count = await appendBatch(batches[next++], author);
        written += count; // not `written += await …`, which adds to the value read before the wait
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, worker));
  }
  return written;
}

async function appendBatch(batch: NewEntry[], author: number | null): Promise<number> {
  const reads = await Promise.all(
    batch.map((input) =>
      Promise.all([readTail(input.studentId), db().get<string>(keys.source(input.source))])
    ),
  );
  const atomic = db().atomic();
  const alone: NewEntry[] = [];
  let count = 0;
  batch.forEach((input, i) => {
    const [read, source] = reads[i];
    if (source.value) return;
    // A long history's projection is tens of KiB: written alone, so a batch stays under KV's 800 KiB a commit.
    if ((read[0].value?.days.length ?? 0) > LONG_HISTORY_DAYS) return alone.push(input);
    if (read[4].versionstamp === null) {
      throw invalid({ studentId: { key: "finances.errors.unknownStudent" } });
    }
    const entry = buildEntry(input, nextUlid(), paramsOf(read[1]), author);
    atomic.check(source).set(keys.source(input.source), entry.id);
    addEntry(atomic, entry, read);
    count++;
  });
  let written = 0;
  for (const input of alone) if ((await appendEntry(input, author)).created) written++;
  if (count === 0 || (await atomic.commit()).ok) return written + count;
  for (const input of batch) if ((await appendEntry(input, author)).created) written++;
  return written;
}

/** Appends one entry (or, when its source has one already, returns that one and writes nothing). */
export async function appendEntry(input: NewEntry, author: number | null): Promise<Written> {
  const fields = entryErrors(input);
  if (Object.keys(fields).length) throw invalid(fields);
  const id = nextUlid();
  // One student's entries line up in this process instead of spending their retries on each other.
  return await serialized(keys.balance(input.studentId), () =>
    untilCommitted(async () => {
      const [read, source] = await Promise.all([
        readTail(input.studentId),
        db().get<string>(keys.source(input.source)),
      ]);
      if (source.value) return { entry: await getEntry(source.value), created: false };
      if (read[4].versionstamp === null) {
        throw invalid({ studentId: { key: "finances.errors.unknownStudent" } });
      }
      const entry = buildEntry(input, id, paramsOf(read[1]), author);
      const atomic = db().atomic().check(source).set(keys.source(input.source), id);
      addEntry(atomic, entry, read);
      return (await atomic.commit()).ok ? { entry, created: true } : RETRY;
    }));
}

/**
 * Undoes an entry with a reversal that names it, dated `date` (default today, never before the entry). An entry
 * is reversed once: a second reversal of it is a 409, so a reversal, too, can be reversed at most once.
 */
export async function reverseEntry(
  entryId: string,
  input: { reason: string; date?: string },
  author: number | null,
): Promise<LedgerEntry> {
  const reason = input.reason.trim();
  const fields: Record<string, FieldError> = {};
  if (!reason) fields.reason = { key: "errors.required" };
  else if (reason.length > TEXT_MAX) fields.reason = { key: "errors.tooLong", params: { max: TEXT_MAX } };
  if (input.date !== undefined && !isIsoDay(input.date)) fields.date = { key: "finances.errors.date" };
  if (Object.keys(fields).length) throw invalid(fields);
  const original = await getEntry(entryId);
  const date = input.date ?? today();
  if (date < original.date) throw invalid({ date: { key: "finances.errors.beforeEntry" } });
  const id = nextUlid();
  return await serialized(keys.balance(original.studentId), () =>
    untilCommitted(async () => {
      const [read, reversed] = await Promise.all([
        readTail(original.studentId),
        db().get<string>(keys.reversed(entryId)),
      ]);
      if (reversed.value) throw new AppError(409, "already_reversed", "finances.errors.alreadyReversed");
      const signed = -original.signed;
      const entry: LedgerEntry = {
        id,
        studentId: original.studentId,
        kind: "reversal",
        amount: original.amount,
        signed,
        date,
        dues: signed > 0 ? [{ date, amount: signed }] : [],
        reference: original.reference,
        note: reason,
        author,
        source: { type: "reversal", id: entryId },
        reverses: entryId,
        at: new Date().toISOString(),
      };
      const atomic = db().atomic().check(reversed).set(keys.reversed(entryId), id);
      addEntry(atomic, entry, read);
      return (await atomic.commit()).ok ? entry : RETRY;
    }));
}

export async function getEntry(entryId: string): Promise<LedgerEntry> {
  const at = await db().get<{ studentId: number; date: string }>(keys.entryId(entryId));
  if (!at.value) throw notFound("finance_entries");
  const entry = await db().get<LedgerEntry>(keys.entry(at.value.studentId, at.value.date, entryId));
  if (!entry.value) throw notFound("finance_entries");
  return entry.value;
}

/** The entry a source wrote, if any. */
export async function entryOfSource(source: EntrySource): Promise<string | null> {
  return (await db().get<string>(keys.source(source))).value;
}

export async function readProjection(studentId: number): Promise<BalanceProjection> {
  return (await db().get<BalanceProjection>(keys.balance(studentId))).value ?? emptyProjection(studentId);
}

/** A student's entries up to `until` (inclusive), in date order. */
export async function listEntries(studentId: number, until?: string): Promise<LedgerEntry[]> {
  const out: LedgerEntry[] = [];
  const selector = until
    ? { prefix: keys.entries(studentId), end: [...keys.entries(studentId), `${until}\uffff`] }
    : { prefix: keys.entries(studentId) };
  for await (const e of db().list<LedgerEntry>(selector, { batchSize: 1000 })) out.push(e.value);
  return out;
}

/** Which of these entries were reversed (entry id → reversal id). */
export async function reversalsOf(ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 10) {
    const got = await db().getMany<string[]>(ids.slice(i, i + 10).map((id) => keys.reversed(id)));
    got.forEach((g, j) => g.value && out.set(ids[i + j], g.value));
  }
  return out;
}
