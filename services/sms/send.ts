/**
 * Sending an SMS to an audience: the preview (count and cost), the sending (deliveries written, then the
 * sending record and its fan-out job in one atomic), one job per recipient through the SMS provider, throttled
 * by spacing the jobs, and resending only the failed ones.
 */
import { AppError, type FieldError, invalid, notFound } from "../../utils/errors.ts";
import { addAudit } from "../db/audit_log.ts";
import { reserveIds } from "../db/records.ts";
import { commitInBatches, db, type KvOp } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { smsProvider } from "../identity/sms_provider.ts";
import { defineJob } from "../operations/jobs.ts";
import type { PollAudience } from "../polls/model.ts";
import { audienceIsEmpty } from "../polls/rules.ts";
import {
  type DeliveryStatus,
  MAX_SEGMENTS,
  SENDINGS,
  SENDS_PER_SECOND,
  type SmsDelivery,
  smsKeys,
  type SmsSending,
  TEXT_MAX,
} from "./model.ts";
import { type Recipient, recipientsOf, render } from "./recipients.ts";
import { countSegments, type SmsEncoding } from "./segments.ts";

const ONE = 1n;
/** Answers of ours (the page names them in the reader's language); any other answer is the provider's text. */
export const ACCEPTED = "accepted";
export const INTERRUPTED = "interrupted";
const MINUS_ONE = 0xffff_ffff_ffff_ffffn; // KV's sum wraps modulo 2^64

export interface SmsPreview {
  recipients: number;
  withoutPhone: number;
  encoding: SmsEncoding;
  /** Segments of the longest rendered message, and of all of them together (the cost). */
  segmentsEach: number;
  segments: number;
  /** The first recipient's message as they will read it. */
  sample: string;
}

interface Rendered {
  recipient: Recipient;
  text: string;
  segments: number;
}

function check(text: string, audience: PollAudience): void {
  const fields: Record<string, FieldError> = {};
  if (!text.trim()) fields.text = { key: "errors.required" };
  else if (text.length > TEXT_MAX) fields.text = { key: "errors.tooLong", params: { max: TEXT_MAX } };
  if (audienceIsEmpty(audience)) fields.audience = { key: "sms.errors.noAudience" };
  if (Object.keys(fields).length) throw invalid(fields);
}

async function prepare(text: string, audience: PollAudience) {
  check(text, audience);
  const { recipients, withoutPhone } = await recipientsOf(audience);
  const rendered: Rendered[] = recipients.map((recipient) => {
    const message = render(text, recipient);
    return { recipient, text: message, segments: countSegments(message).segments };
  });
  const longest = rendered.reduce((max, r) => Math.max(max, r.segments), countSegments(text).segments);
  if (longest > MAX_SEGMENTS) {
    throw invalid({ text: { key: "sms.errors.tooLong", params: { max: MAX_SEGMENTS } } });
  }
  const ucs2 = countSegments(text).encoding === "ucs2" ||
    rendered.some((r) => countSegments(r.text).encoding === "ucs2");
  return { rendered, withoutPhone, longest, encoding: (ucs2 ? "ucs2" : "gsm7") as SmsEncoding };
}

export async function previewSms(text: string, audience: PollAudience): Promise<SmsPreview> {
  const { rendered, withoutPhone, longest, encoding } = await prepare(text, audience);
  return {
    recipients: rendered.length,
    withoutPhone,
    encoding,
    segmentsEach: longest,
    segments: rendered.reduce((sum, r) => sum + r.segments, 0),
    sample: rendered[0]?.text ?? text,
  };
}

// ---- jobs ----

interface DeliverPayload {
  sendingId: number;
  n: number;
}

function moveStatus(atomic: Deno.AtomicOperation, id: number, from: DeliveryStatus, to: DeliveryStatus) {
  atomic.sum(smsKeys.count(id, from), MINUS_ONE).sum(smsKeys.count(id, to), ONE);
}

/** One recipient: claim (queued → sending) in an atomic, call the provider, record its answer. */
export async function deliverOne({ sendingId, n }: DeliverPayload): Promise<void> {
  const key = smsKeys.delivery(sendingId, n);
  const claimed = await untilCommitted(async () => {
    const entry = await db().get<SmsDelivery>(key);
    const d = entry.value;
    if (!d || d.status === "sent" || d.status === "failed") return null; // done before: nothing to do
    const now = new Date().toISOString();
    if (d.status === "sending") {
      // Claimed by a run that did not record the provider's answer (the process stopped): it may have gone
      // out, so it is not sent again; a person can resend it deliberately.
      const atomic = db().atomic().check(entry).set(
        key,
        {
          ...d,
          status: "failed",
          answer: INTERRUPTED,
          updatedAt: now,
        } satisfies SmsDelivery,
      );
      moveStatus(atomic, sendingId, "sending", "failed");
      return (await atomic.commit()).ok ? null : RETRY;
    }
    const next: SmsDelivery = { ...d, status: "sending", attempts: d.attempts + 1, updatedAt: now };
    const atomic = db().atomic().check(entry).set(key, next);
    moveStatus(atomic, sendingId, "queued", "sending");
    return (await atomic.commit()).ok ? next : RETRY;
  });
  if (!claimed) return;
  let status: DeliveryStatus = "sent";
  let answer = ACCEPTED;
  try {
    await smsProvider().send(claimed.phone, claimed.text);
  } catch (error) {
    status = "failed";
    answer = error instanceof AppError ? error.code : (error as Error)?.message ?? String(error);
  }
  await untilCommitted(async () => {
    const entry = await db().get<SmsDelivery>(key);
    if (entry.value?.status !== "sending") return undefined;
    const atomic = db().atomic().check(entry).set(key, {
      ...entry.value,
      status,
      answer: answer.slice(0, 500),
      updatedAt: new Date().toISOString(),
    });
    moveStatus(atomic, sendingId, "sending", status);
    return (await atomic.commit()).ok ? undefined : RETRY;
  });
}

const deliverJob = defineJob<DeliverPayload>({ name: "sms_deliver", run: deliverOne, maxAttempts: 3 });

interface FanOutPayload {
  sendingId: number;
  /** The deliveries to enqueue; null: every one. */
  ns: number[] | null;
  total: number;
  round: number;
}

/** Enqueues one job per delivery, spaced to SENDS_PER_SECOND; a run again skips the keys already enqueued. */
export async function fanOut({ sendingId, ns, total, round }: FanOutPayload): Promise<void> {
  const list = ns ?? Array.from({ length: total }, (_, i) => i + 1);
  for (const [i, n] of list.entries()) {
    await deliverJob.enqueue(
      { sendingId, n },
      { key: `sms:${sendingId}:${n}:${round}`, delayMs: Math.floor((i * 1000) / SENDS_PER_SECOND) },
    );
  }
}

const fanOutJob = defineJob<FanOutPayload>({ name: "sms_fan_out", run: fanOut });

// ---- sending ----

/**
 * Sends `text` to the audience: 422 without recipients or over the length limit. The deliveries are written
 * first; the sending appears (with its fan-out job) only when all of them are, so a sending never shows half.
 */
export async function sendSms(
  text: string,
  audience: PollAudience,
  actor: number | null,
): Promise<SmsSending> {
  const { rendered, encoding } = await prepare(text, audience);
  if (rendered.length === 0) throw invalid({ audience: { key: "sms.errors.noRecipients" } });
  const id = await reserveIds(SENDINGS, 1);
  const now = new Date().toISOString();
  await commitInBatches(
    (function* (): Generator<KvOp> {
      for (const [i, r] of rendered.entries()) {
        const delivery: SmsDelivery = {
          n: i + 1,
          userId: r.recipient.userId,
          studentId: r.recipient.studentId,
          name: r.recipient.name,
          phone: r.recipient.phone,
          text: r.text,
          segments: r.segments,
          status: "queued",
          answer: "",
          attempts: 0,
          updatedAt: now,
        };
        yield { type: "set", key: smsKeys.delivery(id, i + 1), value: delivery };
      }
    })(),
  );
  const sending: SmsSending = {
    id,
    text,
    audience,
    createdBy: actor,
    createdAt: now,
    total: rendered.length,
    segments: rendered.reduce((sum, r) => sum + r.segments, 0),
    encoding,
    resends: 0,
  };
  const atomic = db().atomic()
    .check({ key: smsKeys.sending(id), versionstamp: null })
    .set(smsKeys.sending(id), sending)
    .set(smsKeys.count(id, "queued"), new Deno.KvU64(BigInt(rendered.length)));
  fanOutJob.addTo(atomic, { sendingId: id, ns: null, total: rendered.length, round: 0 }, {
    key: `sms_fan_out:${id}:0`,
  });
  addAudit(atomic, { entity: SENDINGS, entityId: id, actor, action: "create", before: null, after: sending });
  if (!(await atomic.commit()).ok) throw new Error("a new sending's id was taken");
  return sending;
}

/** Queues the failed deliveries again (and only them): a new round of job keys. Returns how many. */
export async function resendFailed(
  sendingId: number,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<number> {
  const shown = await db().get<SmsSending>(smsKeys.sending(sendingId));
  const sending = shown.value;
  if (!sending) throw notFound(SENDINGS);
  if (expectedVersionstamp !== undefined && shown.versionstamp !== expectedVersionstamp) {
    throw new AppError(409, "conflict", "errors.editConflict");
  }
  const failed: Deno.KvEntry<SmsDelivery>[] = [];
  for await (
    const e of db().list<SmsDelivery>({ prefix: smsKeys.deliveries(sendingId) }, { batchSize: 1000 })
  ) {
    if (e.value.status === "failed") failed.push(e);
  }
  if (failed.length === 0) return 0;
  const round = sending.resends + 1;
  // Back to queued in atomics of a few hundred, each checked, so a delivery that changed meanwhile is skipped.
  const requeued: number[] = [];
  for (let i = 0; i < failed.length; i += 200) {
    const batch = failed.slice(i, i + 200);
    const atomic = db().atomic();
    for (const e of batch) {
      atomic.check(e).set(e.key, {
        ...e.value,
        status: "queued",
        answer: "",
        updatedAt: new Date().toISOString(),
      });
      moveStatus(atomic, sendingId, "failed", "queued");
    }
    if ((await atomic.commit()).ok) requeued.push(...batch.map((e) => e.value.n));
  }
  const current = await db().get<SmsSending>(smsKeys.sending(sendingId));
  const atomic = db().atomic().check(current).set(current.key, { ...current.value!, resends: round });
  fanOutJob.addTo(atomic, { sendingId, ns: requeued, total: sending.total, round }, {
    key: `sms_fan_out:${sendingId}:${round}`,
  });
  addAudit(atomic, {
    entity: SENDINGS,
    entityId: sendingId,
    actor,
    action: "update",
    before: { resends: sending.resends },
    after: { resends: round, requeued: requeued.length },
  });
  if (!(await atomic.commit()).ok) throw new AppError(409, "conflict", "errors.editConflict");
  return requeued.length;
}

// ---- reading ----

export async function getSending(id: number): Promise<SmsSending | null> {
  return (await db().get<SmsSending>(smsKeys.sending(id))).value;
}

export type StatusCounts = Record<DeliveryStatus, number>;

export async function countsOf(id: number): Promise<StatusCounts> {
  const counts: StatusCounts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for await (const e of db().list<Deno.KvU64>({ prefix: ["sms_counts", id] })) {
    counts[e.key[2] as DeliveryStatus] = Number(e.value.value);
  }
  return counts;
}

export type ListedSending = SmsSending & { counts: StatusCounts; versionstamp: string };

/** Sendings, newest first, with their counts per status and the versionstamp a resend names. */
export async function listSendings(limit = 50): Promise<ListedSending[]> {
  const sendings: ListedSending[] = [];
  for await (const e of db().list<SmsSending>({ prefix: ["sms_sendings"] }, { limit, reverse: true })) {
    sendings.push({ ...e.value, versionstamp: e.versionstamp, counts: await countsOf(e.value.id) });
  }
  return sendings;
}

/** One page of a sending's delivery log, optionally only one status. */
export async function deliveryLog(
  id: number,
  opts: { status?: DeliveryStatus; page: number; limit: number },
): Promise<{ data: SmsDelivery[]; total: number }> {
  if (!await getSending(id)) throw notFound(SENDINGS);
  const all: SmsDelivery[] = [];
  for await (const e of db().list<SmsDelivery>({ prefix: smsKeys.deliveries(id) }, { batchSize: 1000 })) {
    if (!opts.status || e.value.status === opts.status) all.push(e.value);
  }
  const from = (opts.page - 1) * opts.limit;
  return { data: all.slice(from, from + opts.limit), total: all.length };
}
