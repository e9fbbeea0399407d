/**
 * SMS notifications (issue 26): a message with placeholders sent to an audience, one job per recipient.
 *
 * | key                                   | value                                                          |
 * |---------------------------------------|----------------------------------------------------------------|
 * | ["sms_sendings", id]                  | SmsSending (audited; ids from ["counters", "sms_sendings"]): written with its fan-out job |
 * | ["sms_deliveries", sendingId, n]      | SmsDelivery: one recipient, its rendered text, status and the provider's answer |
 * | ["sms_counts", sendingId, status]     | KvU64: deliveries per status, moved in each status change's atomic |
 *
 * A delivery's status only moves forward — queued → sending → sent | failed — and "sending" is claimed in an
 * atomic before the provider is called, so a job run again after a crash finds the claim and does not send a
 * second time (the delivery is marked failed as interrupted, for a person to resend deliberately).
 */
import type { PollAudience } from "../polls/model.ts";
import type { SmsEncoding } from "./segments.ts";

export const DELIVERY_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type DeliveryStatus = typeof DELIVERY_STATUSES[number];

/** A message may cost at most this many segments per recipient. */
export const MAX_SEGMENTS = 10;
export const TEXT_MAX = 1600;
/** Deliveries started per second (the gateway's and the operator's limit). */
export const SENDS_PER_SECOND = 20;

export interface SmsSending {
  id: number;
  /** The template as written, with placeholders. */
  text: string;
  audience: PollAudience;
  createdBy: number | null;
  createdAt: string;
  total: number;
  /** Segments of all rendered messages together (the cost). */
  segments: number;
  encoding: SmsEncoding;
  /** Resend rounds so far (each enqueues the failed deliveries again under new job keys). */
  resends: number;
}

export interface SmsDelivery {
  n: number;
  userId: number | null;
  studentId: number | null;
  name: string;
  phone: string;
  text: string;
  segments: number;
  status: DeliveryStatus;
  /** "accepted", "interrupted" (sent or not, unknown: see deliverOne) or the provider's error text. */
  answer: string;
  attempts: number;
  updatedAt: string;
}

export const smsKeys = {
  sending: (id: number): Deno.KvKey => ["sms_sendings", id],
  delivery: (id: number, n: number): Deno.KvKey => ["sms_deliveries", id, n],
  deliveries: (id: number): Deno.KvKey => ["sms_deliveries", id],
  count: (id: number, status: DeliveryStatus): Deno.KvKey => ["sms_counts", id, status],
};

export const SENDINGS = "sms_sendings";
